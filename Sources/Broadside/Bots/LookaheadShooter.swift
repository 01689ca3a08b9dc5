import TabletopEngine

/// The `lookahead` bot's shot: `density`'s, unless playing the match out
/// shows another of its best few cells sinks the fleet in fewer shots.
///
/// Where `density`'s best cells are close (scores within ``closeness`` of
/// its best), it draws ``fleets`` fleets exactly uniformly from everything
/// the view allows (``PosteriorSampler``), weighs each by its chance under
/// ship-by-ship random placement (``placementWeight(_:game:)``), and for
/// each of its ``candidates`` best cells plays every drawn fleet out: that
/// cell first, then `density` to the last ship, counting the shots. The same
/// fleets and the same tie-breaks serve every cell, so the comparison is
/// paired; a cell replaces `density`'s when it saves shots by more than
/// ``margin`` standard errors of that paired difference. Where the best cell
/// is clear (most shots while finishing a hit ship), the shot costs what
/// `density`'s costs: the budget goes where it can change the choice.
struct LookaheadShooter: Sendable {
    /// Fleets played out per candidate cell.
    static let fleets = 24
    /// The candidate cells: `density`'s best few.
    static let candidates = 4
    /// A cell is a candidate when its score is at least this share of the best.
    static let closeness = 0.8
    /// How many standard errors of the paired difference a cell must save.
    static let margin = 1.0

    /// The chance of `fleet` (every ship's cells, by fleet index) under the
    /// engine's random placer, up to a constant: longest ship first, each
    /// uniformly among the positions clear of the ships already placed.
    static func placementWeight(_ cells: [CellSet], game: Broadside) -> Double {
        let order = cells.indices.sorted { game.length(of: $0) != game.length(of: $1) ? game.length(of: $0) > game.length(of: $1) : $0 < $1 }
        var occupied = CellSet()
        var weight = 1.0
        for ship in order {
            var clear = 0
            for shape in game.table.shapes[game.length(of: ship)] where !shape.mask.intersects(occupied) { clear += 1 }
            weight /= Double(max(clear, 1))
            occupied.formUnion(cells[ship])
        }
        return weight
    }

    /// `density`'s memory, brought up to each view.
    var density = DensityShooter()

    /// The next shot for `view`.
    mutating func pick(_ view: BroadsideSeatView, game: Broadside, generator: inout SeededGenerator) -> Cell {
        let ranked = density.ranked(view, game: game)
        guard ranked.count > 1, view.aimed.isEmpty, game.singleShot, ranked[0].score > 0 else {
            return density.pick(view, game: game, generator: &generator)
        }
        let threshold = ranked[0].score * Self.closeness
        let cells = ranked.prefix(Self.candidates).filter { $0.score >= threshold }.map(\.cell)
        guard cells.count > 1 else { return density.pick(view, game: game, generator: &generator) }
        let sampler = PosteriorSampler(view.target, afloat: view.opponentAfloat, game: game)
        var fleet = Array(repeating: CellSet(), count: sampler.ships.count)
        var totals = Array(repeating: 0.0, count: cells.count)
        var differences = Array(repeating: (sum: 0.0, squares: 0.0), count: cells.count)
        var weightTotal = 0.0
        for _ in 0..<Self.fleets {
            if sampler.isExact {
                sampler.draw(into: &fleet, generator: &generator)
            } else {
                let layout = FleetSampler.sample(view.target, afloat: view.opponentAfloat, game: game, generator: &generator)
                for (index, ship) in sampler.ships.enumerated() {
                    fleet[index] = layout[ship].map { $0.cells(length: game.length(of: ship)) } ?? CellSet()
                }
            }
            let seed = generator.next()
            // Each fleet counts by its chance under ship-by-ship random
            // placement (how the engine's placers, and most programs, hide a
            // fleet): played out against uniform fleets instead, the same
            // search needed about a shot more (100 trials: 43.93 against 42.97).
            var whole = Array(repeating: CellSet(), count: game.rules.fleet.count)
            for placement in view.target.sunk { whole[placement.ship] = placement.cells(length: game.length(of: placement.ship)) }
            for (index, ship) in sampler.ships.enumerated() { whole[ship] = fleet[index] }
            let weight = Self.placementWeight(whole, game: game)
            weightTotal += weight
            var first = 0.0
            for (index, cell) in cells.enumerated() {
                var rollout = SeededGenerator(seed: seed)
                let shots = Double(finish(view, fleet: fleet, ships: sampler.ships, from: cell, game: game, generator: &rollout))
                totals[index] += weight * shots
                if index == 0 { first = shots }
                let difference = shots - first
                differences[index].sum += weight * difference
                differences[index].squares += weight * difference * difference
            }
        }
        var chosen = 0
        let count = Double(Self.fleets)
        for index in 1..<cells.count where totals[index] < totals[chosen] {
            let mean = differences[index].sum / weightTotal
            let variance = max(0, differences[index].squares / weightTotal - mean * mean) / max(1, count - 1)
            if -mean > Self.margin * variance.squareRoot() { chosen = index }
        }
        if chosen == 0 { return density.pick(view, game: game, generator: &generator) }
        return cells[chosen]
    }

    /// The shots from `view` to the last ship of `fleet` (its ships
    /// `ships`, afloat): `first`, then `density`'s shots.
    func finish(
        _ view: BroadsideSeatView, fleet: [CellSet], ships: [Int], from first: Cell, game: Broadside,
        generator: inout SeededGenerator
    ) -> Int {
        var view = view
        var memory = density
        var afloat = ships.count
        var shots = 0
        var cell = first
        while true {
            shots += 1
            view.target.shots.insert(cell)
            for (index, mask) in fleet.enumerated() where mask.contains(cell) {
                view.target.hits.insert(cell)
                if mask.isSubset(of: view.target.hits) {
                    let origin = mask.first ?? cell
                    let across = mask.count == 1 || mask.contains(Cell(index: origin.index &+ 1))
                    view.target.sunk[ships[index]] = ShipPlacement(ship: ships[index], at: origin, heading: across ? .across : .down)
                    view.opponentAfloat.remove(ships[index])
                    afloat -= 1
                    if afloat == 0 { return shots }
                }
                break
            }
            cell = memory.pick(view, game: game, generator: &generator)
        }
    }
}
