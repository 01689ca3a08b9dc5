/// How a match ended: the winner (or a draw), why, and each seat's score.
@frozen
public struct MatchResult: Hashable, Sendable, Codable {
    /// The winning seat, or nil for a draw.
    public var winner: Seat?
    /// A stable code for the ending, e.g. `fleetSunk`, or ``MatchResult/forfeitReason``.
    public var reason: String
    /// Each seat's score, counted in the game's unit (``TabletopGame/scoreUnit``:
    /// Broadside counts shots fired, mini golf strokes).
    ///
    /// Batch summaries report the winner's score ("shots to win", "strokes to win").
    public var scores: SeatPair<Int>
    /// The seat that forfeited when the host (a server timeout, a resignation,
    /// a broken outside bot) ended the match rather than the rules; nil when the rules ended it.
    public var forfeitedBy: Seat?

    /// The `reason` of a result that a host imposed with ``forfeit(by:scores:)``.
    public static let forfeitReason = "forfeit"

    /// Makes a result decided by the rules.
    @inlinable public init(winner: Seat?, reason: String, scores: SeatPair<Int>) {
        self.winner = winner
        self.reason = reason
        self.scores = scores
        self.forfeitedBy = nil
    }

    /// A result imposed by the host: `seat` forfeits and the other seat wins.
    public static func forfeit(by seat: Seat, scores: SeatPair<Int>) -> MatchResult {
        var result = MatchResult(winner: seat.opponent, reason: forfeitReason, scores: scores)
        result.forfeitedBy = seat
        return result
    }

    /// The winner's score, or nil for a draw.
    @inlinable public var scoreToWin: Int? { winner.map { scores[$0] } }

    enum CodingKeys: String, CodingKey {
        case winner, reason, scores, forfeitedBy
        /// The name of `scores` in files and messages of builds before the
        /// generic vocabulary (replay format 1): still read, never written.
        case shots
    }

    /// Decodes `scores`, or `shots` as builds before it wrote.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        winner = try container.decodeIfPresent(Seat.self, forKey: .winner)
        reason = try container.decode(String.self, forKey: .reason)
        if container.contains(.scores) {
            scores = try container.decode(SeatPair<Int>.self, forKey: .scores)
        } else {
            scores = try container.decode(SeatPair<Int>.self, forKey: .shots)
        }
        forfeitedBy = try container.decodeIfPresent(Seat.self, forKey: .forfeitedBy)
    }

    /// Encodes `winner` (absent for a draw, as the protocol's schema says), `reason`, `scores` and, when set, `forfeitedBy`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(winner, forKey: .winner)
        try container.encode(reason, forKey: .reason)
        try container.encode(scores, forKey: .scores)
        try container.encodeIfPresent(forfeitedBy, forKey: .forfeitedBy)
    }
}
