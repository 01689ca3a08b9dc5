/// Where a networked game's connection is, as the person sees it.
public enum ConnectionState: Sendable, Hashable {
    /// Opening a connection and asking for the seat (`attempt` counts from 1).
    case connecting(attempt: Int)
    /// Seated; the other seat is still free: the code is for the opponent.
    case waitingForOpponent(code: String)
    /// Seated with an opponent (a person or a bot): moves go through.
    case playing
    /// Following match `code` as a spectator.
    case watching(code: String)
    /// The connection dropped or could not be made; attempt `attempt` is
    /// due at `retryAt` (seconds on the game's clock). The server keeps the seat meanwhile.
    case reconnecting(attempt: Int, retryAt: Double, reason: String)
    /// Given up: the server refused (a wrong token, an unknown match) or too
    /// many attempts failed. Enter tries again.
    case lost(reason: String)
    /// The match is over: the connection is no longer needed, and a drop is no loss.
    case finished

    /// Whether moves may be sent now (a seat is held on an open connection).
    public var isSeated: Bool {
        switch self {
        case .waitingForOpponent, .playing: true
        default: false
        }
    }

    /// Whether the connection was given up (Enter tries again).
    public var isLost: Bool {
        if case .lost = self { return true }
        return false
    }

    /// One or two words for the status line.
    public var label: String {
        switch self {
        case .connecting: "connecting"
        case .waitingForOpponent: "waiting for an opponent"
        case .playing: "online"
        case .watching: "watching"
        case .reconnecting: "reconnecting"
        case .lost: "offline"
        case .finished: "match over"
        }
    }
}
