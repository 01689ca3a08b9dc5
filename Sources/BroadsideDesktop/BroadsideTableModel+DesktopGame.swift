import Broadside
import DuoDesktop
import DuoPlatform
import TabletopEngine

/// Broadside at the desktop, for every table painted through `BroadsideTableModel`:
/// clicks act on mouse-down (a cell of the primary board, or a control),
/// the pointer previews placements and aim (see
/// `BroadsideTableModel+Pointer.swift`), and Broadside maps its own keys.
extension BroadsideTableModel {
    /// `Broadside`.
    public var title: String { "Broadside" }

    /// The screen of the moment of play (Broadside's screens do not depend on the scene).
    public func screen(in context: LayoutContext) -> HUDScreen { screen }

    /// Broadside's lines of the hotkey help.
    public var hotkeys: [Hotkey] { BroadsideKeys.hotkeys }

    /// The sea: darker on the upright panel.
    public var panelColors: (flat: RGBAColor, upright: RGBAColor) { (Palette.flatSea, Palette.uprightSea) }

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
        if let input = input(pressedAt: point, layout: layout) { apply(input) }
    }

    /// Nothing: Broadside acts on mouse-down.
    public mutating func pointerReleased(at point: Point?, layout: HUDLayout) {}

    /// Rotate, auto-place, clear, reconnect, new game, the other rows.
    public mutating func perform(_ command: DesktopCommand) {
        if let input = BroadsideInput(command) { apply(input) }
    }
}

/// The table, painted from views only, for a server's match and for one on
/// this device alike (`LocalMatchGame` plays demo turns through its host).
extension BroadsideNetworkTable: DesktopGame {
    /// A sea: the glare over a swell.
    public var hingeEffectStyle: HingeEffectStyle { .glareOverSwell }

    /// Nothing: the match is played by its host.
    public mutating func playDemoTurns(_ turns: Int) {}
}
