import Broadside
import DuoDesktop
import DuoPlatform
import TabletopEngine

/// Broadside's pointer and keys at the desktop, for the local and the
/// networked table alike: clicks act on mouse-down (a cell of the primary
/// board, or a control), the pointer previews placements and aim, and the
/// game keys become ``BroadsideInput``s.
extension BroadsideTableModel {
    /// The cell of the primary board under a scene point.
    func boardCell(at point: Point, layout: HUDLayout) -> Cell? {
        guard let frame = layout.frame(of: BroadsideHUD.ElementID.primaryBoard),
            let cell = hud.grid.cell(at: point, in: frame)
        else { return nil }
        return Cell(row: cell.row, column: cell.column)
    }

    /// What a press at a scene point asks: a tap on a cell of the primary
    /// board or a control's press (nil: nothing there).
    func input(pressedAt point: Point, layout: HUDLayout) -> BroadsideInput? {
        guard let placement = layout.element(at: point) else { return nil }
        if placement.id == BroadsideHUD.ElementID.primaryBoard {
            return boardCell(at: point, layout: layout).map { .tap($0) }
        }
        return placement.anchor == .controls ? .press(placement.id) : nil
    }
}

extension BroadsideInput {
    /// The table input of a game command from the keyboard (nil: not one of
    /// Broadside's): Space turns the ship, A auto-places, Backspace clears
    /// (see ``BroadsideKeys``).
    public init?(_ command: DesktopCommand) {
        switch command {
        case .gameKey(.space, _): self = .rotateShip
        case .gameKey(.letter("a"), _): self = .autoPlace
        case .gameKey(.backspace, _): self = .clearFleet
        case .confirm: self = .confirm
        case .newGame: self = .newGame
        default: return nil
        }
    }
}
