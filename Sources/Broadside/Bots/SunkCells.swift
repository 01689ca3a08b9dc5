/// The cells of the opponent's sunk ships, kept by a bot between shots: the
/// ships sunk change a few times a match, the shots come a hundred times,
/// and each shot's ``TargetKnowledge`` needs them (working them out from the
/// placements on every shot was a tenth of a `hunt` match).
struct SunkCells: Sendable {
    /// The sunk ships the cells are of.
    private var layout = FleetLayout()
    /// Their cells.
    private var cells = CellSet()

    /// The cells of the ships in `sunk`, worked out again only when `sunk`
    /// is not the layout of the last call.
    mutating func cells(of sunk: FleetLayout, game: borrowing Broadside) -> CellSet {
        if sunk != layout {
            layout = sunk
            cells = game.cells(of: sunk)
        }
        return cells
    }
}
