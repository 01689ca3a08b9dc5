import Broadside
import DuoDesktop
import DuoPlatform
import TabletopEngine

/// Broadside's pointer and keys at the desktop: clicks act on mouse-down (a
/// cell of the primary board, or a control), the pointer previews placements
/// and aim, and the game keys become ``BroadsideInput``s.
extension BroadsideNetworkTable {
    /// The cell of the primary board under a scene point: on the whole board,
    /// or on the band of its rows the flat half shows (``shownBand``).
    func boardCell(at point: Point, layout: HUDLayout) -> Cell? {
        if let frame = layout.frame(of: BroadsideHUD.ElementID.primaryBand) {
            guard let cell = hud.bandGrid.cell(at: point, in: frame) else { return nil }
            return Cell(row: hud.bandRows(shownBand).lowerBound + cell.row, column: cell.column)
        }
        guard let frame = layout.frame(of: BroadsideHUD.ElementID.primaryBoard),
            let cell = hud.grid.cell(at: point, in: frame)
        else { return nil }
        return Cell(row: cell.row, column: cell.column)
    }

    /// What a press at a scene point asks: a tap on a cell of the primary
    /// board (or of its band) or a control's press (nil: nothing there).
    func input(pressedAt point: Point, layout: HUDLayout) -> BroadsideInput? {
        guard let placement = layout.element(at: point) else { return nil }
        if placement.id == BroadsideHUD.ElementID.primaryBoard || placement.id == BroadsideHUD.ElementID.primaryBand {
            return boardCell(at: point, layout: layout).map { .tap($0) }
        }
        return placement.anchor == .controls ? .press(placement.id) : nil
    }

    /// Does what an input asks; returns the moves it asks for. Showing the
    /// other band of rows is presentation alone; the rest is ``handle(_:session:)``.
    mutating func apply(_ input: BroadsideInput, session: SeatSession) -> [BroadsideMove] {
        guard input == .press(BroadsideHUD.ElementID.otherRows) else { return handle(input, session: session) }
        shownBand = hud.otherBand(than: shownBand)
        // The aim previewed on the rows that went away means nothing now.
        hoverCell = nil
        return []
    }
}

extension BroadsideInput {
    /// The table input of a game command from the keyboard (nil: not one of
    /// Broadside's): Space turns the ship, A auto-places, Backspace clears,
    /// and O shows the other rows of the board while only a band of them
    /// fits the flat half (see ``BroadsideKeys``).
    public init?(_ command: DesktopCommand) {
        switch command {
        case .gameKey(.space, _): self = .rotateShip
        case .gameKey(.letter("a"), _): self = .autoPlace
        case .gameKey(.backspace, _): self = .clearFleet
        case .gameKey(.letter("o"), _): self = .press(BroadsideHUD.ElementID.otherRows)
        default: return nil
        }
    }
}
