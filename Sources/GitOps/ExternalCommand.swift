import Foundation
import Synchronization

/// Runs a helper program (gpg, ssh-keygen, ssh-keyscan, git credential) with input, collecting
/// its output and errors.
enum ExternalCommand {
    struct Result {
        var status: Int32
        var output: Data
        var errorOutput: Data
    }

    static func run(_ arguments: [String], input: Data, environment: [String: String]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.environment = environment
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let errorData = LockedData()
        let errorReader = Thread { errorData.set(stderr.fileHandleForReading.readDataToEndOfFile()) }
        errorReader.start()
        let writer = stdin.fileHandleForWriting
        try? writer.write(contentsOf: input)
        try? writer.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorData.isSet { usleep(1000) }
        return Result(status: process.terminationStatus, output: output, errorOutput: errorData.value)
    }

    /// stderr, read on a thread of its own while stdout is read here.
    private final class LockedData: Sendable {
        private let data = Mutex<Data?>(nil)
        func set(_ value: Data) { data.withLock { $0 = value } }
        var isSet: Bool { data.withLock { $0 != nil } }
        var value: Data { data.withLock { $0 ?? Data() } }
    }
}
