import DuoPlatform
import TabletopEngine

/// A game as the desktop window plays it: everything the session, the
/// window, `duo screenshot` and `duo lint` need from a game, so none of them
/// names one. Each game brings a ``SeatTable`` painted from views only
/// (Broadside's `BroadsideNetworkTable`), and the engine makes the
/// `DesktopGame`s around it: a match held by a server is a ``NetworkGame``,
/// a match on this device a ``LocalMatchGame``, a replay a ``ReplayGame``.
///
/// Usually a value driven by input and time, with its painting as a pure
/// function of it: the session owns one, feeds it pointer events (in scene
/// points, with the HUD layout they hit), game commands and time, and asks
/// it to paint. Not `Sendable`: a networked game is an object holding a
/// connection, driven by the window's loop one call at a time.
public protocol DesktopGame {
    /// The game's name, for the window title (`Broadside`).
    var title: String { get }
    /// The HUD screen to lay out in a scene now.
    func screen(in context: LayoutContext) -> HUDScreen
    /// The game's own lines of the hotkey help (group `Game`).
    var hotkeys: [Hotkey] { get }
    /// The backgrounds of the panel lying flat (lower, trailing, or the only
    /// one) and of the panel standing upright (upper, leading).
    var panelColors: (flat: RGBAColor, upright: RGBAColor) { get }
    /// How the scene shows the hinge effect on the upright panels (the
    /// default: the neutral ``HingeEffectStyle/glare``).
    var hingeEffectStyle: HingeEffectStyle { get }
    /// Paints the game, in scene points, over the panel backgrounds.
    /// - Parameters:
    ///   - canvas: where to draw.
    ///   - layout: the HUD laid out for this scene (from ``screen(in:)``).
    ///   - context: the scene's layout context.
    ///   - effect: the hinge effect to show, nil at rest.
    func paint(on canvas: Canvas, layout: HUDLayout, context: LayoutContext, effect: HingeEffect.Visual?)
    /// The pointer moved to a scene point (nil: off the display).
    mutating func pointerMoved(to point: Point?, layout: HUDLayout)
    /// The primary button went down on a scene point (the session has already
    /// handled the help control and the help overlay).
    mutating func pointerPressed(at point: Point, layout: HUDLayout)
    /// The primary button came up (nil: off the display).
    mutating func pointerReleased(at point: Point?, layout: HUDLayout)
    /// A game command from the keyboard; device and view commands never reach it.
    mutating func perform(_ command: DesktopCommand)
    /// Lets `seconds` pass (animations, bots thinking).
    mutating func advance(by seconds: Double)
    /// Plays `turns` moves with bots on both sides: a mid-game position for
    /// pictures and tests, reproducible from the game's seed.
    mutating func playDemoTurns(_ turns: Int)
    /// A few words for the window's status line (a networked game's
    /// connection), or nil.
    var statusNote: String? { get }
    /// The status line's note on a device that can or cannot stand as a tent
    /// (one with no hinge): words that hold on the device shown. The default: ``statusNote``.
    func statusNote(canStandAsTent: Bool) -> String?
    /// Lets go of what the game holds outside the process (a server
    /// connection) when the window closes.
    mutating func close()
    /// Whether a match is under way that a new game would throw away. While
    /// it is, the session asks for New game twice (``NewGameConfirmation``)
    /// and then calls ``abandonMatch()`` instead of starting at once.
    var isMatchInProgress: Bool { get }
    /// The seat at this table that asked for a new game resigns the match
    /// under way: the game records the resignation where it keeps results
    /// (news, wins) and starts the next match.
    mutating func abandonMatch()
    /// Scrolls the game's news log by `steps` entries (positive: towards
    /// older news): PageUp and PageDown.
    mutating func scrollNews(by steps: Int)
    /// Takes down the banner showing, if any (Esc, before it closes the
    /// window); returns whether one was showing.
    mutating func dismissBanner() -> Bool
    /// Where two people sit at the standing device now (nil: not a tent that
    /// seats two): the session tells the game on every change of the device.
    /// A game that gives each seat its own half (``LocalMatchGame``) lays them out there.
    mutating func seat(_ seating: TentSeating?)
    /// Whether the game shows each seat on its own half now: the window then
    /// draws each half square on, as its own viewer sees it, not leaning for one viewer.
    var isShowingSeatsOnHalves: Bool { get }
    /// The element under a scene point, for the session's own controls (help, New game);
    /// a game laying out more than the session's layout (a seat on each half) finds it in its own.
    func element(at point: Point, layout: HUDLayout) -> HUDLayout.Placement?
}

extension DesktopGame {
    /// The neutral glare.
    public var hingeEffectStyle: HingeEffectStyle { .glare }
    /// Nothing to say on the status line.
    public var statusNote: String? { nil }
    /// ``statusNote``, whatever the device.
    public func statusNote(canStandAsTent: Bool) -> String? { statusNote }
    /// Nothing to let go of.
    public mutating func close() {}
    /// No match to lose: New game starts at once.
    public var isMatchInProgress: Bool { false }
    /// Starts the next match (a game with no result to record).
    public mutating func abandonMatch() { perform(.newGame) }
    /// No news log to scroll.
    public mutating func scrollNews(by steps: Int) {}
    /// No banner to take down.
    public mutating func dismissBanner() -> Bool { false }
    /// One view for everyone: no seating to follow.
    public mutating func seat(_ seating: TentSeating?) {}
    /// One view for everyone.
    public var isShowingSeatsOnHalves: Bool { false }
    /// The session's layout's element under the point.
    public func element(at point: Point, layout: HUDLayout) -> HUDLayout.Placement? { layout.element(at: point) }
}

/// Element ids every game's HUD shares with the session.
public enum DesktopElementID {
    /// The control that opens the hotkey help (the session handles it).
    public static let help = "help"
    /// The New game control: the session asks for confirmation while a match
    /// is under way (``DesktopGame/isMatchInProgress``) before the game sees it.
    public static let newGame = "new-game"
    /// The news log: a table's screen that declares one gets the engine's news
    /// (and its notices) drawn there (``NewsLogPainter``, ``SeatSession``).
    public static let news = "news"
}
