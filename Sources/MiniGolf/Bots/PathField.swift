/// The length of the shortest path from every spot of a hole to its cup,
/// around walls and water, on a grid of 5 cm cells: what the aiming bot
/// uses to judge where a shot leaves the ball ("how far is it still to
/// walk to the cup?"), and the rules use to check a tee can reach its cup.
///
/// Costs are tenths of a centimetre; a step through sand costs three times
/// as much, since a ball there is hard to play. Integer Dijkstra: the same
/// field on every machine.
public struct PathField: Sendable {
    /// The side of a cell, in fixed-point units.
    public let cellSize: Int64
    /// The x of the left edge of column 0.
    public let originX: Int64
    /// The y of the top edge of row 0.
    public let originY: Int64
    /// Columns of the grid.
    public let columns: Int
    /// Rows of the grid.
    public let rows: Int
    /// Cost from each cell to the cup, row by row; ``unreachable`` where the ball cannot go.
    public let costs: [Int32]

    /// The cost of a cell the ball cannot reach.
    public static let unreachable = Int32.max
    /// The side of a cell, cm.
    public static let cellCentimetres = 5

    /// Builds the field of `hole` for a ball of radius `ballRadius`.
    public init(hole: HoleGeometry, ballRadius: Int64) {
        let size = FixedMath.units(centimetres: Self.cellCentimetres)
        cellSize = size
        originX = hole.boundary.minX
        originY = hole.boundary.minY
        columns = Int((hole.boundary.maxX - originX + cellSize - 1) / cellSize)
        rows = Int((hole.boundary.maxY - originY + cellSize - 1) / cellSize)
        let count = columns * rows
        // The walls near each cell, found once: a step's check looks at the walls that may touch
        // its cell's centre within two cells, and the ball's clearance at those within its radius.
        let reach = size * 2
        let nearWalls = Self.wallsNear(hole.walls, reach: reach, columns: columns, rows: rows, originX: originX, originY: originY, cellSize: size)
        let radiusSquared = ballRadius * ballRadius
        var open = [Bool](repeating: false, count: count)
        var stepCost = [Int32](repeating: 0, count: count)
        var centres: [CourseVector] = []
        centres.reserveCapacity(count)
        for row in 0..<rows {
            for column in 0..<columns {
                let centre = CourseVector(
                    x: originX + Int64(column) * cellSize + cellSize / 2,
                    y: originY + Int64(row) * cellSize + cellSize / 2)
                centres.append(centre)
                let index = row * columns + column
                if hole.isPlayable(centre) {
                    if ballRadius <= reach {
                        // hole.clearance(at:) >= ballRadius, from the near walls only: a wall that
                        // cannot touch the centre within the radius is farther than the radius.
                        var clear = true
                        var wall = nearWalls.starts[index]
                        while clear && wall < nearWalls.starts[index + 1] {
                            let segment = hole.walls[nearWalls.indices[wall]]
                            if segment.mayTouch(centre, radius: ballRadius)
                                && (centre - segment.closestPoint(to: centre)).lengthSquared < radiusSquared
                            {
                                clear = false
                            }
                            wall += 1
                        }
                        open[index] = clear
                    } else {
                        open[index] = hole.clearance(at: centre) >= ballRadius
                    }
                }
                stepCost[index] = hole.sand.contains { $0.contains(centre) } ? 3 : 1
            }
        }
        var costs = [Int32](repeating: Self.unreachable, count: count)
        let start = Self.nearestOpenCell(to: hole.cup, open: open, centres: centres)
        if let start {
            costs[start] = 0
            var queue = CostQueue()
            queue.push(cost: 0, index: start)
            let straight = Int32(Self.cellCentimetres * 10)
            let diagonal = Int32(Self.cellCentimetres * 14)
            let steps: [(dc: Int, dr: Int, cost: Int32)] = [
                (1, 0, straight), (-1, 0, straight), (0, 1, straight), (0, -1, straight),
                (1, 1, diagonal), (1, -1, diagonal), (-1, 1, diagonal), (-1, -1, diagonal),
            ]
            while let (cost, index) = queue.pop() {
                guard cost == costs[index] else { continue }
                let row = index / columns
                let column = index % columns
                for step in steps {
                    let r = row + step.dr
                    let c = column + step.dc
                    guard r >= 0, r < rows, c >= 0, c < columns else { continue }
                    let next = r * columns + c
                    guard open[next] else { continue }
                    let candidate = cost + step.cost * stepCost[next]
                    guard candidate < costs[next] else { continue }
                    let from = centres[index]
                    let to = centres[next]
                    var crossesWall = false
                    var wall = nearWalls.starts[index]
                    while !crossesWall && wall < nearWalls.starts[index + 1] {
                        let segment = hole.walls[nearWalls.indices[wall]]
                        crossesWall = segment.mayTouch(from, radius: reach) && segment.intersects(from, to)
                        wall += 1
                    }
                    guard !crossesWall else { continue }
                    costs[next] = candidate
                    queue.push(cost: candidate, index: next)
                }
            }
        }
        self.costs = costs
    }

    /// For each cell, the walls that may touch its centre within `reach` (and perhaps a few more,
    /// which the callers' own `mayTouch` leaves out): cell `c`'s are `indices[starts[c]..<starts[c + 1]]`.
    static func wallsNear(
        _ walls: [WallSegment], reach: Int64, columns: Int, rows: Int, originX: Int64, originY: Int64, cellSize: Int64
    ) -> (starts: [Int], indices: [Int]) {
        // The columns (rows) whose centres lie within reach of the wall's box, one cell wider each way.
        func span(_ low: Int64, _ high: Int64, origin: Int64, limit: Int) -> Range<Int> {
            let first = max(0, Int((low - reach - origin - cellSize / 2) / cellSize) - 1)
            let last = min(limit - 1, Int((high + reach - origin - cellSize / 2) / cellSize) + 1)
            return first <= last ? first..<(last + 1) : 0..<0
        }
        let spans = walls.map { wall in
            (columns: span(wall.minX, wall.maxX, origin: originX, limit: columns), rows: span(wall.minY, wall.maxY, origin: originY, limit: rows))
        }
        var starts = [Int](repeating: 0, count: columns * rows + 1)
        for span in spans {
            for row in span.rows {
                for column in span.columns { starts[row * columns + column + 1] += 1 }
            }
        }
        for cell in 0..<(columns * rows) { starts[cell + 1] += starts[cell] }
        var filled = starts
        var indices = [Int](repeating: 0, count: starts[columns * rows])
        for (wallIndex, span) in spans.enumerated() {
            for row in span.rows {
                for column in span.columns {
                    let cell = row * columns + column
                    indices[filled[cell]] = wallIndex
                    filled[cell] += 1
                }
            }
        }
        return (starts, indices)
    }

    /// The cell holding `point`, or nil outside the grid.
    public func cell(at point: CourseVector) -> Int? {
        let column = (point.x - originX) / cellSize
        let row = (point.y - originY) / cellSize
        guard point.x >= originX, point.y >= originY, column < Int64(columns), row < Int64(rows) else { return nil }
        return Int(row) * columns + Int(column)
    }

    /// The centre of cell `index`.
    public func centre(of index: Int) -> CourseVector {
        CourseVector(
            x: originX + Int64(index % columns) * cellSize + cellSize / 2,
            y: originY + Int64(index / columns) * cellSize + cellSize / 2)
    }

    /// The cost from `point` to the cup; nil when the point's cell is unreachable.
    public func cost(at point: CourseVector) -> Int32? {
        guard let index = cell(at: point), costs[index] != Self.unreachable else { return nil }
        return costs[index]
    }

    /// The cheapest neighbour of cell `index`: the next cell on the way to the cup.
    public func downhill(from index: Int) -> Int? {
        let row = index / columns
        let column = index % columns
        var best: Int?
        var bestCost = costs[index]
        for dr in -1...1 {
            for dc in -1...1 where dr != 0 || dc != 0 {
                let r = row + dr
                let c = column + dc
                guard r >= 0, r < rows, c >= 0, c < columns else { continue }
                let next = r * columns + c
                if costs[next] < bestCost {
                    bestCost = costs[next]
                    best = next
                }
            }
        }
        return best
    }

    /// The open cell nearest to `point` (the cup may sit closer to a wall than a cell centre).
    static func nearestOpenCell(to point: CourseVector, open: [Bool], centres: [CourseVector]) -> Int? {
        var best: Int?
        var bestDistance = Int64.max
        for index in open.indices where open[index] {
            let distance = (centres[index] - point).lengthSquared
            if distance < bestDistance {
                bestDistance = distance
                best = index
            }
        }
        return best
    }
}

/// A binary min-heap of (cost, cell) for Dijkstra; ties pop the lower cell
/// first, so the field never depends on the heap's internals.
struct CostQueue {
    private var items: [(cost: Int32, index: Int)] = []

    private static func less(_ a: (cost: Int32, index: Int), _ b: (cost: Int32, index: Int)) -> Bool {
        a.cost != b.cost ? a.cost < b.cost : a.index < b.index
    }

    mutating func push(cost: Int32, index: Int) {
        items.append((cost, index))
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.less(items[child], items[parent]) else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> (cost: Int32, index: Int)? {
        guard let top = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1
                let right = left + 1
                var smallest = parent
                if left < items.count, Self.less(items[left], items[smallest]) { smallest = left }
                if right < items.count, Self.less(items[right], items[smallest]) { smallest = right }
                if smallest == parent { break }
                items.swapAt(parent, smallest)
                parent = smallest
            }
        }
        return top
    }
}
