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
                open[index] = hole.isPlayable(centre) && hole.clearance(at: centre) >= ballRadius
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
                    guard !hole.walls.contains(where: { $0.mayTouch(from, radius: size * 2) && $0.intersects(from, to) })
                    else { continue }
                    costs[next] = candidate
                    queue.push(cost: candidate, index: next)
                }
            }
        }
        self.costs = costs
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
