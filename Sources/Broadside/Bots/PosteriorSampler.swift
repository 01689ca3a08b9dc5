import TabletopEngine

/// Opponent fleets drawn exactly uniformly from every fleet that agrees with
/// what a seat knows of the opponent's board: the sunk ships where they were
/// revealed, the ships afloat clear of every miss and of each other, every
/// open hit covered by a ship afloat, and no ship afloat hit on every cell
/// (it would have sunk).
///
/// Each such fleet is one *explanation* of the open hits (the afloat ships
/// that cover them, and where) and a placement of the other afloat ships
/// clear of the hits. The sampler lists every explanation once per view,
/// weighs each by the number of ways the other ships could lie one by one
/// (the product over them of their clear positions), draws an explanation by
/// that weight and each other ship uniformly among its clear positions, and
/// starts again when two of those overlap. Every (explanation, placement)
/// pair is drawn with the same chance, so the accepted fleets are exactly
/// uniform (``FleetSampler``'s depth-first draw is close to uniform, not
/// exactly: its first choices are uniform per ship, not per fleet).
///
/// A view whose open hits have more explanations than ``explanationLimit``
/// (never seen in play) is left to ``FleetSampler``.
struct PosteriorSampler {
    /// The most explanations listed for one view.
    static let explanationLimit = 20_000

    /// The afloat ships' fleet indices.
    let ships: [Int]
    /// Each afloat ship's length class: an index into ``clear``.
    let shipLength: [Int]
    /// Per distinct length afloat: every position clear of misses, sunk
    /// ships and open hits (where a ship not explaining a hit may lie).
    let clear: [[CellSet]]
    /// Per explanation: its first entry in ``explainedShip`` and ``explainedMask``.
    private(set) var explanationStart: [Int] = [0]
    /// The afloat ship (an index into ``ships``) of each explaining placement.
    private(set) var explainedShip: [Int] = []
    /// The cells of each explaining placement.
    private(set) var explainedMask: [CellSet] = []
    /// Per explanation: the cells of all its placements.
    private(set) var explanationCells: [CellSet] = []
    /// Per explanation: the afloat ships it does not place (bit `i`: `ships[i]`).
    private(set) var freeShips: [UInt16] = []
    /// Running sums of the explanations' weights.
    private(set) var cumulative: [Double] = []
    /// False when the view has too many explanations (or none): use ``FleetSampler``.
    private(set) var isExact = true

    /// The sampler for `target`, whose ships afloat are `afloat`.
    init(_ target: TargetBoard, afloat: ShipSet, game: Broadside) {
        let sunkCells = game.cells(of: target.sunk)
        let openHits = target.hits.subtracting(sunkCells)
        let blocked = target.misses.union(sunkCells)
        var ships: [Int] = []
        var lengths: [Int] = []
        var shipLength: [Int] = []
        for ship in afloat {
            ships.append(ship)
            let length = game.length(of: ship)
            if let known = lengths.firstIndex(of: length) {
                shipLength.append(known)
            } else {
                shipLength.append(lengths.count)
                lengths.append(length)
            }
        }
        self.ships = ships
        self.shipLength = shipLength
        let taken = blocked.union(openHits)
        clear = lengths.map { length in game.table.shapes[length].compactMap { $0.mask.intersects(taken) ? nil : $0.mask } }
        // Where an explaining ship may lie: through an open hit, clear of
        // misses and sunk ships, not on hits alone.
        let through: [[CellSet]] = lengths.map { length in
            game.table.shapes[length].compactMap {
                $0.mask.intersects(openHits) && !$0.mask.intersects(blocked) && !$0.mask.isSubset(of: target.hits) ? $0.mask : nil
            }
        }
        var placedShips: [Int] = []
        var placedMasks: [CellSet] = []
        var total = 0.0
        let allShips = UInt16((1 << ships.count) - 1)
        // Depth-first: the ship covering the first hit not yet covered, in
        // every way; each explanation is listed once (the first uncovered hit
        // decides which placement comes next).
        func explain(_ uncovered: CellSet, used: UInt16, cells: CellSet) -> Bool {
            guard let hit = uncovered.first else {
                let free = allShips & ~used
                var weight = 1.0
                var index = 0
                while index < ships.count {
                    if free >> UInt16(index) & 1 == 1 {
                        var count = 0
                        for mask in clear[shipLength[index]] where !mask.intersects(cells) { count += 1 }
                        weight *= Double(count)
                    }
                    index += 1
                }
                guard weight > 0 else { return true }
                guard cumulative.count < Self.explanationLimit else { return false }
                explainedShip += placedShips
                explainedMask += placedMasks
                explanationStart.append(explainedShip.count)
                explanationCells.append(cells)
                freeShips.append(free)
                total += weight
                cumulative.append(total)
                return true
            }
            for index in ships.indices where used >> UInt16(index) & 1 == 0 {
                // Ships of one length are interchangeable here but distinct in the fleet: each is tried.
                for mask in through[shipLength[index]] where mask.contains(hit) && !mask.intersects(cells) {
                    placedShips.append(index)
                    placedMasks.append(mask)
                    let fine = explain(uncovered.subtracting(mask), used: used | 1 << UInt16(index), cells: cells.union(mask))
                    placedShips.removeLast()
                    placedMasks.removeLast()
                    if !fine { return false }
                }
            }
            return true
        }
        if !explain(openHits, used: 0, cells: CellSet()) || cumulative.isEmpty {
            isExact = false
        }
    }

    /// Draws one fleet: `masks[i]` becomes the cells of afloat ship `ships[i]`.
    /// Only for an exact sampler.
    func draw(into masks: inout [CellSet], generator: inout SeededGenerator) {
        let total = cumulative[cumulative.count - 1]
        while true {
            let point = generator.nextUnit() * total
            var low = 0
            var high = cumulative.count - 1
            while low < high {
                let middle = (low + high) / 2
                if cumulative[middle] > point { high = middle } else { low = middle + 1 }
            }
            let explanation = low
            for entry in explanationStart[explanation]..<explanationStart[explanation + 1] {
                masks[explainedShip[entry]] = explainedMask[entry]
            }
            let fixed = explanationCells[explanation]
            var occupied = fixed
            var overlap = false
            var free = freeShips[explanation]
            while free != 0 {
                let index = free.trailingZeroBitCount
                free &= free - 1
                let options = clear[shipLength[index]]
                var mask: CellSet
                repeat {
                    mask = options[generator.nextInt(below: options.count)]
                } while mask.intersects(fixed)
                if mask.intersects(occupied) { overlap = true }
                occupied.formUnion(mask)
                masks[index] = mask
            }
            if !overlap { return }
        }
    }
}
