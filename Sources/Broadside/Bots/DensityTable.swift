/// The density bot's tables for one variant, built once when the rules load:
/// every in-bounds position of each distinct ship length ("shape"), and for
/// each (length class, cell) the shapes covering that cell.
///
/// Flat arrays indexed by numbers, so the bot's incremental updates are a
/// few loads and subtractions per shape, with no allocation.
final class DensityTable: Sendable {
    /// The distinct ship lengths of the fleet, longest first; a class is an index into it.
    let classLengths: [Int]
    /// The class of each ship of the fleet, by fleet index.
    let shipClass: [Int]
    /// `firstShape[k]..<firstShape[k + 1]`: the shapes of class `k` (global shape numbers).
    let firstShape: [Int]
    /// Each shape's first cell index.
    let origin: [UInt8]
    /// Each shape's index step from cell to cell (1 across, 16 down).
    let step: [UInt8]
    /// Each shape's cells.
    let mask: [CellSet]
    /// Each shape's class.
    let shapeClass: [UInt8]
    /// `coverStart[k * 257 + c]..<coverStart[k * 257 + c + 1]`: where the
    /// shapes of class `k` covering cell `c` are listed in `coverList`.
    let coverStart: [Int32]
    /// Shape numbers, grouped by (class, cell).
    let coverList: [UInt16]
    /// Per cell: the density bot's count before any shot (every position of
    /// every ship of the fleet covering it).
    let opening: [Int32]
    /// `lattice[n]`: the cells whose row plus column is a multiple of `n`
    /// (a diagonal lattice every ship of length `n` or more crosses), for `n` in 1...16.
    let lattice: [CellSet]

    // The board's cells numbered row by row, 0..<cellCount ("spots"): what
    // the bot adds up for every cell before a shot is only the board's
    // (100 of a 10 x 10 board, where cell indices, 16 to a row, span 154).

    /// The board's cells.
    let cellCount: Int
    /// Each cell index's spot (-1 off the board).
    let spot: [Int16]
    /// Each shape's first spot.
    let spotOrigin: [UInt8]
    /// Each shape's step from spot to spot (1 across, the board's width down).
    let spotStep: [UInt8]
    /// `startCounts[k * cellCount + p]`: the positions of class `k` covering spot `p`, before any shot.
    let startCounts: [Int32]
    /// `latticeSpots[n]`: the spots of `lattice[n]` on the board.
    let latticeSpots: [[Int32]]

    /// The number of shapes of all classes.
    var shapeCount: Int { origin.count }

    init(table: PlacementTable, fleet: [Int]) {
        let lengths = Array(Set(fleet)).sorted(by: >)
        classLengths = lengths
        shipClass = fleet.map { length in lengths.firstIndex(of: length)! }
        var first: [Int] = []
        var origin: [UInt8] = []
        var step: [UInt8] = []
        var mask: [CellSet] = []
        var shapeClass: [UInt8] = []
        for (k, length) in lengths.enumerated() {
            first.append(origin.count)
            for shape in table.shapes[length] {
                origin.append(shape.origin.index)
                step.append(UInt8(shape.heading.step))
                mask.append(shape.mask)
                shapeClass.append(UInt8(k))
            }
        }
        first.append(origin.count)
        var start: [Int32] = []
        var list: [UInt16] = []
        for k in lengths.indices {
            for cell in 0..<257 {
                start.append(Int32(list.count))
                guard cell < 256 else { continue }
                for shape in first[k]..<first[k + 1] where mask[shape].contains(Cell(index: UInt8(cell))) {
                    list.append(UInt16(shape))
                }
            }
        }
        firstShape = first
        self.origin = origin
        self.step = step
        self.mask = mask
        self.shapeClass = shapeClass
        coverStart = start
        coverList = list
        var opening = Array(repeating: Int32(0), count: 256)
        for length in fleet {
            for shape in table.shapes[length] {
                for cell in shape.mask { opening[Int(cell.index)] += 1 }
            }
        }
        self.opening = opening
        var lattice: [CellSet] = [CellSet()]
        for spacing in 1...16 {
            var cells = CellSet()
            for index in 0..<256 where ((index >> 4) + (index & 15)) % spacing == 0 { cells.insert(Cell(index: UInt8(index))) }
            lattice.append(cells)
        }
        self.lattice = lattice
        let board = table.board
        var spot = Array(repeating: Int16(-1), count: 256)
        for (index, cell) in board.enumerated() { spot[Int(cell.index)] = Int16(index) }
        let width = board.reduce(0) { $0 + ($1.row == 0 ? 1 : 0) }
        cellCount = board.count
        self.spot = spot
        spotOrigin = origin.map { UInt8(spot[Int($0)]) }
        spotStep = step.map { $0 == 1 ? 1 : UInt8(width) }
        var startCounts = Array(repeating: Int32(0), count: lengths.count * board.count)
        for k in lengths.indices {
            for shape in first[k]..<first[k + 1] {
                for cell in mask[shape] { startCounts[k * board.count + Int(spot[Int(cell.index)])] += 1 }
            }
        }
        self.startCounts = startCounts
        latticeSpots = lattice.map { cells in cells.intersection(board).map { Int32(spot[Int($0.index)]) } }
    }
}
