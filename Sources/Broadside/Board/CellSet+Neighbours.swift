import TabletopEngine

extension CellSet {
    /// Column 0 of every row.
    @inline(__always) static var firstColumn: CellSet {
        CellSet(words: (0x0001_0001_0001_0001, 0x0001_0001_0001_0001, 0x0001_0001_0001_0001, 0x0001_0001_0001_0001))
    }
    /// Column 15 of every row.
    @inline(__always) static var lastColumn: CellSet {
        CellSet(words: (0x8000_8000_8000_8000, 0x8000_8000_8000_8000, 0x8000_8000_8000_8000, 0x8000_8000_8000_8000))
    }

    /// Each cell moved one column right (cells in column 15 drop off, they do not wrap).
    @inline(__always) public var movedRight: CellSet { shiftedForward(by: 1).subtracting(.firstColumn) }
    /// Each cell moved one column left (cells in column 0 drop off).
    @inline(__always) public var movedLeft: CellSet { shiftedBackward(by: 1).subtracting(.lastColumn) }
    /// Each cell moved one row down (cells in row 15 drop off).
    @inline(__always) public var movedDown: CellSet { shiftedForward(by: 16) }
    /// Each cell moved one row up (cells in row 0 drop off).
    @inline(__always) public var movedUp: CellSet { shiftedBackward(by: 16) }

    /// The cells next to a cell of the set (left, right, above, below), not in the set.
    @inline(__always) public var orthogonalNeighbours: CellSet {
        movedRight.union(movedLeft).union(movedDown).union(movedUp).subtracting(self)
    }

}

/// Lets a ``CellSet`` feed a ``StableHasher``.
extension StableHasher {
    /// Adds the four words of `cells`.
    mutating func combine(_ cells: CellSet) {
        combine(cells.words.0)
        combine(cells.words.1)
        combine(cells.words.2)
        combine(cells.words.3)
    }
}
