import DuoClient

/// What a connection asks the server for once it is open: a new match, a
/// seat in one, a seat taken back, or a match to watch.
public enum MatchRequest: Sendable, Hashable {
    /// A new match; `bot` fills the other seat, else a player joins by code.
    case create(variant: String?, bot: String?)
    /// The free seat of match `code`.
    case join(code: String)
    /// A seat taken back with its ticket (after a drop, or a restart of the program).
    case resume(SeatTicket)
    /// Match `code`, as a spectator.
    case watch(code: String)

    /// The match code the request is about, sent in `hello` so a load balancer can route on it.
    public var code: String? {
        switch self {
        case .create: nil
        case .join(let code), .watch(let code): code
        case .resume(let ticket): ticket.code
        }
    }

    /// What the request does, for the screen ("creating a match", "joining match K7QF2M").
    public var summary: String {
        switch self {
        case .create(_, let bot?): "creating a match against the \(bot) bot"
        case .create: "creating a match"
        case .join(let code): "joining match \(code)"
        case .resume(let ticket): "taking back seat \(ticket.seat.index) of match \(ticket.code)"
        case .watch(let code): "watching match \(code)"
        }
    }
}
