import DuoNet

/// What a server holds at one moment (``DuoServer/counts()``).
public struct ServerCounts: Sendable, Equatable {
    /// Matches in memory, finished ones still kept included.
    public var matches: Int
    /// Matches without a result yet.
    public var liveMatches: Int
    /// Live matches waiting for an opponent.
    public var waitingMatches: Int
    /// Client connections (game protocol; metrics scrapes not included).
    public var connections: Int
    /// Journals holding a descriptor.
    public var openJournals: Int
}

extension MatchServer {
    /// The counts now (on the loop thread).
    var counts: ServerCounts {
        ServerCounts(
            matches: matches.count, liveMatches: matches.values.filter { $0.stage == .live && !$0.isOver }.count,
            waitingMatches: waitingCount, connections: clients.count,
            openJournals: matches.values.filter { $0.journal.isOpen }.count)
    }
}
