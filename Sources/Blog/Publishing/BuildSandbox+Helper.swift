import Foundation

extension BuildSandbox {
    /// `program arguments` — a helper of the app's own that reads untrusted files (a picture) —
    /// with a memory ceiling (`memoryMiB` of address space) and, where bubblewrap can make a
    /// sandbox, inside one that shows only the system's folders and `folder` (its input and
    /// output): no network, no home, no repository. Without bubblewrap, the ceiling alone.
    public static func confined(
        program: String, arguments: [String], folder: String, memoryMiB: Int, environment: [String: String]
    ) -> GeneratorInvocation {
        let shell =
            [
                "-c", "ulimit -v \(memoryMiB * 1024) && exec \"$@\"", URL(fileURLWithPath: program).lastPathComponent,
                program,
            ]
            + arguments
        guard (try? check(environment: environment)) != nil else {
            return GeneratorInvocation(program: "/bin/sh", arguments: shell, environment: environment)
        }
        return wrap(
            program: "/bin/sh", arguments: shell, source: folder, scratch: folder, environment: environment,
            generator: program, passing: environment.keys.filter { $0 != "PATH" && $0 != "HOME" }.sorted())
    }
}
