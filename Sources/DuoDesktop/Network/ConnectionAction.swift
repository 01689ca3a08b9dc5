import DuoClient

/// What the connection's state machine asks its owner to do: the side
/// effects, kept out of the machine so it is tested without sockets.
public enum ConnectionAction: Sendable, Hashable {
    /// Open a new connection (closing any other) and send this request on it.
    case connect(MatchRequest)
    /// Send a `ping`: the server has been quiet for a while.
    case ping
    /// Close the connection (it went silent).
    case close
    /// Keep the seat's ticket where a restarted program finds it.
    case keepTicket(SeatTicket)
    /// The match is over: the kept ticket is no use any more.
    case forgetTicket
}
