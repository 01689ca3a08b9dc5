import DuoDesktop
import DuoPlatform
import Noughts
import TabletopEngine

/// Noughts at the desktop: a person (X, seat 0) against a bot, or two people.
public struct NoughtsTable: DesktopGame {
    let game: Noughts
    let botName: String?
    let seed: UInt64
    var matchIndex = 0
    var state: Noughts.State
    var bot: NoughtsBot?
    var botDelay = 0.5

    /// A session against the bot `botName` (nil: two people), seeded by `seed`.
    public init(game: Noughts, botName: String?, seed: UInt64) throws {
        self.game = game
        self.botName = botName
        self.seed = seed
        state = game.makeInitialState(MatchSetup(batchSeed: seed, matchIndex: 0))
        bot = try botName.map { try game.makeBot(named: $0, seat: .second, seed: seed) }
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

    /// Draws each placed element in its frame.
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
                    guard let owner = state.cells[cell] else { continue }
                    let mark = TextStyle(size: box.height * 0.6, bold: true, color: owner == .first ? Palette.hit : Palette.miss)
                    canvas.drawText(owner == .first ? "X" : "O", x: box.midX, y: box.midY, style: mark, alignment: .center)
                }
            default:
                canvas.drawText(placement.id == "help" ? "Help" : "New game", x: frame.midX, y: frame.midY, style: text, alignment: .center)
            }
        }
    }

    /// Whose turn, or the result.
    var turnText: String {
        guard let result = game.result(of: state) else { return state.turn == .first ? "X to play" : "O to play" }
        return result.winner.map { $0 == .first ? "X wins" : "O wins" } ?? "A draw"
    }

    // MARK: Input and time

    /// A click on a cell plays it (a person's turn only); on New game starts again.
    public mutating func pointerPressed(at point: Point, layout: HUDLayout) {
        if layout.element(at: point)?.id == "new-game" { return newGame() }
        guard bot == nil || state.turn == .first, let frame = layout.frame(of: "board"),
            let cell = NoughtsHUD.grid.cell(at: point, in: frame)
        else { return }
        try? game.play(Noughts.Move(cell: cell.row * 3 + cell.column), by: state.turn, in: &state)
        botDelay = 0.5
    }

    /// Nothing follows the pointer.
    public mutating func pointerMoved(to point: Point?, layout: HUDLayout) {}
    /// Clicks act when the button goes down.
    public mutating func pointerReleased(at point: Point?, layout: HUDLayout) {}

    /// N starts a new game.
    public mutating func perform(_ command: DesktopCommand) {
        if case .newGame = command { newGame() }
    }

    /// The bot moves half a second after its turn comes.
    public mutating func advance(by seconds: Double) {
        guard var bot, game.seatsToMove(in: state).contains(.second) else { return }
        botDelay -= seconds
        guard botDelay <= 0, let move = bot.move(for: game.seatView(of: state, for: .second)) else { return }
        try? game.play(move, by: .second, in: &state)
        self.bot = bot
        botDelay = 0.5
    }

    /// Bots play `turns` moves (for screenshots).
    public mutating func playDemoTurns(_ turns: Int) {
        guard var x = try? game.makeBot(named: "smart", seat: .first, seed: seed),
            var o = try? game.makeBot(named: "random", seat: .second, seed: seed)
        else { return }
        for _ in 0..<turns {
            guard let seat = game.seatsToMove(in: state).seats.first else { return }
            let view = game.seatView(of: state, for: seat)
            guard let move = seat == .first ? x.move(for: view) : o.move(for: view) else { return }
            try? game.play(move, by: seat, in: &state)
        }
    }

    mutating func newGame() {
        matchIndex += 1
        let setup = MatchSetup(batchSeed: seed, matchIndex: matchIndex)
        state = game.makeInitialState(setup)
        bot = botName.flatMap { try? game.makeBot(named: $0, seat: .second, seed: setup.botSeed(for: .second)) }
        botDelay = 0.5
    }
}
