/// The diagonal lattices of one board, by spacing: for spacing `n`, the
/// cells whose row plus column leaves each remainder `k` when divided by
/// `n`, then those whose row minus column does. A ship of length `n` or
/// more, across or down, covers a cell of every one of them, so firing at
/// every cell of one lattice finds every such ship.
///
/// The `sweep` shooter (``DensityShooter/sweeps``) favours, of the lattices
/// spaced by the shortest ship afloat, the one with the fewest cells still
/// in play: the one its shots so far have swept the most of, which the
/// fewest shots complete.
final class DiagonalLattices: Sendable {
    /// `lattices[n]`: the `2n` lattices of spacing `n` (1...16), on the
    /// board: the row-plus-column classes by remainder, then the
    /// row-minus-column classes.
    let lattices: [[CellSet]]

    init(board: CellSet) {
        var lattices: [[CellSet]] = [[]]
        for spacing in 1...Cell.maximumSide {
            var classes = Array(repeating: CellSet(), count: 2 * spacing)
            for cell in board {
                classes[(cell.row + cell.column) % spacing].insert(cell)
                classes[spacing + ((cell.row - cell.column) % spacing + spacing) % spacing].insert(cell)
            }
            lattices.append(classes)
        }
        self.lattices = lattices
    }

    /// Of the lattices spaced `spacing`, the one with the fewest cells of
    /// `inPlay`, the first of equals (spaced 2 on an untouched board, the
    /// one the `density` shooter always favours).
    func sparsest(spacing: Int, inPlay: CellSet) -> CellSet {
        var sparsest = CellSet()
        var fewest = Int.max
        for lattice in lattices[spacing] {
            let count = lattice.intersection(inPlay).count
            if count < fewest {
                fewest = count
                sparsest = lattice
            }
        }
        return sparsest
    }
}
