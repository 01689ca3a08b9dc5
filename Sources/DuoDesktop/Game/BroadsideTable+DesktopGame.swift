import Broadside
import DuoPlatform
import TabletopEngine

/// Broadside at the desktop: clicks act on mouse-down (a cell of the
/// primary board, or a control), the pointer previews placements and aim.
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
        hover(point.flatMap { boardCell(at: $0, layout: layout) })
    }

    /// A cell of the primary board, or a control.
    public mutating func pointerPressed(at point: Point, layout: HUDLayout) {
        guard let placement = layout.element(at: point) else { return }
        if placement.id == BroadsideHUD.ElementID.primaryBoard {
            if let cell = boardCell(at: point, layout: layout) { tap(cell) }
        } else if placement.anchor == .controls {
            press(placement.id)
        }
    }

    /// Nothing: Broadside acts on mouse-down.
    public mutating func pointerReleased(at point: Point?, layout: HUDLayout) {}

    /// Rotate, auto-place, clear, pass or reveal, new game.
    public mutating func perform(_ command: DesktopCommand) {
        switch command {
        case .rotateShip: rotateShip()
        case .autoPlace: autoPlace()
        case .clearFleet: clearFleet()
        case .confirm: if isHandoff { reveal() } else { pass() }
        case .newGame: newGame()
        default: break
        }
    }

    /// The cell of the primary board under a scene point.
    func boardCell(at point: Point, layout: HUDLayout) -> Cell? {
        guard let frame = layout.frame(of: BroadsideHUD.ElementID.primaryBoard),
              let cell = hud.grid.cell(at: point, in: frame) else { return nil }
        return Cell(row: cell.row, column: cell.column)
    }
}
