/// What a clone reports while it runs.
public enum CloneEvent: Sendable, Equatable {
    /// A line the remote printed (sideband). `isProgress`: the line ended with `\r` and the
    /// next progress line replaces it, as a terminal would show it.
    case remoteLine(String, isProgress: Bool)
    case transfer(TransferProgress)
    case checkout(CheckoutProgress)
    case finished(CloneResult)
}

/// Receiving objects and resolving deltas.
public struct TransferProgress: Sendable, Equatable {
    public var receivedObjects: Int
    public var totalObjects: Int
    public var indexedObjects: Int
    public var indexedDeltas: Int
    public var totalDeltas: Int
    public var receivedBytes: Int
    /// Bytes per second, smoothed; nil until measured.
    public var bytesPerSecond: Double?
    /// Seconds left for receiving, estimated from the object rate; nil when unknown.
    public var secondsRemaining: Double?

    public init(
        receivedObjects: Int = 0, totalObjects: Int = 0, indexedObjects: Int = 0, indexedDeltas: Int = 0,
        totalDeltas: Int = 0, receivedBytes: Int = 0, bytesPerSecond: Double? = nil, secondsRemaining: Double? = nil
    ) {
        self.receivedObjects = receivedObjects
        self.totalObjects = totalObjects
        self.indexedObjects = indexedObjects
        self.indexedDeltas = indexedDeltas
        self.totalDeltas = totalDeltas
        self.receivedBytes = receivedBytes
        self.bytesPerSecond = bytesPerSecond
        self.secondsRemaining = secondsRemaining
    }

    /// Receiving is done and deltas are being resolved.
    public var isResolvingDeltas: Bool { totalObjects > 0 && receivedObjects == totalObjects && totalDeltas > 0 }
}

/// Writing the work tree.
public struct CheckoutProgress: Sendable, Equatable {
    public var completed: Int
    public var total: Int
    public var path: String?

    public init(completed: Int, total: Int, path: String?) {
        self.completed = completed
        self.total = total
        self.path = path
    }
}

/// A finished clone.
public struct CloneResult: Sendable, Equatable {
    /// The work tree.
    public let path: String
    /// The checked-out branch; nil for an empty repository's unborn branch it could not name.
    public let branch: String?
    /// The HEAD commit; nil when the repository is empty.
    public let head: String?
    public let remoteURL: String
}
