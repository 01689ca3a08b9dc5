import TabletopEngine

/// The `hunt` bot's shot: finish a hit ship if there is one, else search.
enum HuntShooter {
    static func pick(
        _ knowledge: TargetKnowledge, game: Broadside, latticeOffset: Int,
        generator: inout SeededGenerator
    ) -> Cell {
        let hits = knowledge.openHits
        let open = knowledge.open
        if !hits.isEmpty {
            // Two or more hits in a line: the ship lies along it, so fire at
            // the open cells at either end of the line.
            let inRow = hits.intersection(hits.movedLeft.union(hits.movedRight))
            let inColumn = hits.intersection(hits.movedUp.union(hits.movedDown))
            let lineEnds = inRow.movedLeft.union(inRow.movedRight)
                .union(inColumn.movedUp.union(inColumn.movedDown))
                .intersection(open)
            if !lineEnds.isEmpty { return TargetKnowledge.randomCell(in: lineEnds, &generator) }
            let around = hits.orthogonalNeighbours.intersection(open)
            if !around.isEmpty { return TargetKnowledge.randomCell(in: around, &generator) }
        }
        // Search: every ship of length >= n covers a cell of each diagonal
        // class modulo n, so one class (spaced by the shortest ship left) is enough.
        let spacing = knowledge.shortestRemaining(game: game)
        let lattice = game.table.diagonals[spacing][latticeOffset % spacing].intersection(open)
        return TargetKnowledge.randomCell(in: lattice.isEmpty ? open : lattice, &generator)
    }
}
