import DuoClient
import DuoPlatform
import TabletopEngine

/// A game's table: its seat view, its painter and its input-to-move mapping,
/// and nothing else. Everything a seat needs besides (the connection and its
/// retries, the seat, the match code, the opponent, the spectator flag, the
/// result, the moves in flight, the news and its banner, the wins, and the
/// notices: the match code to read out, reconnecting, lost, spectating, the
/// end) is the engine's ``SeatSession``, which the window owns and hands to
/// the table on every call, read-only.
///
/// The engine plays one table everywhere: against a bot and with two people
/// on this device (``LocalMatchGame``), on a server (``NetworkGame``) and in
/// replays (``ReplayGame``). A table only ever receives its own seat's views
/// (or a spectator's), so what a seat may not see cannot be painted.
///
/// A value with no I/O in it. Moves are asked for, never made: input returns
/// the moves it means, and the engine sends them when the seat may move (one
/// batch at a time; a move the host refuses puts its sentence in the news).
/// The engine draws the news log in the element ``DesktopElementID/news``
/// when the table's screen has one (with a notice in it while there is one),
/// and the banner over a board looked at: a table's painter leaves those
/// elements alone (``SeatSession/paintedElementIDs``).
public protocol SeatTable {
    /// The game's move, as the host reads it.
    associatedtype Move: Encodable & Sendable & Hashable

    /// The game's catalog name, asked for when the window creates a match.
    static var gameName: String { get }
    /// The game's name, for the window title (`Noughts`).
    var title: String { get }
    /// The rules variant on the table: a new match after this one asks for it.
    var variant: String { get }
    /// The game's lines of the hotkey help (group ``Hotkeys/gameGroup``).
    var hotkeys: [Hotkey] { get }
    /// The backgrounds of the panel lying flat and of the panel standing upright.
    var panelColors: (flat: RGBAColor, upright: RGBAColor) { get }
    /// How the scene shows the hinge effect on the upright panels (default: ``HingeEffectStyle/glare``).
    var hingeEffectStyle: HingeEffectStyle { get }

    /// Takes the host's rules for a match (when it seats or lets the table watch):
    /// - Throws: any error, when the rules cannot be used (the engine puts it in the news and shows nothing of the match).
    mutating func load(variant: String, rules: JSONValue) throws
    /// A new match starts at this table: an empty board as `session` sees it
    /// (``SeatSession/viewer``; ``SeatSession/isSpectator`` for a spectator's).
    mutating func startMatch(session: SeatSession)
    /// Shows a view the host sent (the seat's own, or the public view for a
    /// spectator), and says in `news` what changed since the last one shown,
    /// in the game's own words (the engine adds the match's comings and goings).
    /// - Throws: any error, when the view cannot be read (the engine says so in the news).
    mutating func show(_ update: ViewUpdate, session: SeatSession, news: inout SeatNews) throws

    /// The HUD screen to lay out now.
    func screen(in context: LayoutContext, session: SeatSession) -> HUDScreen
    /// Paints the table in scene points, over the panel backgrounds (leaving
    /// ``SeatSession/paintedElementIDs`` to the engine).
    func paint(on canvas: Canvas, layout: HUDLayout, context: LayoutContext, effect: HingeEffect.Visual?, session: SeatSession)

    /// The pointer moved to a scene point (nil: off the display): previews.
    mutating func pointerMoved(to point: Point?, layout: HUDLayout, session: SeatSession)
    /// The primary button went down on a scene point: the moves it asks for.
    mutating func pointerPressed(at point: Point, layout: HUDLayout, session: SeatSession) -> [Move]
    /// The primary button came up (nil: off the display): the moves it asks for.
    mutating func pointerReleased(at point: Point?, layout: HUDLayout, session: SeatSession) -> [Move]
    /// A game key (Enter and the game's own; New game is the engine's): the moves it asks for.
    mutating func perform(_ command: DesktopCommand, session: SeatSession) -> [Move]
    /// Lets `seconds` pass (an animation).
    mutating func advance(by seconds: Double)
    /// Whether the table is still showing a move it was sent (a golf ball
    /// rolling): the engine holds back the news of that move until it is
    /// shown, and a bot in the window's process waits before thinking.
    var isShowingMove: Bool { get }
    /// Shows the outcome of the moves it was sent at once (a picture of the position, not of a ball mid-roll).
    mutating func finishShowingMoves()

    /// Where the banner goes in a layout (nil: where the engine puts it, over a board looked at).
    func bannerFrame(in layout: HUDLayout) -> Rect?

    /// What the turn cell says now (for the engine's checks of what a table says over time).
    func turnText(session: SeatSession) -> String
    /// What the score cell says now ("" for none).
    func scoreText(session: SeatSession) -> String
}

extension SeatTable {
    /// The neutral glare.
    public var hingeEffectStyle: HingeEffectStyle { .glare }
    /// Nothing follows the pointer.
    public mutating func pointerMoved(to point: Point?, layout: HUDLayout, session: SeatSession) {}
    /// Nothing is asked on a press.
    public mutating func pointerPressed(at point: Point, layout: HUDLayout, session: SeatSession) -> [Move] { [] }
    /// Nothing is asked on a release.
    public mutating func pointerReleased(at point: Point?, layout: HUDLayout, session: SeatSession) -> [Move] { [] }
    /// No key of its own.
    public mutating func perform(_ command: DesktopCommand, session: SeatSession) -> [Move] { [] }
    /// Nothing moves by itself.
    public mutating func advance(by seconds: Double) {}
    /// Nothing takes time to show.
    public var isShowingMove: Bool { false }
    /// Nothing to finish.
    public mutating func finishShowingMoves() {}
    /// Where the engine puts it.
    public func bannerFrame(in layout: HUDLayout) -> Rect? { nil }
    /// No score cell.
    public func scoreText(session: SeatSession) -> String { "" }
}

/// A table whose news names something as its board is drawn (golf's stroke angles, in the
/// frame of its aim readout): the news box draws each line as ``newsWords(_:in:)`` words it
/// for the layout drawn, so a line reads true for whoever looks at that table now, whichever
/// way the board is drawn there. The news itself (``SeatSession/feed``, ``TableReadout/news``)
/// keeps the words the table said.
public protocol NewsWordedForLayout {
    /// `line` of the table's news as the news box draws it in `layout` (the line itself where nothing in it depends on the layout).
    func newsWords(_ line: String, in layout: HUDLayout) -> String
}
