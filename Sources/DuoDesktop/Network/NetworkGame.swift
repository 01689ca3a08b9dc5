import Broadside
import DuoNet
import DuoPlatform
import DuoServerKit
import Foundation
import TabletopEngine
#if canImport(Glibc)
import Glibc
#endif

/// A Broadside match played on a server, in the desktop session: a
/// ``NetworkTable`` to draw, a ``ConnectionMachine`` for the connection's
/// life, and the ``MatchTransport`` (a ``DuoServerKit/MatchClient``) that
/// talks to the server. Nothing here waits on the network: the window's
/// loop calls ``advance(by:)`` once a frame, which takes in what has
/// arrived, lets the connection's clock run, and sends what the table
/// asked for.
public final class NetworkGame: DesktopGame {
    /// Where a seat's ticket is kept.
    public enum TicketPlace: Sendable, Hashable {
        /// In this file.
        case file(URL)
        /// In this folder, one file per seat (``SeatTicketFile/fileName(for:)``).
        case folder(URL)
    }

    /// The table shown.
    public private(set) var networkTable: NetworkTable
    /// The connection's state machine.
    public private(set) var machine: ConnectionMachine
    /// Seconds since the game started, on the clock the session advances.
    public private(set) var clock = 0.0
    /// The file holding the seat's ticket, once saved.
    public private(set) var ticketFile: URL?

    private let transport: any MatchTransport
    private let ticketPlace: TicketPlace?
    private let firstRequest: MatchRequest

    /// A game on `server` (as the person named it) through `transport`,
    /// asking for `request`; it starts connecting at once, without waiting.
    /// - Parameters:
    ///   - game: the variant shown until the server's rules arrive.
    ///   - tickets: where to keep the seat's ticket (nil: nowhere).
    ///   - seed: seeds the backoff's jitter and auto-placement.
    public init(transport: any MatchTransport, server: String, request: MatchRequest, game: Broadside,
                tickets: TicketPlace?, backoff: ReconnectBackoff = .standard,
                silence: ConnectionMachine.Silence = .standard, seed: UInt64 = 1) {
        self.transport = transport
        self.ticketPlace = tickets
        networkTable = NetworkTable(game: game, server: server, seed: seed)
        machine = ConnectionMachine(request: request, backoff: backoff, silence: silence, seed: seed)
        firstRequest = request
        if case .file(let url) = tickets, case .resume = request { ticketFile = url }
        perform(machine.start())
    }

    /// The table to draw now.
    public var table: any DesktopTable { networkTable }

    /// The connection for the status line: its state, the server, the match and seat.
    public var statusNote: String? {
        var parts = ["\(machine.state.label) \(networkTable.server)"]
        if let code = networkTable.code { parts.append("match \(code)") }
        if let seat = networkTable.seat { parts.append("seat \(seat.index)") }
        return parts.joined(separator: " · ")
    }

    /// Does what an input asks; the moves it makes go to the server at once.
    public func handle(_ input: TableInput) {
        networkTable.handle(input)
        sendRequests()
    }

    /// Lets time pass: takes in what the server sent, runs the connection's
    /// clock (retries, pings), sends what the table asked for.
    public func advance(by seconds: Double) {
        clock += max(0, seconds)
        networkTable.advance(by: seconds)
        for event in transport.poll() {
            switch event {
            case .message(let message):
                networkTable.receive(message)
                perform(machine.receive(message, at: clock))
            case .disconnected:
                perform(machine.connectionFailed(reason: transport.lastError.map(Self.words) ?? "the server closed the connection", at: clock))
            case .unreadable(let error):
                networkTable.say("The server sent a line this program cannot read (\(error.message))")
            }
        }
        perform(machine.advance(to: clock))
        sendRequests()
    }

    /// Closes the connection; the server keeps the seat for a later resume.
    public func close() {
        transport.disconnect()
    }

    // MARK: - DesktopGame

    /// `Broadside`.
    public var title: String { "Broadside" }

    /// The table's screen of the moment, with its notice strip (Broadside's screens do not depend on the scene).
    public func screen(in context: LayoutContext) -> HUDScreen { networkTable.screen }

    /// The `Game` group of the hotkey table (Enter also reconnects).
    public var hotkeys: [Hotkey] { Hotkeys.table.filter { $0.group == Hotkeys.gameGroup } }

    /// The sea: darker on the upright panel.
    public var panelColors: (flat: RGBAColor, upright: RGBAColor) { (Palette.flatSea, Palette.uprightSea) }

    /// The scene draws the glare and the swell on the upright panels.
    public var drawsHingeEffect: Bool { false }

    /// Draws the server's boards with the local game's painter, and the notice strip.
    public func paint(on canvas: Canvas, layout: HUDLayout, context: LayoutContext, effect: HingeEffect.Visual?) {
        BroadsidePainter(canvas: canvas, table: networkTable, layout: layout).draw()
    }

    /// Previews the cell under the pointer.
    public func pointerMoved(to point: Point?, layout: HUDLayout) {
        handle(.hover(point.flatMap { networkTable.boardCell(at: $0, layout: layout) }))
    }

    /// A cell of the primary board, or a control: the move it makes goes to the server at once.
    public func pointerPressed(at point: Point, layout: HUDLayout) {
        if let input = networkTable.input(pressedAt: point, layout: layout) { handle(input) }
    }

    /// Nothing: Broadside acts on mouse-down.
    public func pointerReleased(at point: Point?, layout: HUDLayout) {}

    /// Rotate, auto-place, clear, reconnect (Enter), new match.
    public func perform(_ command: DesktopCommand) {
        if let input = TableInput(command) { handle(input) }
    }

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
        networkTable.setConnection(machine.state, now: clock, asking: machine.request.summary)
    }

    private func connect(_ request: MatchRequest) {
        do throws(LineSocketError) {
            try transport.startConnecting(match: request.code)
            switch request {
            case .create(let variant, let bot): try transport.create(game: Broadside.name, variant: variant, bot: bot, seat: nil)
            case .join(let code): try transport.join(code: code)
            case .resume(let ticket): try transport.resume(ticket)
            case .watch(let code): try transport.watch(code: code)
            }
        } catch {
            perform(machine.connectionFailed(reason: Self.words(error), at: clock))
        }
    }

    private func sendRequests() {
        for request in networkTable.takeRequests() {
            switch request {
            case .move(let move):
                do {
                    try transport.send(move: move)
                } catch {
                    // The connection is going: the drop comes through poll and the table forgets the move.
                    networkTable.say("The move could not be sent (\(error))")
                }
            case .retry:
                perform(machine.retry())
            case .newMatch:
                perform(machine.startOver(with: nextMatchRequest))
            }
        }
    }

    /// What a new match asks for: what this one was created with, or a
    /// match of the same variant for a person to join.
    private var nextMatchRequest: MatchRequest {
        if case .create = firstRequest { return firstRequest }
        return .create(variant: networkTable.game.variant, bot: nil)
    }

    private func keep(_ ticket: SeatTicket) {
        guard let ticketPlace else { return }
        let url: URL
        switch ticketPlace {
        case .file(let file): url = file
        case .folder(let folder): url = folder.appendingPathComponent(SeatTicketFile.fileName(for: ticket))
        }
        do {
            try SeatTicketFile(server: networkTable.server, ticket: ticket).save(to: url)
            if ticketFile != url {
                networkTable.say("Seat ticket kept in \(url.path): duo --resume \(url.path)")
            }
            ticketFile = url
        } catch {
            networkTable.say("The seat ticket could not be kept in \(url.path) (\(error.localizedDescription))")
        }
    }

    private func forgetTicket() {
        guard let ticketFile else { return }
        try? FileManager.default.removeItem(at: ticketFile)
        self.ticketFile = nil
    }

    /// A socket error in words for the screen ("connection refused").
    static func words(_ error: LineSocketError) -> String {
        switch error {
        case .closed: return "the server closed the connection"
        case .timedOut: return "the server did not answer"
        case .framing: return "the server sent a line that is too long"
        case .io(let socketError): return String(cString: strerror(socketError.code)).lowercased()
        }
    }
}
