import DuoClient
import DuoNet
import Foundation
import TabletopEngine

/// One person's client in a simulation: a connection at a time (made
/// again after a drop), the tickets it was given, and what it expects to
/// hear: the answers to its requests, in order, and its match's views.
final class SimulatedClient {
    /// Where the person stands in the protocol, as the lines received say.
    enum Role: Equatable {
        case lobby
        case seat(code: String, seat: Seat)
        case spectator(code: String)

        var code: String? {
            switch self {
            case .lobby: nil
            case .seat(let code, _), .spectator(let code): code
            }
        }
    }

    /// The client's number in the run (for traces).
    let number: Int
    /// The address it connects from (several clients share one).
    let host: String
    /// The receive buffer its connections get (a slow reader's is small).
    let socketBuffer: Int
    /// The connection now, nil while it has none.
    var connection: EmbeddedConnection?
    /// Whether `welcome` came on this connection.
    var greeted = false
    /// Whether `hello` was sent on this connection.
    var saidHello = false
    var role = Role.lobby
    /// Every ticket this person was given (a seat it may take back).
    var tickets: [SeatTicket] = []
    /// The last view received: its match, move count and seats to move.
    var lastView: (code: String, moves: Int, toMove: SeatSet)?
    /// Matches whose `ended` this connection received.
    var ended: Set<String> = []
    /// Moves sent and not yet answered (`accepted` or an error), oldest first.
    var movesInFlight: [(code: String, seat: Seat, move: JSONValue, step: Int)] = []
    /// The steps at which requests with an answer (`ping`, `legal`,
    /// `hint`, `move`) were sent, oldest first, for those not yet answered.
    var answersDue: [Int] = []
    /// How many answers are due.
    var repliesDue: Int { answersDue.count }
    /// Requests sent that may move it to another match (`create`, `join`,
    /// `watch`, `resume`) and not yet answered: until then it does not know
    /// which match it is in.
    var movesPending = 0
    /// Whether the person stopped reading for a while (a slow reader).
    var paused = false
    /// The rest of a line written in part, sent before anything else.
    var unfinishedLine: [UInt8]?

    init(number: Int, host: String, socketBuffer: Int) {
        self.number = number
        self.host = host
        self.socketBuffer = socketBuffer
    }

    /// Whether the client has a live connection.
    var isConnected: Bool { connection.map { !$0.isClosed && !$0.isReset } ?? false }

    /// Forgets the connection (dropped, closed or reset): what it waited for
    /// will never come on it.
    func lostConnection() {
        connection = nil
        greeted = false
        saidHello = false
        role = .lobby
        lastView = nil
        ended = []
        movesInFlight = []
        answersDue = []
        movesPending = 0
        paused = false
        unfinishedLine = nil
    }

    /// Writes `line` and a newline at `step`, after the rest of a line written in part.
    func write(_ line: String, step: Int = 0) {
        writeRaw(Array(line.utf8) + [0x0A], step: step)
    }

    /// A request with an answer was sent at `step`.
    func expectAnswer(sentAt step: Int) {
        answersDue.append(step)
    }

    /// The match was suspended at `step`: the answers it held back for
    /// requests sent before then are gone with it.
    func lostAnswers(before step: Int) {
        answersDue.removeFirst(answersDue.prefix { $0 < step }.count)
        movesInFlight.removeFirst(movesInFlight.prefix { $0.step < step }.count)
    }

    /// Writes raw bytes (a hostile line, say), after the rest of a line
    /// written in part (a `ping` sent at `step`).
    func writeRaw(_ bytes: [UInt8], step: Int = 0) {
        guard let connection, isConnected else { return }
        var all: [UInt8] = []
        if let unfinished = unfinishedLine {
            all += unfinished
            unfinishedLine = nil
            // The line it finishes is a `ping`, which has an answer.
            answersDue.append(step)
        }
        try? connection.write(bytes: all + bytes)
    }

    /// Writes the first `count` bytes of a `ping` line and keeps the rest
    /// for the next write.
    func writeHalfLine(_ count: Int) {
        guard let connection, isConnected, unfinishedLine == nil else { return }
        let line = Array(#"{"type":"ping"}"#.utf8) + [0x0A]
        let cut = max(1, min(count, line.count - 1))
        try? connection.write(bytes: Array(line[..<cut]))
        unfinishedLine = Array(line[cut...])
    }

    /// The label traces use.
    var label: String { "client \(number)@\(host)" }
}
