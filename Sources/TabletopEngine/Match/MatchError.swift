/// Why the driver could not play a match to its end. Each is a bug in a bot,
/// a script or a game, reported with the seat and move concerned.
public struct MatchError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Sendable, Codable {
        /// A player offered a move the rules refuse.
        case invalidMove
        /// A player had no move to offer (a script ran out).
        case noMove
        /// The match went on past the move limit.
        case moveLimitReached
        /// Nobody may move, yet the rules give no result (a bug in the game).
        case stalled
    }

    /// What went wrong.
    public let kind: Kind
    /// The seat concerned, when one is.
    public let seat: Seat?
    /// The number of moves accepted before the failure.
    public let moveNumber: Int
    /// Details: the refused move and the rejection's code and message.
    public let detail: String

    /// Makes an error.
    public init(kind: Kind, seat: Seat?, moveNumber: Int, detail: String) {
        self.kind = kind
        self.seat = seat
        self.moveNumber = moveNumber
        self.detail = detail
    }

    /// One line naming the kind, seat, move number and detail.
    public var description: String {
        let who = seat.map { " by \($0)" } ?? ""
        return "\(kind.rawValue)\(who) after \(moveNumber) moves: \(detail)"
    }
}
