import DuoClient
import DuoDesktop
import DuoPlatform
import Noughts
import TabletopEngine

/// Noughts at the desktop, painted from views only: the table shows the
/// last view its seat was sent and asks for moves, never making them. The
/// engine plays it everywhere: against a bot or two people on this device
/// (`LocalMatchGame`), on a server (`NetworkGame`), and in replays.
public struct NoughtsTable: NetworkTable {
    /// The game's catalog name, asked for when the window creates a match.
    public static var gameName: String { Noughts.name }
    /// The server as the person named it (`LocalMatchHost.serverName` for a match on this device).
    public let server: String
    /// The rules.
    public let game: Noughts
    /// The match's code, once seated.
    public private(set) var code: String?
    /// The seat played (nil while waiting, or for a spectator).
    public private(set) var seat: Seat?
    /// The last view sent: an empty board until the first.
    public private(set) var view: Noughts.View
    /// The result, once the match is over.
    public private(set) var result: MatchResult?
    /// The latest sentence to show (a refused move, a lost connection), or empty.
    public private(set) var news = ""
    var connection: ConnectionState = .connecting(attempt: 1)
    var requests: [NetworkRequest<Noughts.Move>] = []

    /// A table for `game`'s matches held by `server`.
    public init(game: Noughts, server: String) {
        self.game = game
        self.server = server
        view = game.seatView(of: game.makeInitialState(MatchSetup(seed: 0)), for: .first)
    }

    /// The rules variant on the table.
    public var variant: String { game.variant }

    // MARK: What the match's host sends

    /// A seat, a view, the result or a refusal.
    public mutating func receive(_ message: ServerMessage) {
        switch message {
        case .seated(_, let ticket, _, _, _, _):
            (seat, code, result) = (ticket.seat, ticket.code, nil)
        case .watching(let code, _, _, _):
            (seat, self.code, result) = (nil, code, nil)
        case .view(let update) where update.seat == seat:
            if let view = try? update.decode(Noughts.View.self) { self.view = view }
        case .ended(_, let result):
            self.result = result
        case .error(let error):
            news = error.message
        default:
            break
        }
    }

    /// The connection's state (a match on this device is always connected).
    public mutating func setConnection(_ state: ConnectionState, now: Double, asking summary: String) {
        connection = state
        if case .lost(let reason) = state { news = "Not connected: \(reason) (Enter: try again)" }
    }

    /// A sentence to show.
    public mutating func say(_ line: String) { news = line }

    /// The moves asked for since the last call.
    public mutating func takeRequests() -> [NetworkRequest<Noughts.Move>] {
        defer { requests = [] }
        return requests
    }

    // MARK: What the window shows

    /// The window title's name.
    public var title: String { "Noughts" }
    /// The one screen, whatever the scene.
    public func screen(in context: LayoutContext) -> HUDScreen { NoughtsHUD.screen }
    /// The game's lines of the hotkey help.
    public var hotkeys: [Hotkey] { Self.keys }
    /// The game's lines of the hotkey help, for `--help` too.
    public static let keys = [
        Hotkey(keys: "Click", action: "play a cell / press a button", group: Hotkeys.gameGroup),
        Hotkey(keys: "N", action: "new game", group: Hotkeys.gameGroup),
    ]
    /// The panels' backgrounds.
    public var panelColors: (flat: RGBAColor, upright: RGBAColor) { (RGBAColor(hex: 0x1B2330), RGBAColor(hex: 0x131A24)) }

    /// Draws each placed element in its frame, from the view.
    public func paint(on canvas: Canvas, layout: HUDLayout, context: LayoutContext, effect: HingeEffect.Visual?) {
        let text = TextStyle(size: 15, bold: true, color: RGBAColor(hex: 0xFFFFFF))
        for placement in layout.placements {
            let frame = placement.frame
            canvas.fillRoundedRect(
                x: frame.minX, y: frame.minY, width: frame.width, height: frame.height, radius: 8,
                color: placement.anchor == .controls ? Palette.button : Palette.statusBackground)
            switch placement.id {
            case "turn":
                canvas.drawText(turnText, x: frame.minX + 10, y: frame.midY, style: text, alignment: .leading)
            case "board":
                for cell in 0..<9 {
                    let box = NoughtsHUD.grid.cellFrame(row: cell / 3, column: cell % 3, in: frame)
                    canvas.strokeRect(x: box.minX, y: box.minY, width: box.width, height: box.height, color: Palette.gridLine)
                    guard view.cells[cell] >= 0 else { continue }
                    let mark = TextStyle(size: box.height * 0.6, bold: true, color: view.cells[cell] == 0 ? Palette.hit : Palette.miss)
                    canvas.drawText(view.cells[cell] == 0 ? "X" : "O", x: box.midX, y: box.midY, style: mark, alignment: .center)
                }
            default:
                canvas.drawText(placement.id == "help" ? "Help" : "New game", x: frame.midX, y: frame.midY, style: text, alignment: .center)
            }
        }
    }

    /// Whose turn, or the result, or the latest news.
    var turnText: String {
        if let result { return result.winner.map { $0 == .first ? "X wins" : "O wins" } ?? "A draw" }
        if !news.isEmpty { return news }
        guard let toMove = view.toMove else { return "Waiting for the match" }
        return (toMove == .first ? "X" : "O") + (toMove == seat ? " to play: you" : " to play")
    }

    // MARK: Input and time

    /// A click on an empty cell asks for it (the seat's turn only); New game asks for the next match once this one is over.
    public mutating func pointerPressed(at point: Point, layout: HUDLayout) {
        if layout.element(at: point)?.id == "new-game" {
            if result != nil { requests.append(.newMatch) }
            return
        }
        guard let frame = layout.frame(of: "board"), let cell = NoughtsHUD.grid.cell(at: point, in: frame) else { return }
        play(cell: cell.row * 3 + cell.column)
    }

    /// Asks for `cell` (0...8, row by row) when the seat may play it now.
    public mutating func play(cell: Int) {
        guard let seat, view.toMove == seat, result == nil, connection.isSeated, view.cells.indices.contains(cell), view.cells[cell] < 0
        else { return }
        news = ""
        requests.append(.move(Noughts.Move(cell: cell)))
    }

    /// Nothing follows the pointer.
    public mutating func pointerMoved(to point: Point?, layout: HUDLayout) {}
    /// Clicks act when the button goes down.
    public mutating func pointerReleased(at point: Point?, layout: HUDLayout) {}

    /// Enter tries a lost connection again; N asks for the next match once this one is over.
    public mutating func perform(_ command: DesktopCommand) {
        if case .lost = connection, command == .confirm { requests.append(.retry) }
        if command == .newGame, result != nil { requests.append(.newMatch) }
    }

    /// Nothing moves by itself: the views say what happened.
    public mutating func advance(by seconds: Double) {}
    /// Nothing: the engine plays demo turns through the match's host.
    public mutating func playDemoTurns(_ turns: Int) {}
}
