/// The bounds that keep one client from costing the others: line length,
/// queued output, and how many connections one address may hold.
public struct ConnectionLimits: Sendable, Equatable {
    /// The longest line accepted, in bytes (64 KiB by default).
    public var maxLineBytes: Int
    /// The most output bytes that may wait for one client before it is
    /// dropped as a slow reader (1 MiB by default).
    public var maxQueuedBytes: Int
    /// The most connections one peer address may hold at once (32 by default).
    public var maxConnectionsPerAddress: Int
    /// The most connections the loop holds at once (10,000 by default).
    public var maxConnections: Int
    /// How long a connection closed with its output still queued may take to
    /// send it before it is cut (5 seconds by default).
    public var closeLinger: Duration

    /// Makes limits; every value has a default suited to a game server.
    public init(
        maxLineBytes: Int = 64 * 1024,
        maxQueuedBytes: Int = 1024 * 1024,
        maxConnectionsPerAddress: Int = 32,
        maxConnections: Int = 10_000,
        closeLinger: Duration = .seconds(5)
    ) {
        self.maxLineBytes = maxLineBytes
        self.maxQueuedBytes = maxQueuedBytes
        self.maxConnectionsPerAddress = maxConnectionsPerAddress
        self.maxConnections = maxConnections
        self.closeLinger = closeLinger
    }
}
