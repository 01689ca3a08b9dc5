/// How a match ended: the winner (or a draw), why, and each seat's shot count.
@frozen
public struct MatchResult: Hashable, Sendable, Codable {
    /// The winning seat, or nil for a draw.
    public var winner: Seat?
    /// A stable code for the ending, e.g. `fleetSunk`, or ``MatchResult/forfeitReason``.
    public var reason: String
    /// Shots (the game's unit of play: shots fired, golf strokes) taken by each seat.
    ///
    /// Batch summaries report the winner's count as "shots to win".
    public var shots: SeatPair<Int>
    /// The seat that forfeited when the host (a server timeout, a resignation)
    /// ended the match rather than the rules; nil when the rules ended it.
    public var forfeitedBy: Seat?

    /// The `reason` of a result that a host imposed with ``forfeit(by:shots:)``.
    public static let forfeitReason = "forfeit"

    /// Makes a result decided by the rules.
    @inlinable public init(winner: Seat?, reason: String, shots: SeatPair<Int>) {
        self.winner = winner
        self.reason = reason
        self.shots = shots
        self.forfeitedBy = nil
    }

    /// A result imposed by the host: `seat` forfeits and the other seat wins.
    public static func forfeit(by seat: Seat, shots: SeatPair<Int>) -> MatchResult {
        var result = MatchResult(winner: seat.opponent, reason: forfeitReason, shots: shots)
        result.forfeitedBy = seat
        return result
    }

    /// The winner's shot count, or nil for a draw.
    @inlinable public var shotsToWin: Int? { winner.map { shots[$0] } }
}
