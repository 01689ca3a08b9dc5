/// Every in-bounds position of a ship of each length on one board, with its
/// cell mask: computed once when the rules load, shared by every match (the
/// placement bots and the density bot read it millions of times).
public struct PlacementTable: Sendable {
    /// One in-bounds position of a ship.
    public struct Shape: Sendable, Hashable {
        /// The cells it covers.
        public let mask: CellSet
        /// Its first cell.
        public let origin: Cell
        /// Which way it lies.
        public let heading: Heading
    }

    /// `shapes[length]`: every position of a ship of that length (index 0 unused).
    public let shapes: [[Shape]]
    /// Every cell of the board.
    public let board: CellSet
    /// `diagonals[n][k]`: the board cells with `(row + column) % n == k`
    /// (n = 1...16): every ship of length n or more covers one of each.
    public let diagonals: [[CellSet]]

    /// The table of `rules`' board, for every length 1...16 that fits it.
    public init(rules: BroadsideRules) {
        let rows = rules.board.rows
        let columns = rules.board.columns
        var shapes: [[Shape]] = Array(repeating: [], count: Cell.maximumSide + 1)
        for length in 1...Cell.maximumSide {
            for heading in Heading.allCases {
                for row in 0..<rows {
                    for column in 0..<columns {
                        let placement = ShipPlacement(ship: 0, at: Cell(row: row, column: column), heading: heading)
                        guard placement.fits(length: length, rows: rows, columns: columns) else { continue }
                        // A ship of length 1 has one shape per cell, not two.
                        if length == 1 && heading == .down { continue }
                        shapes[length].append(Shape(mask: placement.cells(length: length), origin: placement.origin, heading: heading))
                    }
                }
            }
        }
        self.shapes = shapes
        board = CellSet.board(columns: columns, rows: rows)
        var diagonals: [[CellSet]] = [[]]
        for modulus in 1...Cell.maximumSide {
            var classes = Array(repeating: CellSet(), count: modulus)
            for cell in board { classes[(cell.row + cell.column) % modulus].insert(cell) }
            diagonals.append(classes)
        }
        self.diagonals = diagonals
    }

    /// Whether ships of these lengths can all be placed without overlap
    /// (a depth-first search, longest ships first, with a work cap so a
    /// pathological fleet is refused rather than searched for minutes).
    func fleetFits(_ lengths: [Int]) -> Bool {
        let order = lengths.sorted(by: >)
        var budget = 2_000_000
        func place(_ index: Int, _ occupied: CellSet) -> Bool {
            if index == order.count { return true }
            for shape in shapes[order[index]] where !shape.mask.intersects(occupied) {
                budget -= 1
                if budget < 0 { return false }
                if place(index + 1, occupied.union(shape.mask)) { return true }
            }
            return false
        }
        return place(0, CellSet())
    }
}
