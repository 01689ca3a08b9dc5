import Broadside
import DuoPlatform
import TabletopEngine

/// Broadside at the desktop: clicks act on mouse-down (a cell of the
/// primary board, or a control), the pointer previews placements and aim
/// (see `DesktopTable+Pointer.swift`, shared with ``NetworkGame``).
extension BroadsideTable: DesktopGame {
    /// `Broadside`.
    public var title: String { "Broadside" }

    /// The screen of the moment of play (Broadside's screens do not depend on the scene).
    public func screen(in context: LayoutContext) -> HUDScreen { screen }

    /// The `Game` group of the hotkey table.
    public var hotkeys: [Hotkey] { Hotkeys.table.filter { $0.group == Hotkeys.gameGroup } }

    /// The sea: darker on the upright panel.
    public var panelColors: (flat: RGBAColor, upright: RGBAColor) { (Palette.flatSea, Palette.uprightSea) }

    /// The scene draws the glare and the swell on the upright panels.
    public var drawsHingeEffect: Bool { false }

    /// Draws the boards, status, dock, buttons and banner.
    public func paint(on canvas: Canvas, layout: HUDLayout, context: LayoutContext, effect: HingeEffect.Visual?) {
        BroadsidePainter(canvas: canvas, table: self, layout: layout).draw()
    }

    /// Previews the cell under the pointer.
    public mutating func pointerMoved(to point: Point?, layout: HUDLayout) {
        handle(.hover(point.flatMap { boardCell(at: $0, layout: layout) }))
    }

    /// A cell of the primary board, or a control.
    public mutating func pointerPressed(at point: Point, layout: HUDLayout) {
        if let input = input(pressedAt: point, layout: layout) { handle(input) }
    }

    /// Nothing: Broadside acts on mouse-down.
    public mutating func pointerReleased(at point: Point?, layout: HUDLayout) {}

    /// Rotate, auto-place, clear, pass or reveal, new game.
    public mutating func perform(_ command: DesktopCommand) {
        if let input = TableInput(command) { handle(input) }
    }
}
