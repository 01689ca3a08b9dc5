/// What happened to the other seat's player.
public enum OpponentStatus: String, Sendable, Codable, CaseIterable {
    /// A player took the free seat: the match can start.
    case joined
    /// The opponent's connection dropped; it may resume with its token.
    case disconnected
    /// The opponent resumed its seat.
    case reconnected
}
