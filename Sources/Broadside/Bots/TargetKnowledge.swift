import TabletopEngine

/// What a shooter knows of the opponent's board, derived from its view:
/// where it may fire, its hits on ships not yet sunk, and the ships left.
struct TargetKnowledge {
    /// Cells it may fire at: on the board, not fired at, not aimed at this salvo.
    let open: CellSet
    /// Hits on ships not yet sunk.
    let openHits: CellSet
    /// Cells no remaining ship can cover: misses and sunk ships.
    let blocked: CellSet
    /// The opponent's ships still afloat.
    let remaining: ShipSet

    /// What `view` tells; `sunkCells` are the cells of its sunk ships
    /// (``SunkCells`` keeps them between shots).
    init(view: BroadsideSeatView, game: borrowing Broadside, sunkCells: CellSet) {
        let target = view.target
        open = game.board.subtracting(target.shots).subtracting(view.aimed)
        openHits = target.hits.subtracting(sunkCells)
        blocked = target.shots.subtracting(target.hits).union(sunkCells)
        remaining = view.opponentAfloat
    }

    /// A uniformly random open cell (a seat on its turn always has one).
    func randomOpenCell(_ generator: inout SeededGenerator) -> Cell {
        Self.randomCell(in: open, &generator)
    }

    /// A uniformly random cell of a non-empty set.
    static func randomCell(in cells: CellSet, _ generator: inout SeededGenerator) -> Cell {
        cells.cell(atRank: generator.nextInt(below: cells.count))
    }

    /// The shortest ship still afloat.
    func shortestRemaining(game: Broadside) -> Int {
        var shortest = Int.max
        for ship in remaining { shortest = min(shortest, game.length(of: ship)) }
        return shortest == Int.max ? 1 : shortest
    }
}
