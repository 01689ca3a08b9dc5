import DuoClient
import DuoNet

/// What a ``NetworkGame`` needs of its connection to the server: the
/// calls of DuoClient's `MatchClient`, which is the one used. A protocol so tests can put a connection that drops on cue
/// between the game and a real client.
public protocol MatchTransport: AnyObject {
    /// Why the last connection ended or could not be made, when the system said.
    var lastError: LineSocketError? { get }
    /// Starts connecting without waiting; what is sent meanwhile waits for the connection.
    func startConnecting(match: String?) throws(LineSocketError)
    /// Asks for a new match.
    func create(game: String?, variant: String?, bot: String?, seat: Int?) throws(LineSocketError)
    /// Takes the free seat of match `code`.
    func join(code: String) throws(LineSocketError)
    /// Follows match `code` as a spectator.
    func watch(code: String) throws(LineSocketError)
    /// Takes a seat back with its ticket.
    func resume(_ ticket: SeatTicket) throws(LineSocketError)
    /// Sends a move of the game's own type.
    func send<Move: Encodable>(move: Move) throws
    /// Asks the server's bot for the seat's move (answered by a `hint` message).
    func requestHint() throws(LineSocketError)
    /// Asks for a `pong`.
    func ping() throws(LineSocketError)
    /// Everything that has arrived, without waiting.
    func poll() -> [ClientEvent]
    /// Closes the connection.
    func disconnect()
    /// Where the match is held: on a server (the default), in this window, or a replay.
    var seatMode: SeatSession.Mode { get }
    /// Lets `seconds` pass on the window's clock (a host in the same process
    /// lets its bot think; a real connection has nothing to do).
    func advance(by seconds: Double)
}

extension MatchTransport {
    /// A server's.
    public var seatMode: SeatSession.Mode { .network }
    /// Nothing: a server keeps its own time.
    public func advance(by seconds: Double) {}
}

extension MatchClient: MatchTransport {}
