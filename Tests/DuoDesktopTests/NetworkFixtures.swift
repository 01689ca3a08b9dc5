import Broadside
import BroadsideDesktop
import DuoClient
import DuoDesktop
import DuoNet
import DuoServerKit
import Foundation
import TabletopEngine

/// A match as a server holds it, for tests with no server: the true state,
/// and the messages a server would send each seat about it.
struct ServerStub {
    let game: Broadside
    let code: String
    var state: BroadsideState
    private(set) var moves = 0

    init(game: Broadside = DesktopFixtures.game, code: String = "K7QF2M", firstSeat: Seat = .first) {
        self.game = game
        self.code = code
        state = game.makeInitialState(MatchSetup(seed: 11, firstSeat: firstSeat))
    }

    static func ticket(_ seat: Seat, code: String = "K7QF2M") -> SeatTicket {
        SeatTicket(code: code, seat: seat, token: seat == .first ? "aa11" : "bb22")
    }

    var rules: JSONValue {
        // The server sends the variant's rules as JSON; the game's own encoding is the same data.
        do { return try JSONValue(parsing: [UInt8](game.rulesJSON)) } catch { fatalError("\(error)") }
    }

    func seated(_ kind: String, _ seat: Seat, opponent: String?) -> ServerMessage {
        .seated(kind: kind, ticket: Self.ticket(seat, code: code), game: "broadside", variant: game.variant, rules: rules, opponent: opponent)
    }

    /// The `view` message a seat gets now.
    func view(for seat: Seat) -> ServerMessage {
        .view(
            ViewUpdate(
                code: code, seat: seat, moves: moves, toMove: game.seatsToMove(in: state),
                view: Self.json(game.seatView(of: state, for: seat))))
    }

    /// The `view` message a spectator gets now.
    var publicView: ServerMessage {
        .view(ViewUpdate(code: code, seat: nil, moves: moves, toMove: game.seatsToMove(in: state), view: Self.json(game.publicView(of: state))))
    }

    /// Plays a move as the server would: checked, then applied.
    /// - Returns: the `error` a refused move gets, else nil.
    @discardableResult
    mutating func play(_ move: BroadsideMove, by seat: Seat) -> ServerMessage? {
        do {
            try game.validate(move, by: seat, in: state)
        } catch {
            return .error(ProtocolError(code: error.code, message: error.message, inReplyTo: "move"))
        }
        game.apply(move, by: seat, to: &state)
        moves += 1
        return nil
    }

    /// Hides a seat's whole fleet with the placement bot.
    mutating func placeFleet(of seat: Seat, seed: UInt64 = 5) {
        var bot = BroadsideBot(game: game, seat: seat, shooter: .random, placer: .random, seed: seed)
        while game.seatsToMove(in: state).contains(seat), state.phase == .placing,
            let move = bot.move(for: game.seatView(of: state, for: seat))
        {
            play(move, by: seat)
        }
    }

    static func json<Value: Encodable>(_ value: Value) -> JSONValue {
        do { return try JSONValue(parsing: [UInt8](JSONEncoder().encode(value))) } catch { fatalError("\(error)") }
    }
}

/// A transport with no socket: it records what the game sends and hands
/// back what the test queues, so a ``BroadsideNetworkGame`` is driven by hand.
final class ScriptedTransport: MatchTransport {
    enum Sent: Equatable {
        case connect(match: String?)
        case create(variant: String?, bot: String?)
        case join(String)
        case watch(String)
        case resume(SeatTicket)
        case move(BroadsideMove)
        case hint
        case ping
        case disconnect
    }

    private(set) var sent: [Sent] = []
    var incoming: [ClientEvent] = []
    var lastError: LineSocketError?
    /// While set, every connection attempt fails at once with it.
    var refusal: LineSocketError?
    /// Connection attempts refused so far.
    private(set) var refusedCount = 0

    func startConnecting(match: String?) throws(LineSocketError) {
        if let refusal {
            refusedCount += 1
            lastError = refusal
            throw refusal
        }
        sent.append(.connect(match: match))
    }

    func create(game: String?, variant: String?, bot: String?, seat: Int?) throws(LineSocketError) {
        sent.append(.create(variant: variant, bot: bot))
    }
    func join(code: String) throws(LineSocketError) { sent.append(.join(code)) }
    func watch(code: String) throws(LineSocketError) { sent.append(.watch(code)) }
    func resume(_ ticket: SeatTicket) throws(LineSocketError) { sent.append(.resume(ticket)) }
    func requestHint() throws(LineSocketError) { sent.append(.hint) }
    func ping() throws(LineSocketError) { sent.append(.ping) }
    func disconnect() { sent.append(.disconnect) }

    func send<Move: Encodable>(move: Move) throws {
        let data = try JSONEncoder().encode(move)
        sent.append(.move(try JSONDecoder().decode(BroadsideMove.self, from: data)))
    }

    func poll() -> [ClientEvent] {
        defer { incoming = [] }
        return incoming
    }

    /// The moves sent so far, in order.
    var moves: [BroadsideMove] {
        sent.compactMap { if case .move(let move) = $0 { move } else { nil } }
    }

    func clearSent() { sent = [] }
}
