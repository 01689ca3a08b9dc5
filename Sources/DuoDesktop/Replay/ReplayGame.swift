import DuoClient
import DuoPlatform
import TabletopEngine

/// A replay in the window (`duo --replay FILE`): the game's own networked
/// table, fed by a ``ReplayTransport``, as one seat or a spectator saw the
/// match, stepped with keys: F forward and B back (Shift: ten moves), A to
/// the start, E to the end.
public final class ReplayGame: DesktopGame {
    /// The game's table around the replay (a ``NetworkGame``).
    public private(set) var table: any DesktopGame
    /// The replay being shown.
    public let transport: ReplayTransport
    /// The file's name, for the status line.
    public let fileName: String

    /// Shows `transport`'s replay through `table` (made by the game's registration around `transport`).
    public init(table: any DesktopGame, transport: ReplayTransport, fileName: String) {
        self.table = table
        self.transport = transport
        self.fileName = fileName
        self.table.advance(by: 0)
    }

    /// The step shown (0: before the first move).
    public var step: Int { transport.step }

    /// Goes to step `index` (clamped to the replay) and lets the table take its view in.
    /// The table then shows what a table that has seen moves 0 to `index`
    /// shows, however it got there: the next step is shown on from this one;
    /// any other (back, a jump) starts the table again and plays it every step up to `index`.
    public func show(step index: Int) {
        let target = min(max(0, index), transport.steps.moveCount)
        guard target != step else { return }
        if target != step + 1, let seat = table as? any SeatGame {
            transport.seek(step: target)
            seat.restart()
        } else {
            transport.show(step: target)
        }
        table.advance(by: 0)
    }

    /// `Broadside replay`.
    public var title: String { "\(table.title) replay" }
    /// The table's screen.
    public func screen(in context: LayoutContext) -> HUDScreen { table.screen(in: context) }
    /// The replay's keys, then the table's.
    public var hotkeys: [Hotkey] {
        [
            Hotkey(keys: "F / B", action: "next / previous move of the replay (Shift: 10 moves)", group: Hotkeys.gameGroup),
            Hotkey(keys: "A / E", action: "the replay's start / end", group: Hotkeys.gameGroup),
        ]
    }
    /// The table's colours.
    public var panelColors: (flat: RGBAColor, upright: RGBAColor) { table.panelColors }
    /// The table's hinge effect.
    public var hingeEffectStyle: HingeEffectStyle { table.hingeEffectStyle }
    /// The table paints the step's view.
    public func paint(on canvas: Canvas, layout: HUDLayout, context: LayoutContext, effect: HingeEffect.Visual?) {
        table.paint(on: canvas, layout: layout, context: context, effect: effect)
    }
    /// The table previews (a move it asks for is refused).
    public func pointerMoved(to point: Point?, layout: HUDLayout) { table.pointerMoved(to: point, layout: layout) }
    /// The table's press.
    public func pointerPressed(at point: Point, layout: HUDLayout) { table.pointerPressed(at: point, layout: layout) }
    /// The table's release.
    public func pointerReleased(at point: Point?, layout: HUDLayout) { table.pointerReleased(at: point, layout: layout) }

    /// F, B, A and E step through the replay; other commands go to the table.
    public func perform(_ command: DesktopCommand) {
        switch command {
        case .gameKey(.letter("f"), let shift): show(step: step + (shift ? 10 : 1))
        case .gameKey(.letter("b"), let shift): show(step: step - (shift ? 10 : 1))
        case .gameKey(.letter("a"), _): show(step: 0)
        case .gameKey(.letter("e"), _): show(step: transport.steps.moveCount)
        default: table.perform(command)
        }
    }

    /// The table's time.
    public func advance(by seconds: Double) { table.advance(by: seconds) }

    /// Scrolls the shown table's news log.
    public func scrollNews(by steps: Int) { table.scrollNews(by: steps) }

    /// Takes the shown table's banner down.
    public func dismissBanner() -> Bool { table.dismissBanner() }
    /// Plays forward `turns` moves of the replay (a picture of a later step).
    public func playDemoTurns(_ turns: Int) { show(step: step + turns) }
    /// The file, the step and who is watching.
    public var statusNote: String? {
        let who = transport.steps.viewer.map { "seat \($0.index)" } ?? "spectator"
        return "replay \(fileName) · move \(step) of \(transport.steps.moveCount) · \(who)"
    }
    /// Nothing outside the process.
    public func close() { table.close() }
}
