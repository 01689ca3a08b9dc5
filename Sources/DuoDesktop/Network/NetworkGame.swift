import DuoClient
import DuoNet
import DuoPlatform
import Foundation
import TabletopEngine

#if canImport(Glibc)
import Glibc
#endif

/// A match of any game played on a server, in the desktop session: the
/// game's ``NetworkTable`` to draw, a ``ConnectionMachine`` for the connection's
/// life, and the ``MatchTransport`` (a DuoClient `MatchClient`) that
/// talks to the server. Every ``DesktopGame`` call goes to the table; what
/// the table then asks for goes to the server. Nothing here waits on the network: the window's
/// loop calls ``advance(by:)`` once a frame, which takes in what has
/// arrived, lets the connection's clock run, and sends what the table
/// asked for.
public final class NetworkGame<Table: NetworkTable>: DesktopGame {
    /// The table shown.
    public private(set) var table: Table
    /// The connection's state machine.
    public private(set) var machine: ConnectionMachine
    /// Seconds since the game started, on the clock the session advances.
    public private(set) var clock = 0.0
    /// The file holding the seat's ticket, once saved.
    public private(set) var ticketFile: URL?

    private let transport: any MatchTransport
    private let ticketPlace: SeatTicketPlace?
    private let firstRequest: MatchRequest
    private var autoplay: Autoplay?

    /// A game on `table`'s server through `transport`, asking for
    /// `request`; it starts connecting at once, without waiting.
    /// - Parameters:
    ///   - transport: the connection to the server.
    ///   - request: the match to create, join, watch or resume.
    ///   - table: the game's table, showing its empty board until the server seats it.
    ///   - tickets: where to keep the seat's ticket (nil: nowhere).
    ///   - backoff: the waits between reconnection attempts.
    ///   - silence: how long the server may be quiet before a `ping`, and how long it has to answer.
    ///   - seed: seeds the backoff's jitter.
    public init(
        transport: any MatchTransport, request: MatchRequest, table: Table,
        tickets: SeatTicketPlace?, backoff: ReconnectBackoff = .standard,
        silence: ConnectionMachine.Silence = .standard, seed: UInt64 = 1
    ) {
        self.transport = transport
        self.ticketPlace = tickets
        self.table = table
        machine = ConnectionMachine(request: request, backoff: backoff, silence: silence, seed: seed)
        firstRequest = request
        if case .file(let url) = tickets, case .resume = request { ticketFile = url }
        perform(machine.start())
    }

    /// The connection for the status line: its state, the server, the match and seat.
    public var statusNote: String? {
        var parts = ["\(machine.state.label) \(table.server)"]
        if let code = table.code { parts.append("match \(code)") }
        if let seat = table.seat { parts.append("seat \(seat.index)") }
        return parts.joined(separator: " · ")
    }

    /// Lets time pass: takes in what the server sent, runs the connection's
    /// clock (retries, pings), sends what the table asked for.
    public func advance(by seconds: Double) {
        clock += max(0, seconds)
        table.advance(by: seconds)
        transport.advance(by: max(0, seconds))
        for event in transport.poll() {
            switch event {
            case .message(let message):
                table.receive(message)
                perform(machine.receive(message, at: clock))
                autoplay(after: message)
            case .disconnected:
                perform(machine.connectionFailed(reason: transport.lastError.map(\.words) ?? "the server closed the connection", at: clock))
                autoplay?.connectionDropped()
            case .unreadable(let error):
                table.say("The server sent a line this program cannot read (\(error.message))")
            }
        }
        perform(machine.advance(to: clock))
        sendRequests()
    }

    /// Closes the connection; the server keeps the seat for a later resume.
    public func close() {
        transport.disconnect()
    }

    /// Shows the outcome of the moves the table was sent at once (after demo turns).
    public func finishShowingMoves() { table.finishShowingMoves() }

    /// Changes the table (a game's own input, by code that knows the game),
    /// then sends what it asked for at once.
    public func update(_ change: (inout Table) -> Void) {
        change(&table)
        sendRequests()
    }

    // MARK: - DesktopGame

    /// The game's title.
    public var title: String { table.title }

    /// The table's screen of the moment (with its notice strip).
    public func screen(in context: LayoutContext) -> HUDScreen { table.screen(in: context) }

    /// The table's keys.
    public var hotkeys: [Hotkey] { table.hotkeys }

    /// The table's panel colours.
    public var panelColors: (flat: RGBAColor, upright: RGBAColor) { table.panelColors }

    /// The table's choice of hinge effect.
    public var hingeEffectStyle: HingeEffectStyle { table.hingeEffectStyle }

    /// Draws the table: the server's views, with the game's own painter.
    public func paint(on canvas: Canvas, layout: HUDLayout, context: LayoutContext, effect: HingeEffect.Visual?) {
        table.paint(on: canvas, layout: layout, context: context, effect: effect)
    }

    /// The pointer moved: the table previews; what it asks goes to the server at once.
    public func pointerMoved(to point: Point?, layout: HUDLayout) {
        table.pointerMoved(to: point, layout: layout)
        sendRequests()
    }

    /// A press: the move it makes goes to the server at once.
    public func pointerPressed(at point: Point, layout: HUDLayout) {
        table.pointerPressed(at: point, layout: layout)
        sendRequests()
    }

    /// A release: the move it makes (a golf stroke) goes to the server at once.
    public func pointerReleased(at point: Point?, layout: HUDLayout) {
        table.pointerReleased(at: point, layout: layout)
        sendRequests()
    }

    /// A game command: the table's, then the server's.
    public func perform(_ command: DesktopCommand) {
        table.perform(command)
        sendRequests()
    }

    /// Scrolls the table's news log.
    public func scrollNews(by steps: Int) { table.scrollNews(by: steps) }

    /// Takes the table's banner down.
    public func dismissBanner() -> Bool { table.dismissBanner() }

    /// Nothing: a networked match is played on its server, with a person or
    /// the server's bot at the other seat, never with bots in this window.
    public func playDemoTurns(_ turns: Int) {}

    // MARK: - Effects

    private func perform(_ actions: [ConnectionAction]) {
        for action in actions {
            switch action {
            case .connect(let request):
                connect(request)
            case .ping:
                // A failed send shows up as a disconnect at the next poll.
                try? transport.ping()
            case .close:
                transport.disconnect()
            case .keepTicket(let ticket):
                keep(ticket)
            case .forgetTicket:
                forgetTicket()
            }
        }
        table.setConnection(machine.state, now: clock, asking: machine.request.summary)
    }

    private func connect(_ request: MatchRequest) {
        do throws(LineSocketError) {
            try transport.startConnecting(match: request.code)
            switch request {
            case .create(let variant, let bot): try transport.create(game: Table.gameName, variant: variant, bot: bot, seat: nil)
            case .join(let code): try transport.join(code: code)
            case .resume(let ticket): try transport.resume(ticket)
            case .watch(let code): try transport.watch(code: code)
            }
        } catch {
            perform(machine.connectionFailed(reason: error.words, at: clock))
        }
    }

    private func sendRequests() {
        for request in table.takeRequests() {
            switch request {
            case .move(let move):
                send(move: move)
            case .retry:
                perform(machine.retry())
            case .newMatch:
                perform(machine.startOver(with: nextMatchRequest))
            }
        }
    }

    private func send<Move: Encodable>(move: Move) {
        do {
            try transport.send(move: move)
        } catch {
            // The connection is going: the drop comes through poll and the table forgets the move.
            table.say("The move could not be sent (\(error))")
        }
    }

    /// What a new match asks for: what this one was created with, or a
    /// match of the same variant for a person to join.
    private var nextMatchRequest: MatchRequest {
        if case .create = firstRequest { return firstRequest }
        return .create(variant: table.variant, bot: nil)
    }

    private func keep(_ ticket: SeatTicket) {
        guard let ticketPlace else { return }
        let url: URL
        switch ticketPlace {
        case .file(let file): url = file
        case .folder(let folder): url = folder.appendingPathComponent(SeatTicketFile.fileName(for: ticket))
        }
        do {
            try SeatTicketFile(server: table.server, ticket: ticket).save(to: url)
            if ticketFile != url {
                table.say("Seat ticket kept in \(url.path): --resume \(url.path) takes the seat back")
            }
            ticketFile = url
        } catch {
            table.say("The seat ticket could not be kept in \(url.path) (\(error.localizedDescription))")
        }
    }

    private func forgetTicket() {
        guard let ticketFile else { return }
        try? FileManager.default.removeItem(at: ticketFile)
        self.ticketFile = nil
    }
}

// MARK: - Autoplay

extension NetworkGame: Autoplaying {
    /// Whenever the seat is to move, asks the server for a `hint` (the move
    /// of the game's weakest bot, judged from the seat's view) and sends it
    /// as a person's move is sent; the table shows it when the server's
    /// next view does. `report` hears of the match's end and of a refusal,
    /// which stops the autoplay (asking again would be refused again).
    public func startAutoplay(reporting report: @escaping (String) -> Void) {
        autoplay = Autoplay(report: report)
    }

    /// Plays on after `message`: asks for a hint when the seat is to move
    /// and nothing is on its way, sends the hint that comes back.
    private func autoplay(after message: ServerMessage) {
        guard var autoplay else { return }
        switch message {
        case .view(let update) where update.seat != nil:
            autoplay.latest = update
        case .hint(let move):
            autoplay.waiting = nil
            if let move {
                autoplay.waiting = .accepted
                send(move: move)
            }
        case .accepted:
            autoplay.waiting = nil
        case .error(let error) where error.inReplyTo == "hint" || error.inReplyTo == "move":
            autoplay.report("autoplay stopped: the server refused \(error.inReplyTo ?? "a request") (\(error.message))")
            self.autoplay = nil
            return
        case .ended(let code, let result):
            let outcome = result.winner.map { "\($0) wins" } ?? "a draw"
            autoplay.report("autoplay: match \(code) over after \(autoplay.latest?.moves ?? 0) moves: \(outcome) (\(result.reason))")
            autoplay.latest = nil
        default:
            break
        }
        if autoplay.waiting == nil, let latest = autoplay.latest, let seat = latest.seat, latest.toMove.contains(seat) {
            // The hint is judged on the server's state when it reads the
            // request, so a view that is already old asks for the next move.
            do {
                try transport.requestHint()
                autoplay.waiting = .hint
            } catch {
                // The drop comes through poll; the resumed seat's view asks again.
            }
        }
        self.autoplay = autoplay
    }
}

/// What the autoplay of a ``NetworkGame`` keeps between messages.
private struct Autoplay {
    /// What the autoplay waits for from the server.
    enum Waiting {
        /// The answer to `hint`.
        case hint
        /// The `accepted` of the move sent.
        case accepted
    }

    let report: (String) -> Void
    /// The seat's latest view (nil before the first, after a drop and after the end).
    var latest: ViewUpdate?
    /// What was asked and not answered yet.
    var waiting: Waiting?

    /// A new connection answers nothing the old one asked, and sends a fresh view.
    mutating func connectionDropped() {
        latest = nil
        waiting = nil
    }
}

extension LineSocketError {
    /// The error in words for the screen ("connection refused").
    var words: String {
        switch self {
        case .closed: return "the server closed the connection"
        case .timedOut: return "the server did not answer"
        case .framing: return "the server sent a line that is too long"
        case .io(let socketError): return String(cString: strerror(socketError.code)).lowercased()
        }
    }
}
