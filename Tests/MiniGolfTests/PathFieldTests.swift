import Testing

@testable import MiniGolf

/// The path field finds the walls near each cell once instead of trying every wall at every
/// step; these tests hold it to the plain way (every wall, every time), cell by cell.
@Suite("The path field: the same costs as trying every wall")
struct PathFieldTests {
    /// The field as first written: every wall for the clearance of each cell and for each step.
    static func plainCosts(hole: HoleGeometry, ballRadius: Int64, like field: PathField) -> [Int32] {
        let size = field.cellSize
        let count = field.columns * field.rows
        let centres = (0..<count).map { field.centre(of: $0) }
        let open = centres.map { hole.isPlayable($0) && hole.clearance(at: $0) >= ballRadius }
        let stepCost = centres.map { centre in hole.sand.contains { $0.contains(centre) } ? Int32(3) : 1 }
        var costs = [Int32](repeating: PathField.unreachable, count: count)
        var nearest: Int?
        for index in 0..<count where open[index] {
            if nearest.map({ (centres[index] - hole.cup).lengthSquared < (centres[$0] - hole.cup).lengthSquared }) ?? true { nearest = index }
        }
        guard let start = nearest else { return costs }
        costs[start] = 0
        // Dijkstra with a plain list: the shortest costs do not depend on the queue.
        var frontier: [(cost: Int32, index: Int)] = [(0, start)]
        while let best = frontier.indices.min(by: { frontier[$0].cost < frontier[$1].cost }) {
            let (cost, index) = frontier.remove(at: best)
            guard cost == costs[index] else { continue }
            let row = index / field.columns
            let column = index % field.columns
            for (dc, dr, step) in [(1, 0, 50), (-1, 0, 50), (0, 1, 50), (0, -1, 50), (1, 1, 70), (1, -1, 70), (-1, 1, 70), (-1, -1, 70)] {
                let r = row + dr
                let c = column + dc
                guard r >= 0, r < field.rows, c >= 0, c < field.columns else { continue }
                let next = r * field.columns + c
                guard open[next] else { continue }
                let candidate = cost + Int32(step) * stepCost[next]
                guard candidate < costs[next] else { continue }
                guard !hole.walls.contains(where: { $0.mayTouch(centres[index], radius: size * 2) && $0.intersects(centres[index], centres[next]) })
                else { continue }
                costs[next] = candidate
                frontier.append((candidate, next))
            }
        }
        return costs
    }

    /// The first cell whose cost differs, named, rather than two whole grids.
    static func expectSame(_ field: PathField, _ plain: [Int32], _ what: String) {
        let differing = zip(field.costs, plain).enumerated().first { $0.element.0 != $0.element.1 }
        let cell = differing.map { "cell \($0.offset) costs \($0.element.0), the plain way \($0.element.1)" } ?? "sizes differ"
        #expect(field.costs.count == plain.count && differing == nil, "\(what): \(cell)")
    }

    @Test("Every hole of the shipped course, and a hole with a slanting wall, for a ball of the course's radius and one wider than two cells")
    func sameCostsAsEveryWallEveryTime() throws {
        let meadow = GolfFixtures.meadow
        for (index, simulator) in meadow.simulators.enumerated() {
            let field = meadow.pathFields[index]
            Self.expectSame(field, Self.plainCosts(hole: simulator.hole, ballRadius: meadow.physics.ballRadius, like: field), "hole \(index + 1)")
        }
        let slanted = GolfFixtures.hole(width: 160, height: 240) { hole in
            hole.walls = [[CoursePoint(20, 120), CoursePoint(110, 150)], [CoursePoint(60, 60), CoursePoint(150, 20)]]
        }
        let rules = try GolfFixtures.rules([slanted]).validated()
        let hole = HoleGeometry(rules.holes[0], ticksPerSecond: rules.physics.ticksPerSecond)
        for radius in [meadow.physics.ballRadius, FixedMath.units(centimetres: 12)] {
            let field = PathField(hole: hole, ballRadius: radius)
            #expect(field.costs.contains { $0 != PathField.unreachable })
            Self.expectSame(field, Self.plainCosts(hole: hole, ballRadius: radius, like: field), "radius \(radius)")
        }
    }

    @Test("A course loaded again takes the fields built the first time, and they are the ones built afresh")
    func aCourseLoadedAgainReusesItsFields() throws {
        // A ball radius no other test uses: the other tests' loads, in parallel, keep their own fields.
        var physics = GolfFixtures.physics
        physics.ballRadius = 3
        let rules = GolfFixtures.rules([GolfFixtures.hole(), GolfFixtures.hole(width: 160, height: 240)], physics: physics)
        let first = try MiniGolf(variant: "cached", rules: rules)
        let again = try MiniGolf(variant: "cached", rules: rules)
        for (index, simulator) in first.simulators.enumerated() {
            let fresh = PathField(hole: simulator.hole, ballRadius: first.physics.ballRadius)
            #expect(again.pathFields[index].costs == fresh.costs, "hole \(index + 1)")
            // The same storage: the second load did not build the field again.
            let storage = first.pathFields[index].costs.withUnsafeBufferPointer { $0.baseAddress }
            #expect(again.pathFields[index].costs.withUnsafeBufferPointer { $0.baseAddress } == storage, "hole \(index + 1)")
        }
        #expect(PathFieldCache.shared.count <= PathFieldCache.capacity)
    }
}
