import DuoDesktop
import DuoPlatform
import MiniGolf
import TabletopEngine

/// Mini golf at the desktop: drag on the course (pull back from the ball,
/// release to strike), or aim with J/K and I/M and strike with Enter.
extension MiniGolfTable: DesktopGame {
    /// `Mini golf`.
    public var title: String { "Mini golf" }

    /// The course alone, or course and caddie when the scene has an active fold.
    public func screen(in context: LayoutContext) -> HUDScreen { hud.screen(in: context) }

    /// The game's lines of the hotkey help.
    public var hotkeys: [Hotkey] { Self.desktopHotkeys }

    /// Mini golf's lines of the hotkey help (group ``DuoDesktop/Hotkeys/gameGroup``).
    public static let desktopHotkeys: [Hotkey] = [
        Hotkey(keys: "Drag", action: "on the course: pull back from the ball, release to strike", group: Hotkeys.gameGroup),
        Hotkey(keys: "J / K", action: "aim left / right 1° (Shift: 10°)", group: Hotkeys.gameGroup),
        Hotkey(keys: "I / M", action: "power up / down 1% (Shift: 10%)", group: Hotkeys.gameGroup),
        Hotkey(keys: "Enter", action: "strike", group: Hotkeys.gameGroup),
        Hotkey(keys: "N", action: "new game (press twice while a match runs)", group: Hotkeys.gameGroup),
    ]

    /// Grass.
    public var panelColors: (flat: RGBAColor, upright: RGBAColor) { (GolfPalette.flatPanel, GolfPalette.uprightPanel) }

    /// The glare is drawn as lens flare in the caddie view.
    public var hingeEffectStyle: HingeEffectStyle { .drawnByGame }

    /// Draws status, course, caddie view and buttons.
    public func paint(on canvas: Canvas, layout: HUDLayout, context: LayoutContext, effect: HingeEffect.Visual?) {
        MiniGolfPainter(canvas: canvas, table: self, layout: layout, effect: effect).draw()
    }

    /// Follows a drag.
    public mutating func pointerMoved(to point: Point?, layout: HUDLayout) {
        if let point { moveDrag(to: point) }
    }

    /// Starts a drag on the course (New game is the match's host's, the help control the window's).
    public mutating func pointerPressed(at point: Point, layout: HUDLayout) {
        guard let placement = layout.element(at: point), placement.id == MiniGolfHUD.ElementID.course else { return }
        beginDrag(at: point)
    }

    /// Ends a drag: strikes with it, or drops it when released off the display.
    public mutating func pointerReleased(at point: Point?, layout: HUDLayout) {
        guard drag != nil else { return }
        guard let point, let viewport = courseViewport(in: layout) else {
            cancelDrag()
            return
        }
        moveDrag(to: point)
        endDrag(on: viewport)
    }

    /// Enter strikes, J/K aim and I/M set the power (N is the match's host's).
    public mutating func perform(_ command: DesktopCommand) {
        switch command {
        case .confirm: strike()
        case .gameKey(let key, let shift):
            let step = shift ? 10 : 1
            switch key {
            case .letter("j"): turnAim(by: -step)
            case .letter("k"): turnAim(by: step)
            case .letter("i"): changePower(by: step)
            case .letter("m"): changePower(by: -step)
            default: break
            }
        default: break
        }
    }

    /// Nothing: the match's host plays demo turns (`LocalMatchGame`).
    public mutating func playDemoTurns(_ turns: Int) {}

    /// Where the shown hole is drawn in a layout.
    func courseViewport(in layout: HUDLayout) -> CourseViewport? {
        layout.frame(of: MiniGolfHUD.ElementID.course).map { CourseViewport(hole: game.rules.holes[shownHole], in: $0) }
    }
}
