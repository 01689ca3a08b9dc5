import DuoClient
import DuoDesktop
import DuoPlatform
import Foundation
import Noughts
import TabletopEngine

/// Noughts at the desktop: the last view its seat was sent, its painter and
/// the move a click asks for. The engine plays it everywhere (against a bot
/// or two people on this device, on a server, in replays) and keeps the rest
/// in the `SeatSession` it hands over: the seat, the match, the result, the
/// news, the connection and its notices.
public struct NoughtsTable: SeatTable {
    /// The game's catalog name, asked for when the window creates a match.
    public static var gameName: String { Noughts.name }
    /// The rules.
    public private(set) var game: Noughts
    /// The last view sent: an empty board until the first.
    public private(set) var view: Noughts.View

    /// A table for `game`'s matches.
    public init(game: Noughts) {
        self.game = game
        view = game.publicView(of: game.makeInitialState(MatchSetup(seed: 0)))
    }

    /// The rules variant on the table.
    public var variant: String { game.variant }

    // MARK: What the match's host sends

    /// The host's rules.
    public mutating func load(variant: String, rules: JSONValue) throws {
        game = try Noughts(variant: variant, rulesData: Data(rules.serialized))
    }

    /// An empty board.
    public mutating func startMatch(session: SeatSession) {
        view = game.publicView(of: game.makeInitialState(MatchSetup(seed: 0)))
    }

    /// A view (nothing is hidden: the seat's and a spectator's read alike).
    public mutating func show(_ update: ViewUpdate, session: SeatSession, news: inout SeatNews) throws {
        view = try update.decode(Noughts.View.self)
    }

    // MARK: What the window shows

    /// The window title's name.
    public var title: String { "Noughts" }
    /// The one screen, whatever the scene.
    public func screen(in context: LayoutContext, session: SeatSession) -> HUDScreen { NoughtsHUD.screen }
    /// The game's lines of the hotkey help.
    public var hotkeys: [Hotkey] { Self.keys }
    /// The game's lines of the hotkey help, for `--help` too.
    public static let keys = [
        Hotkey(keys: "Click", action: "play a cell / press a button", group: Hotkeys.gameGroup),
        Hotkey(keys: "N", action: "new game", group: Hotkeys.gameGroup),
    ]
    /// The panels' backgrounds.
    public var panelColors: (flat: RGBAColor, upright: RGBAColor) { (RGBAColor(hex: 0x1B2330), RGBAColor(hex: 0x131A24)) }

    /// Draws each placed element in its frame, from the view (the engine draws the news).
    public func paint(on canvas: Canvas, layout: HUDLayout, context: LayoutContext, effect: HingeEffect.Visual?, session: SeatSession) {
        let text = TextStyle(size: 15, bold: true, color: RGBAColor(hex: 0xFFFFFF))
        for placement in layout.placements where !SeatSession.paintedElementIDs.contains(placement.id) {
            let frame = placement.frame
            canvas.fillRoundedRect(
                x: frame.minX, y: frame.minY, width: frame.width, height: frame.height, radius: 8,
                color: placement.anchor == .controls ? Palette.button : Palette.statusBackground)
            switch placement.id {
            case "turn":
                canvas.drawText(turnText(session: session), x: frame.minX + 10, y: frame.midY, style: text, alignment: .leading)
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

    /// Whose turn, or the result.
    public func turnText(session: SeatSession) -> String {
        if let result = session.result { return result.winner.map { $0 == .first ? "X wins" : "O wins" } ?? "A draw" }
        guard let toMove = view.toMove else { return "Waiting for the match" }
        return (toMove == .first ? "X" : "O") + (session.isYou(toMove) ? " to play: you" : " to play")
    }

    // MARK: Input

    /// A click on a cell of the board asks for it.
    public mutating func pointerPressed(at point: Point, layout: HUDLayout, session: SeatSession) -> [Noughts.Move] {
        guard let frame = layout.frame(of: "board"), let cell = NoughtsHUD.grid.cell(at: point, in: frame) else { return [] }
        return play(cell: cell.row * 3 + cell.column, session: session)
    }

    /// The move at `cell` (0...8, row by row), when it is the seat's turn and the cell is empty.
    public func play(cell: Int, session: SeatSession) -> [Noughts.Move] {
        guard let toMove = view.toMove, session.isYou(toMove), view.cells.indices.contains(cell), view.cells[cell] < 0 else { return [] }
        return [Noughts.Move(cell: cell)]
    }
}
