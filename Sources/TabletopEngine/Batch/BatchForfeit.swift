/// A match an outside bot forfeited: which, who, and why. Reports list them so
/// a broken bot is named, while the batch goes on.
public struct BatchForfeit: Equatable, Sendable, Codable {
    /// The match's index in the batch.
    public var match: Int
    /// The seat the bot sat in.
    public var seat: Seat
    /// The bot's name (`exec:...`).
    public var bot: String
    /// Why: "crashed (exit status 1)", "sent no move within 1000 ms", "illegal move: ...".
    public var reason: String

    /// Makes a forfeit record.
    public init(match: Int, seat: Seat, bot: String, reason: String) {
        self.match = match
        self.seat = seat
        self.bot = bot
        self.reason = reason
    }
}

/// One match's result as a batch keeps it for an SPRT, which must add results
/// up in index order before it may stop.
public struct BatchGameRecord: Sendable {
    /// The match's index.
    public var index: Int
    /// How it ended.
    public var result: MatchResult
    /// Its setup.
    public var setup: MatchSetup
    /// Moves made.
    public var moves: Int
    /// Where bot A sat.
    public var seatOfA: Seat

    /// Makes a record.
    @inlinable public init(index: Int, result: MatchResult, setup: MatchSetup, moves: Int, seatOfA: Seat) {
        self.index = index
        self.result = result
        self.setup = setup
        self.moves = moves
        self.seatOfA = seatOfA
    }
}
