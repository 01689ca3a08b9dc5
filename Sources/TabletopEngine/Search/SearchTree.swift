/// The search's tree in a few flat arrays: the nodes, the slot tables of
/// listed moves, the moves the game suggested, and the rules' facts kept at
/// nodes. Nothing is allocated per node: a tree grows by appending, and
/// nodes refer to each other and to the tables by index.
@usableFromInline struct SearchTree<Game: DeterminizableGame>: Sendable {
    /// The nodes; the root is node 0.
    @usableFromInline var nodes: [SearchNode<Game.Move>]
    /// Every listed node's moves as listed at its first visit, node after
    /// node (a node's run starts at ``SearchNode/slotStart``).
    @usableFromInline var slotMoves: [Game.Move] = []
    /// The child made for each slot's move (-1: not tried yet).
    @usableFromInline var slotChildren: [Int] = []
    /// The moves the game suggested at described nodes, node after node.
    @usableFromInline var suggestions: [Game.Move] = []
    /// The rules' facts at nodes, kept while every drawn state is one state.
    @usableFromInline var facts: [SearchFacts] = []
    /// The state at each of those nodes, by the same index as ``facts``
    /// (apart, so that reading facts copies no game state).
    @usableFromInline var factStates: [Game.State] = []

    /// A tree of one root, whose move (none) is credited to `rootMover`.
    @inlinable init(rootMover: Seat) {
        nodes = [SearchNode(move: nil, mover: rootMover, parent: -1)]
    }

    /// Adds a child for `move`, made by `mover`, under `parent` (in slot
    /// `slot` of its table, or -1), and returns its index.
    @inlinable mutating func addChild(_ move: Game.Move, mover: Seat, under parent: Int, slot: Int) -> Int {
        let index = nodes.count
        var child = SearchNode(move: move, mover: mover, parent: parent, available: 1)
        child.slot = slot
        nodes.append(child)
        if nodes[parent].lastChild >= 0 {
            nodes[nodes[parent].lastChild].nextSibling = index
        } else {
            nodes[parent].firstChild = index
        }
        nodes[parent].lastChild = index
        nodes[parent].childCount += 1
        if slot >= 0 {
            slotChildren[nodes[parent].slotStart + slot] = index
            nodes[parent].untried -= 1
        }
        return index
    }

    /// Gives `node` its slot table: `moves`, none tried yet.
    @inlinable mutating func makeSlots(for node: Int, _ moves: [Game.Move]) {
        nodes[node].slotStart = slotMoves.count
        nodes[node].slotCount = moves.count
        nodes[node].untried = moves.count
        slotMoves.append(contentsOf: moves)
        slotChildren.append(contentsOf: repeatElement(-1, count: moves.count))
    }

    /// Whether `moves` are `node`'s slots, in order: then slot `i` is move `i`.
    @inlinable func slotsMatch(_ node: Int, _ moves: [Game.Move]) -> Bool {
        let start = nodes[node].slotStart
        guard nodes[node].slotCount == moves.count else { return false }
        for index in moves.indices where slotMoves[start + index] != moves[index] { return false }
        return true
    }

    /// The slot of `move` in `node`'s table, or -1.
    @inlinable func slot(of move: Game.Move, at node: Int) -> Int {
        let start = nodes[node].slotStart
        for index in 0..<nodes[node].slotCount where slotMoves[start + index] == move { return index }
        return -1
    }

    /// The child of `node` for `move`, or -1.
    @inlinable func child(of node: Int, for move: Game.Move) -> Int {
        var child = nodes[node].firstChild
        while child >= 0 {
            if nodes[child].move == move { return child }
            child = nodes[child].nextSibling
        }
        return -1
    }

    /// The subtree under `root` as a tree of its own (its nodes, slots,
    /// suggestions and facts renumbered), with `root` as its root: what the
    /// search keeps of one move's tree for the next.
    @inlinable func subtree(at root: Int) -> SearchTree {
        var kept = SearchTree(rootMover: nodes[root].mover)
        kept.nodes.removeAll()
        // Breadth first, so each node's children are copied after it and in order.
        var old = [root]
        var newIndex = [root: 0]
        var next = 0
        while next < old.count {
            let source = old[next]
            var node = nodes[source]
            node.parent = source == root ? -1 : newIndex[node.parent]!
            if source == root {
                node.move = nil
                node.nextSibling = -1
                node.slot = -1
            }
            if node.slotStart >= 0 {
                let start = kept.slotMoves.count
                kept.slotMoves.append(contentsOf: slotMoves[node.slotStart..<(node.slotStart + node.slotCount)])
                kept.slotChildren.append(contentsOf: repeatElement(-1, count: node.slotCount))
                node.slotStart = start
            }
            if node.suggestionStart >= 0 {
                let start = kept.suggestions.count
                kept.suggestions.append(contentsOf: suggestions[node.suggestionStart..<(node.suggestionStart + node.suggestionCount)])
                node.suggestionStart = start
            }
            if node.facts >= 0 {
                kept.facts.append(facts[node.facts])
                kept.factStates.append(factStates[node.facts])
                node.facts = kept.facts.count - 1
            }
            var child = node.firstChild
            while child >= 0 {
                newIndex[child] = old.count
                old.append(child)
                child = nodes[child].nextSibling
            }
            kept.nodes.append(node)
            next += 1
        }
        // Links by the new numbers.
        for index in kept.nodes.indices {
            let source = old[index]
            let node = nodes[source]
            kept.nodes[index].firstChild = node.firstChild >= 0 ? newIndex[node.firstChild]! : -1
            kept.nodes[index].lastChild = node.lastChild >= 0 ? newIndex[node.lastChild]! : -1
            if index > 0 { kept.nodes[index].nextSibling = node.nextSibling >= 0 ? newIndex[node.nextSibling]! : -1 }
            let slot = kept.nodes[index].slot
            if slot >= 0 { kept.slotChildren[kept.nodes[kept.nodes[index].parent].slotStart + slot] = index }
        }
        return kept
    }
}

/// What the rules say at one node, kept while every drawn state is one
/// state (the same moves from the same state give the same state, so
/// nothing there needs computing twice). The node's state is kept beside
/// them (``SearchTree/factStates``).
@usableFromInline struct SearchFacts: Sendable {
    /// The seat to move there; nil once the match is over.
    @usableFromInline var toMove: Seat?
    /// The moves when described; nil when listed (the node's slot table).
    @usableFromInline var space: MoveSpace?
    /// The slot of a listed move that wins at once, if any.
    @usableFromInline var decisive: Int?

    @inlinable init(toMove: Seat?, space: MoveSpace?, decisive: Int?) {
        self.toMove = toMove
        self.space = space
        self.decisive = decisive
    }
}
