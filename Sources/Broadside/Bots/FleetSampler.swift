import TabletopEngine

/// Draws an opponent fleet that agrees with everything a seat knows of the
/// opponent's board: the sunk ships where they were revealed, the ships
/// afloat clear of every miss and of each other, every open hit covered by
/// an afloat ship, and no afloat ship hit on every cell (it would have sunk).
///
/// A randomised depth-first search: open hits are explained first (a random
/// afloat ship through the first unexplained hit), then the other ships go
/// anywhere clear. The true fleet is one answer, so the search always finds
/// one; the draw is random but not exactly uniform over all answers.
struct FleetSampler {
    let game: Broadside
    let misses: CellSet
    let hits: CellSet

    /// A fleet consistent with `target`, whose afloat ships are `afloat`.
    static func sample(
        _ target: TargetBoard, afloat: ShipSet, game: Broadside,
        generator: inout SeededGenerator
    ) -> FleetLayout {
        var layout = target.sunk
        let sunkCells = game.cells(of: target.sunk)
        let sampler = FleetSampler(game: game, misses: target.misses, hits: target.hits)
        let openHits = target.hits.subtracting(sunkCells)
        if !sampler.place(afloat, occupied: sunkCells, uncovered: openHits, into: &layout, &generator) {
            // Only views no match can produce get here (hits no fleet explains):
            // the ships go anywhere clear, so play can go on.
            _ = sampler.place(afloat, occupied: sunkCells, uncovered: CellSet(), into: &layout, &generator)
        }
        return layout
    }

    /// Places every ship of `unplaced`, explaining `uncovered` first.
    func place(
        _ unplaced: ShipSet, occupied: CellSet, uncovered: CellSet, into layout: inout FleetLayout,
        _ generator: inout SeededGenerator
    ) -> Bool {
        if unplaced.isEmpty { return uncovered.isEmpty }
        let blocked = occupied.union(misses)
        if let hit = uncovered.first {
            var options: [(ship: Int, shape: PlacementTable.Shape)] = []
            for ship in unplaced {
                for shape in game.table.shapes[game.length(of: ship)]
                where shape.mask.contains(hit) && !shape.mask.intersects(blocked) && !shape.mask.isSubset(of: hits) {
                    options.append((ship, shape))
                }
            }
            shuffle(&options, &generator)
            for option in options {
                var next = unplaced
                next.remove(option.ship)
                layout[option.ship] = ShipPlacement(ship: option.ship, at: option.shape.origin, heading: option.shape.heading)
                if place(
                    next, occupied: occupied.union(option.shape.mask), uncovered: uncovered.subtracting(option.shape.mask),
                    into: &layout, &generator)
                {
                    return true
                }
                layout[option.ship] = nil
            }
            return false
        }
        // Every hit explained: the longest ship left goes anywhere clear of
        // ships, misses and hits (the hits are taken).
        var ship = -1
        for candidate in unplaced where ship < 0 || game.length(of: candidate) > game.length(of: ship) { ship = candidate }
        var next = unplaced
        next.remove(ship)
        let shapes = game.table.shapes[game.length(of: ship)]
        let clear = blocked.union(hits)
        // A few random draws first (almost always enough), then every clear shape in random order.
        for _ in 0..<16 {
            let shape = shapes[generator.nextInt(below: shapes.count)]
            guard !shape.mask.intersects(clear) else { continue }
            layout[ship] = ShipPlacement(ship: ship, at: shape.origin, heading: shape.heading)
            if place(next, occupied: occupied.union(shape.mask), uncovered: uncovered, into: &layout, &generator) { return true }
        }
        var options = shapes.filter { !$0.mask.intersects(clear) }
        shuffle(&options, &generator)
        for shape in options {
            layout[ship] = ShipPlacement(ship: ship, at: shape.origin, heading: shape.heading)
            if place(next, occupied: occupied.union(shape.mask), uncovered: uncovered, into: &layout, &generator) { return true }
        }
        layout[ship] = nil
        return false
    }

    func shuffle<Element>(_ items: inout [Element], _ generator: inout SeededGenerator) {
        var index = items.count - 1
        while index > 0 {
            items.swapAt(index, generator.nextInt(below: index + 1))
            index -= 1
        }
    }
}
