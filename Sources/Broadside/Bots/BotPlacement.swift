import TabletopEngine

/// The placement bots: hide the longest unplaced ship at a random legal
/// position (with `spread`, not touching another ship when that is possible;
/// with `evasive`, the least dense of a few random positions).
enum BotPlacement {
    /// Random positions an `evasive` placer compares for each ship.
    static let evasiveCandidates = 12

    static func next(
        for view: BroadsideSeatView, game: Broadside, placer: BroadsideBot.Placer,
        generator: inout SeededGenerator
    ) -> BroadsideMove {
        let spread = placer == .spread
        var ship = -1
        for index in 0..<game.rules.fleet.count where !view.fleet.isPlaced(index) {
            if ship < 0 || game.length(of: index) > game.length(of: ship) { ship = index }
        }
        let occupied = game.cells(of: view.fleet)
        let shapes = game.table.shapes[game.length(of: ship)]
        if spread, let shape = pick(from: shapes, avoiding: occupied.union(occupied.orthogonalNeighbours), &generator) {
            return .place(ShipPlacement(ship: ship, at: shape.origin, heading: shape.heading))
        }
        if placer == .evasive {
            let opening = game.data.density.opening
            var best: PlacementTable.Shape?
            var bestDensity = Int32.max
            for _ in 0..<evasiveCandidates {
                guard let shape = pick(from: shapes, avoiding: occupied, &generator) else { break }
                var density: Int32 = 0
                for cell in shape.mask { density += opening[Int(cell.index)] }
                if density < bestDensity {
                    bestDensity = density
                    best = shape
                }
            }
            if let best { return .place(ShipPlacement(ship: ship, at: best.origin, heading: best.heading)) }
        }
        if let shape = pick(from: shapes, avoiding: occupied, &generator) {
            return .place(ShipPlacement(ship: ship, at: shape.origin, heading: shape.heading))
        }
        // The ships placed so far leave no room for this one: start again.
        return .reset
    }

    /// A uniformly random shape clear of `blocked`: a few random draws first
    /// (almost always enough), then an exact draw among all clear shapes.
    static func pick(
        from shapes: [PlacementTable.Shape], avoiding blocked: CellSet,
        _ generator: inout SeededGenerator
    ) -> PlacementTable.Shape? {
        for _ in 0..<24 {
            let shape = shapes[generator.nextInt(below: shapes.count)]
            if !shape.mask.intersects(blocked) { return shape }
        }
        var clear = 0
        for shape in shapes where !shape.mask.intersects(blocked) { clear += 1 }
        guard clear > 0 else { return nil }
        var rank = generator.nextInt(below: clear)
        for shape in shapes where !shape.mask.intersects(blocked) {
            if rank == 0 { return shape }
            rank -= 1
        }
        return nil
    }
}
