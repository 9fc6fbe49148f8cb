import Blog
import Foundation
import GitOps
import Preview
import TUI

/// The clone screen.
public struct CloneState: Sendable {
    public var url: String
    /// The URL as parsed where it was checked (for advice that depends on the transport); update
    /// never parses it (parsing may ask the file system).
    public var remote: GitURL?
    public var target: String
    public var transfer: TransferSnapshot?
    public var checkout: (done: Int, total: Int, path: String?)?
    public var remoteLines: [String] = []
    /// The site's directory inside the repository ("" when the site is the repository's root):
    /// repository paths minus this are site paths.
    public var sitePrefix = ""
    /// Conflict resolutions chosen so far (repository paths).
    public var resolutions: [String: Publisher.FileResolution] = [:]
    public var error: String?
    public var finished = false
    public var started: TimeInterval = 0

    public init(url: String, target: String) {
        self.url = url
        self.target = target
    }
}

/// Receiving progress, as the clone screen shows it.
public struct TransferSnapshot: Sendable, Equatable {
    public var received: Int
    public var total: Int
    public var bytes: Int
    public var bytesPerSecond: Double?
    public var secondsRemaining: Double?
    public var deltasDone: Int
    public var deltasTotal: Int
}
