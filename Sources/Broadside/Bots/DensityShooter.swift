import TabletopEngine

/// The `density` bot's memory and shot: for every cell, how many positions
/// of the opponent's remaining ships agree with the misses and the sunk
/// ships and cover it, kept up to date shot by shot instead of recounted.
///
/// A miss removes the positions through that cell; a sinking removes one
/// ship of its length (and the positions through its revealed cells). Each
/// update touches only the positions it removes, so a shot costs well under
/// a microsecond. With open hits (a ship hit but not sunk) the bot fires
/// where the positions through those hits overlap most, weighted by how
/// many hits each explains, and breaks ties by the search density. While
/// searching it favours the cells of one diagonal lattice spaced by the
/// shortest ship afloat (every ship covers one of them), by a fifth: enough
/// to settle near-ties, not to skip a much denser cell.
///
/// The memory is checked against each view: a view that does not extend
/// the last one (a new match, a view from elsewhere) rebuilds it, so the
/// shot always depends on the view alone.
///
/// Everything added up for every cell is kept for the board's cells only,
/// numbered row by row (``DensityTable``'s spots), and a cell's score is
/// summed over the classes in a register, class after class in the same
/// order as ever, so every score is the very double it was when each class
/// was added into a 256-cell buffer of its own pass (adding the classes with
/// no ship left, a zero each, changed nothing).
struct DensityShooter: Sendable {
    /// A position through `k` open hits weighs `hitWeight^(k-1)` times one through a single hit.
    static let hitWeight = 16.0
    /// Search mode: how much more a cell of the lattice counts than its density.
    /// Measured over 10,000 trials: 0.05 to 0.4 all beat none by 0.4 to 0.5
    /// shots; 0.2 was best (restricting the search to the lattice is worse).
    static let latticeBonus = 1.2
    /// Target mode: how much the chance that a cell belongs to a hit ship
    /// outweighs the chance it holds some other ship.
    static let targetWeight = 1_000.0
    /// Searching, how much more the shortest ship afloat counts for a
    /// `sweep` shooter (1.5 to 3 measured alike, with the sparsest lattice).
    static let sweepShortestWeight = 2.0

    /// Whether it is the `sweep` shooter: searching, its lattice bonus goes
    /// to the sparsest diagonal lattice (``DiagonalLattices``) instead of the
    /// fixed one, and the shortest ship afloat counts double.
    let sweeps: Bool

    /// Bit `s` set: shape `s` agrees with every miss and sunk ship.
    private var alive: [UInt64] = []
    /// `counts[k * cellCount + p]`: the live positions of length class `k` covering spot `p`.
    private var counts: [Int32] = []
    /// Per length class: its live positions.
    private var live = InlineArray<16, Int32>(repeating: 0)
    /// Per length class: how many ships of that length are still afloat.
    private var multiplicity = InlineArray<16, Int32>(repeating: 0)
    /// The shots of the view the memory was last brought up to.
    private var seenShots = CellSet()
    /// The sunk ships of that view.
    private var seenSunk: UInt16 = 0
    /// Their cells.
    private var sunkCells = CellSet()
    /// The board the memory was built for (empty until the first shot).
    private var board = CellSet()
    /// Per length class: the chance that one of its live positions is a
    /// ship's, for the shot being chosen.
    private var share: [Double] = []
    /// Per spot, with open hits: the weight of the live positions through them.
    private var targetWeights: [Double] = []
    /// Per spot: the score of a shot there, worked out for every spot at
    /// once before a shot. Buffers kept between shots: the scores were a
    /// closure returned from the shooter, whose captures (the target weights
    /// among them) went to the heap on every shot with every read of them
    /// checked for exclusive access, three times the cost of a shot.
    private var scores: [Double] = []

    /// A `density` shooter, or with `sweeps` a `sweep` one.
    init(sweeps: Bool = false) { self.sweeps = sweeps }

    /// The next shot for `view`; the seat must be on its turn in the battle.
    mutating func pick(_ view: BroadsideSeatView, game: Broadside, generator: inout SeededGenerator) -> Cell {
        // Scored first, on its own line: `best(in: score(...))` would read
        // `scores` as they were before `score` rewrote them.
        let open = score(view, game: game)
        return best(in: open, spots: game.data.density.spot, generator: &generator)
    }

    /// The open cells of `view` by score, best first (ties in board order):
    /// the shots `pick` weighs, for a search over them.
    mutating func ranked(_ view: BroadsideSeatView, game: Broadside) -> [(cell: Cell, score: Double)] {
        let open = score(view, game: game)
        let spot = game.data.density.spot
        return open.map { ($0, scores[Int(spot[Int($0.index)])]) }
            .sorted { $0.score != $1.score ? $0.score > $1.score : $0.cell < $1.cell }
    }

    /// Brings the memory up to `view`, works out ``scores`` and returns the
    /// open cells. Searching (no open hit), a cell's score is its density,
    /// the chance some remaining ship covers it, more on the lattice of the
    /// shortest ship afloat; with open hits, the weight of the live positions
    /// through them, far above the density.
    private mutating func score(_ view: BroadsideSeatView, game: Broadside) -> CellSet {
        let table = game.data.density
        update(view.target, game: game, table: table)
        // Each remaining ship lies on one of its class's live positions, so
        // the chance it covers a cell is the share of them that do.
        let classes = table.classLengths.count
        if share.count != classes { share = Array(repeating: 0, count: classes) }
        for k in 0..<classes {
            share[k] = multiplicity[k] > 0 && live[k] > 0 ? Double(multiplicity[k]) / Double(live[k]) : 0
        }
        if sweeps { weighShortestWhileSearching(view) }
        let spots = table.cellCount
        var sums = scores
        scores = []
        if sums.count != spots { sums = Array(repeating: 0, count: spots) }
        sums.withUnsafeMutableBufferPointer { sums in
            counts.withUnsafeBufferPointer { counts in
                share.withUnsafeBufferPointer { share in
                    Self.addDensities(into: sums, counts: counts, share: share, spots: spots)
                }
            }
        }
        let openHits = view.target.hits.subtracting(sunkCells)
        if openHits.isEmpty {
            // Lengths are longest first: the last class afloat is the shortest.
            var shortest = 1
            for k in 0..<classes where multiplicity[k] > 0 { shortest = table.classLengths[k] }
            if sweeps {
                favourSparsestLattice(in: &sums, spacing: shortest, view: view, game: game)
            } else {
                sums.withUnsafeMutableBufferPointer { sums in
                    for spot in table.latticeSpots[shortest] { sums[Int(spot)] = sums[Int(spot)] * Self.latticeBonus }
                }
            }
        } else {
            addTargetWeights(to: &sums, openHits: openHits, table: table)
        }
        scores = sums
        return board.subtracting(view.target.shots).subtracting(view.aimed)
    }

    /// A `sweep` shooter searching (no open hit): the shortest ship afloat
    /// counts ``sweepShortestWeight`` times. Out of line, like the next, so
    /// `density` pays only the test of ``sweeps``.
    @inline(never)
    private mutating func weighShortestWhileSearching(_ view: BroadsideSeatView) {
        guard view.target.hits.isSubset(of: sunkCells), let k = share.indices.last(where: { multiplicity[$0] > 0 }) else { return }
        share[k] *= Self.sweepShortestWeight
    }

    /// A `sweep` shooter searching: the lattice bonus on the diagonal lattice
    /// spaced `spacing` with the fewest cells still in play.
    @inline(never)
    private func favourSparsestLattice(in sums: inout [Double], spacing: Int, view: BroadsideSeatView, game: Broadside) {
        let table = game.data.density
        // Where a shot can still find a ship: the cells some live position covers.
        var inPlay = CellSet()
        for (spot, cell) in board.enumerated() where sums[spot] > 0 { inPlay.insert(cell) }
        let lattice = game.data.lattices.sparsest(spacing: spacing, inPlay: inPlay.subtracting(view.aimed))
        for cell in lattice { sums[Int(table.spot[Int(cell.index)])] *= Self.latticeBonus }
    }

    /// `sums[p]`: the sum over the classes of their share times their
    /// positions covering spot `p`, added in class order (the classes with
    /// no ship afloat weigh 0, and adding 0 changes no sum). Four classes a
    /// pass, two spots at a time, each sum in a register.
    @inline(__always)
    private static func addDensities(
        into sums: UnsafeMutableBufferPointer<Double>, counts: UnsafeBufferPointer<Int32>, share: UnsafeBufferPointer<Double>,
        spots: Int
    ) {
        let pairs = spots &>> 1
        var next = 0
        repeat {
            let chunk = min(4, share.count &- next)
            // A chunk of fewer than four classes reads its first class again, at weight 0.
            @inline(__always) func weight(_ j: Int) -> Double { j < chunk ? share[next &+ j] : 0 }
            @inline(__always) func row(_ j: Int) -> Int { (j < chunk ? next &+ j : next) &* spots }
            let (w0, w1, w2, w3) = (
                SIMD2(repeating: weight(0)), SIMD2(repeating: weight(1)), SIMD2(repeating: weight(2)), SIMD2(repeating: weight(3))
            )
            let (r0, r1, r2, r3) = (row(0), row(1), row(2), row(3))
            @inline(__always) func counted(_ row: Int, _ p: Int) -> SIMD2<Double> {
                SIMD2(Double(counts[row &+ p]), Double(counts[row &+ p &+ 1]))
            }
            @inline(__always) func sum(from start: SIMD2<Double>?, _ p: Int) -> SIMD2<Double> {
                var sum = start.map { $0 + w0 * counted(r0, p) } ?? w0 * counted(r0, p)
                sum += w1 * counted(r1, p)
                sum += w2 * counted(r2, p)
                sum += w3 * counted(r3, p)
                return sum
            }
            for pair in 0..<pairs {
                let p = pair &<< 1
                let total = sum(from: next == 0 ? nil : SIMD2(sums[p], sums[p &+ 1]), p)
                sums[p] = total.x
                sums[p &+ 1] = total.y
            }
            if spots & 1 == 1 {
                // The last spot of an odd board, alone (its pair's second lane reads it again).
                let p = spots &- 1
                var sum = next == 0 ? weight(0) * Double(counts[r0 &+ p]) : sums[p] + weight(0) * Double(counts[r0 &+ p])
                sum += weight(1) * Double(counts[r1 &+ p])
                sum += weight(2) * Double(counts[r2 &+ p])
                sum += weight(3) * Double(counts[r3 &+ p])
                sums[p] = sum
            }
            next &+= chunk
        } while next < share.count
    }

    /// With open hits: `sums[p]` (the density) becomes the weight of the live
    /// positions through the hits covering `p` (a position through `k` hits
    /// weighing `hitWeight^(k-1)`) times ``targetWeight``, plus the density.
    private mutating func addTargetWeights(to sums: inout [Double], openHits: CellSet, table: DensityTable) {
        var target = targetWeights
        targetWeights = []
        let spots = table.cellCount
        if target.count != spots { target = Array(repeating: 0, count: spots) }
        target.withUnsafeMutableBufferPointer { target in
            for p in 0..<spots { target[p] = 0 }
            alive.withUnsafeBufferPointer { alive in
                for k in 0..<table.classLengths.count where share[k] > 0 {
                    let length = table.classLengths[k]
                    for hit in openHits {
                        let from = Int(table.coverStart[k &* 257 &+ Int(hit.index)])
                        let to = Int(table.coverStart[k &* 257 &+ Int(hit.index) &+ 1])
                        for position in from..<to {
                            let shape = Int(table.coverList[position])
                            guard alive[shape &>> 6] &>> UInt64(shape & 63) & 1 == 1 else { continue }
                            let through = table.mask[shape].intersection(openHits)
                            // Count a position once: from the first open hit it covers.
                            guard through.first == hit else { continue }
                            var add = share[k]
                            for _ in 1..<through.count { add *= Self.hitWeight }
                            var spot = Int(table.spotOrigin[shape])
                            let step = Int(table.spotStep[shape])
                            for _ in 0..<length {
                                target[spot] += add
                                spot &+= step
                            }
                        }
                    }
                }
            }
            sums.withUnsafeMutableBufferPointer { sums in
                for p in 0..<spots { sums[p] = target[p] * Self.targetWeight + sums[p] }
            }
        }
        targetWeights = target
    }

    /// The open cell with the highest score; ties broken uniformly at random.
    private func best(in open: CellSet, spots spot: [Int16], generator: inout SeededGenerator) -> Cell {
        var bestScore = -Double.infinity
        var chosen = 0
        var ties: UInt64 = 0
        scores.withUnsafeBufferPointer { scores in
            spot.withUnsafeBufferPointer { spot in
                for wordIndex in 0..<4 {
                    var bits = open.word(wordIndex)
                    while bits != 0 {
                        let cell = wordIndex &* 64 &+ bits.trailingZeroBitCount
                        bits &= bits &- 1
                        let value = scores[Int(spot[cell])]
                        if value > bestScore {
                            bestScore = value
                            chosen = cell
                            ties = 1
                        } else if value == bestScore {
                            ties &+= 1
                            if generator.next(below: ties) == 0 { chosen = cell }
                        }
                    }
                }
            }
        }
        return Cell(index: UInt8(chosen))
    }

    /// Brings the memory up to `target`: new misses and new sinkings.
    private mutating func update(_ target: TargetBoard, game: Broadside, table: DensityTable) {
        let sunkMask = target.sunk.placedMask
        if board != game.board || !seenShots.isSubset(of: target.shots) || seenSunk & ~sunkMask != 0 {
            rebuild(game: game, table: table)
        }
        let newSunk = sunkMask & ~seenSunk
        if newSunk != 0 {
            for placement in target.sunk where newSunk >> UInt16(placement.ship) & 1 == 1 {
                let cells = placement.cells(length: game.length(of: placement.ship))
                let k = table.shipClass[placement.ship]
                if multiplicity[k] > 0 { multiplicity[k] &-= 1 }
                sunkCells.formUnion(cells)
                for cell in cells { removePositions(through: cell, table: table) }
            }
            seenSunk = sunkMask
        }
        let misses = target.shots.subtracting(seenShots).subtracting(target.hits)
        for cell in misses { removePositions(through: cell, table: table) }
        seenShots = target.shots
    }

    /// Every position of every ship, none removed yet.
    private mutating func rebuild(game: Broadside, table: DensityTable) {
        board = game.board
        seenShots = CellSet()
        seenSunk = 0
        sunkCells = CellSet()
        alive = Array(repeating: ~0, count: (table.shapeCount + 63) / 64)
        multiplicity = InlineArray(repeating: 0)
        for ship in 0..<game.rules.fleet.count { multiplicity[table.shipClass[ship]] &+= 1 }
        counts = table.startCounts
        live = InlineArray(repeating: 0)
        for k in 0..<table.classLengths.count { live[k] = Int32(table.firstShape[k + 1] - table.firstShape[k]) }
    }

    /// `cell` holds no afloat ship (a miss, a sunk ship's cell): the live
    /// positions through it are removed from the counts.
    private mutating func removePositions(through cell: Cell, table: DensityTable) {
        let spots = table.cellCount
        alive.withUnsafeMutableBufferPointer { alive in
            counts.withUnsafeMutableBufferPointer { counts in
                for k in 0..<table.classLengths.count where multiplicity[k] > 0 {
                    let length = table.classLengths[k]
                    let from = Int(table.coverStart[k &* 257 &+ Int(cell.index)])
                    let to = Int(table.coverStart[k &* 257 &+ Int(cell.index) &+ 1])
                    for position in from..<to {
                        let shape = Int(table.coverList[position])
                        let word = shape &>> 6
                        let bit = UInt64(1) &<< UInt64(shape & 63)
                        guard alive[word] & bit != 0 else { continue }
                        alive[word] &= ~bit
                        live[k] &-= 1
                        var covered = k &* spots &+ Int(table.spotOrigin[shape])
                        let step = Int(table.spotStep[shape])
                        for _ in 0..<length {
                            counts[covered] &-= 1
                            covered &+= step
                        }
                    }
                }
            }
        }
    }
}
