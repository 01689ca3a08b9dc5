import TabletopEngine

/// A uniformly random order of the board's cells, drawn once (Fisher-Yates)
/// and walked with a cursor: the `random` shooter's memory.
///
/// Skipping cells that are no longer open keeps every shot a uniform choice
/// among the open cells, whatever the view says was fired before.
struct RandomFiringOrder: Sendable {
    private var cells = InlineArray<256, UInt8>(repeating: 0)
    private var count = 0
    private var cursor = 0

    /// The next cell of the order not yet `fired` at nor `aimed` at (drawing
    /// the order on first use). Some cell of `board` must still be open.
    @inline(__always)
    mutating func next(fired: CellSet, aimed: CellSet, board: CellSet, generator: inout SeededGenerator) -> Cell {
        if count == 0 { shuffle(board, &generator) }
        while cursor < count {
            // `cursor` is below `count`, itself at most the 256 cells of the array.
            let cell = Cell(index: unsafe cells[unchecked: cursor])
            cursor &+= 1
            if !fired.contains(cell) && !aimed.contains(cell) { return cell }
        }
        // Every cell of the order was passed: only possible if the view
        // reopened a cell, which the rules never do. Fall back to an exact draw.
        let open = board.subtracting(fired).subtracting(aimed)
        return open.cell(atRank: generator.nextInt(below: open.count))
    }

    private mutating func shuffle(_ board: CellSet, _ generator: inout SeededGenerator) {
        for cell in board {
            cells[count] = cell.index
            count += 1
        }
        var index = count - 1
        while index > 0 {
            // Both indices are below `count`, itself at most the 256 cells of the array.
            let other = generator.nextInt(below: index &+ 1)
            let swap = unsafe cells[unchecked: index]
            unsafe cells[unchecked: index] = cells[unchecked: other]
            unsafe cells[unchecked: other] = swap
            index &-= 1
        }
    }
}
