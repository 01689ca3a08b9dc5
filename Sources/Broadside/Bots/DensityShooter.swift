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

    /// Bit `s` set: shape `s` agrees with every miss and sunk ship.
    private var alive: [UInt64] = []
    /// `counts[k * 256 + c]`: the live positions of length class `k` covering cell `c`.
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
    /// The cells of `board` lie below this index (a 10 x 10 board's last, J10, is 153).
    private var span = 0
    /// Per length class: the chance that one of its live positions is a
    /// ship's, for the shot being chosen.
    private var share: [Double] = []
    /// Per cell, with open hits: the weight of the live positions through them.
    private var targetWeights: [Double] = []
    /// Per cell: the score of a shot there, worked out for every cell below
    /// ``span`` at once before a shot (class by class across the cells, which
    /// the compiler vectorizes, rather than cell by cell, each a chain of
    /// dependent additions). Buffers kept between shots: the scores were a
    /// closure returned from the shooter, whose captures (the 2 KB of target
    /// weights among them) went to the heap on every shot with every read of
    /// them checked for exclusive access, three times the cost of a shot.
    private var scores: [Double] = []

    /// The next shot for `view`; the seat must be on its turn in the battle.
    mutating func pick(_ view: BroadsideSeatView, game: Broadside, generator: inout SeededGenerator) -> Cell {
        // Scored first, on its own line: `best(in: score(...))` would read
        // `scores` as they were before `score` rewrote them.
        let open = score(view, game: game)
        return best(in: open, generator: &generator)
    }

    /// The open cells of `view` by score, best first (ties in board order):
    /// the shots `pick` weighs, for a search over them.
    mutating func ranked(_ view: BroadsideSeatView, game: Broadside) -> [(cell: Cell, score: Double)] {
        let open = score(view, game: game)
        return open.map { ($0, scores[Int($0.index)]) }.sorted { $0.score != $1.score ? $0.score > $1.score : $0.cell < $1.cell }
    }

    /// Brings the memory up to `view`, works out ``scores`` and returns the
    /// open cells. Searching (no open hit), a cell's score is its density,
    /// the chance some remaining ship covers it, more on the lattice of the
    /// shortest ship afloat; with open hits, the weight of the live positions
    /// through them, far above the density. Each score is the very double
    /// the same sums gave one cell at a time: the same operations in the
    /// same order.
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
        var sums = scores
        scores = []
        if sums.count != 256 { sums = Array(repeating: 0, count: 256) }
        let span = span
        sums.withUnsafeMutableBufferPointer { sums in
            counts.withUnsafeBufferPointer { counts in
                for cell in 0..<span { sums[cell] = 0 }
                for k in 0..<classes {
                    let weight = share[k]
                    let row = UnsafeBufferPointer(rebasing: counts[(k &* 256)..<(k &* 256 &+ span)])
                    for cell in 0..<span { sums[cell] += weight * Double(row[cell]) }
                }
            }
        }
        let openHits = view.target.hits.subtracting(sunkCells)
        if openHits.isEmpty {
            // Lengths are longest first: the last class afloat is the shortest.
            var shortest = 1
            for k in 0..<classes where multiplicity[k] > 0 { shortest = table.classLengths[k] }
            for cell in table.lattice[shortest].intersection(board) {
                sums[Int(cell.index)] = sums[Int(cell.index)] * Self.latticeBonus
            }
        } else {
            addTargetWeights(to: &sums, openHits: openHits, table: table)
        }
        scores = sums
        return board.subtracting(view.target.shots).subtracting(view.aimed)
    }

    /// With open hits: `sums[c]` (the density) becomes the weight of the live
    /// positions through the hits covering `c` (a position through `k` hits
    /// weighing `hitWeight^(k-1)`) times ``targetWeight``, plus the density.
    private mutating func addTargetWeights(to sums: inout [Double], openHits: CellSet, table: DensityTable) {
        var target = targetWeights
        targetWeights = []
        if target.count != 256 { target = Array(repeating: 0, count: 256) }
        let span = span
        target.withUnsafeMutableBufferPointer { target in
            for cell in 0..<span { target[cell] = 0 }
            for k in 0..<table.classLengths.count where share[k] > 0 {
                let length = table.classLengths[k]
                for hit in openHits {
                    let from = Int(table.coverStart[k &* 257 &+ Int(hit.index)])
                    let to = Int(table.coverStart[k &* 257 &+ Int(hit.index) &+ 1])
                    for position in from..<to {
                        let shape = Int(table.coverList[position])
                        guard isAlive(shape) else { continue }
                        let through = table.mask[shape].intersection(openHits)
                        // Count a position once: from the first open hit it covers.
                        guard through.first == hit else { continue }
                        var add = share[k]
                        for _ in 1..<through.count { add *= Self.hitWeight }
                        var cell = Int(table.origin[shape])
                        let step = Int(table.step[shape])
                        for _ in 0..<length {
                            target[cell] += add
                            cell &+= step
                        }
                    }
                }
            }
            sums.withUnsafeMutableBufferPointer { sums in
                for cell in 0..<span { sums[cell] = target[cell] * Self.targetWeight + sums[cell] }
            }
        }
        targetWeights = target
    }

    /// The open cell with the highest score; ties broken uniformly at random.
    private func best(in open: CellSet, generator: inout SeededGenerator) -> Cell {
        var bestScore = -Double.infinity
        var chosen = 0
        var ties: UInt64 = 0
        for wordIndex in 0..<4 {
            var bits = open.word(wordIndex)
            while bits != 0 {
                let cell = wordIndex &* 64 &+ bits.trailingZeroBitCount
                bits &= bits &- 1
                let value = scores[cell]
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
        return Cell(index: UInt8(chosen))
    }

    @inline(__always) private func isAlive(_ shape: Int) -> Bool {
        alive[shape &>> 6] &>> UInt64(shape & 63) & 1 == 1
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
        span = 0
        for word in stride(from: 3, through: 0, by: -1) where board.word(word) != 0 {
            span = word &* 64 &+ 64 &- board.word(word).leadingZeroBitCount
            break
        }
        seenShots = CellSet()
        seenSunk = 0
        sunkCells = CellSet()
        let classes = table.classLengths.count
        alive = Array(repeating: ~0, count: (table.shapeCount + 63) / 64)
        multiplicity = InlineArray(repeating: 0)
        for ship in 0..<game.rules.fleet.count { multiplicity[table.shipClass[ship]] &+= 1 }
        counts = Array(repeating: 0, count: classes * 256)
        live = InlineArray(repeating: 0)
        for k in 0..<classes {
            let length = table.classLengths[k]
            live[k] = Int32(table.firstShape[k + 1] - table.firstShape[k])
            for shape in table.firstShape[k]..<table.firstShape[k + 1] {
                var cell = Int(table.origin[shape])
                let step = Int(table.step[shape])
                for _ in 0..<length {
                    counts[k &* 256 &+ cell] &+= 1
                    cell &+= step
                }
            }
        }
    }

    /// `cell` holds no afloat ship (a miss, a sunk ship's cell): the live
    /// positions through it are removed from the counts.
    private mutating func removePositions(through cell: Cell, table: DensityTable) {
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
                var covered = k &* 256 &+ Int(table.origin[shape])
                let step = Int(table.step[shape])
                for _ in 0..<length {
                    counts[covered] &-= 1
                    covered &+= step
                }
            }
        }
    }
}
