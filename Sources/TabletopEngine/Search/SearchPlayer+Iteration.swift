import Foundation

extension SearchPlayer {
    /// Selection, expansion, evaluation and backpropagation from one drawn
    /// state; with `solving`, also the proofs (every drawn state so far is
    /// this one), and each node's facts are kept in the tree.
    @inlinable mutating func iterate(from drawn: Game.State, tree: inout SearchTree<Game>, solving: Bool) {
        var state = drawn
        var node = 0
        var known: SeatPair<Double>?
        while true {
            // What the rules say here: kept from an earlier visit, or asked.
            let toMove: Seat?
            var space: MoveSpace?
            var listed: [Game.Move] = []
            var decisive: Int?
            var aligned = true
            if solving, tree.nodes[node].facts >= 0 {
                let facts = tree.nodes[node].facts
                state = tree.factStates[facts]
                toMove = tree.facts[facts].toMove
                space = tree.facts[facts].space
                decisive = tree.facts[facts].decisive
            } else {
                // With tactics, the rollouts keep the same answers by
                // position (they have usually met this one already).
                let cached = tactical ? positionFacts(of: state) : nil
                if let cached {
                    toMove = cached.ending == nil ? mover(among: cached.seats) : nil
                } else {
                    toMove = game.result(of: state) == nil ? mover(in: state) : nil
                }
                if let seat = toMove {
                    if cached?.moves == nil, let described = game.moveSpace(for: seat, in: state), !described.fields.isEmpty {
                        space = described
                    } else {
                        listed = cached?.moves ?? game.legalMoves(for: seat, in: state)
                        if tree.nodes[node].slotStart < 0 {
                            tree.makeSlots(for: node, listed)
                        } else {
                            aligned = tree.slotsMatch(node, listed)
                        }
                        if solving || listed.count <= Self.tacticsLimit,
                            let winning = cached?.moves != nil ? cached?.decisive : decisiveMove(among: listed, by: seat, in: state)
                        {
                            decisive = aligned ? winning : tree.slot(of: listed[winning], at: node)
                            if decisive == -1 {
                                // A winning move with no slot (listed only in this drawn state).
                                decisive = nil
                                listed = [listed[winning]]
                                aligned = false
                            }
                        }
                    }
                }
                if solving {
                    tree.nodes[node].facts = tree.facts.count
                    tree.facts.append(SearchFacts(toMove: toMove, space: space, decisive: decisive))
                    tree.factStates.append(state)
                }
            }
            guard let toMove else { break }
            let step: Step
            if let space {
                step = described(space, at: node, toMove, state, &tree, solving: solving)
            } else if let decisive {
                // A move that wins at once is the only one worth searching
                // here (for either seat): traps are then seen in one visit.
                let child = tree.slotChildren[tree.nodes[node].slotStart + decisive]
                if child >= 0 {
                    tree.nodes[child].available += 1
                    step = .child(child)
                } else {
                    step = .untried(tree.slotMoves[tree.nodes[node].slotStart + decisive], slot: decisive)
                }
            } else if aligned {
                step = slotted(at: node, &tree, solving: solving)
            } else {
                step = unaligned(listed, at: node, &tree, solving: solving)
            }
            let next: Int
            var expanded = false
            switch step {
            case .untried(let move, let slot):
                next = tree.addChild(move, mover: toMove, under: node, slot: slot)
                expanded = true
            case .child(let chosen):
                next = chosen
                if solving, let value = tree.nodes[next].proven {
                    // Its value is known exactly: no rollout needed.
                    node = next
                    known = tree.nodes[next].mover == .first ? SeatPair(value, 1 - value) : SeatPair(1 - value, value)
                }
            case .none:
                next = -1
            }
            guard next >= 0, known == nil, let move = tree.nodes[next].move else { break }
            if solving, tree.nodes[next].facts >= 0 {
                // The next node keeps its state: it replaces this one there.
            } else if space == nil {
                // Listed in this very state: legal, nothing to check.
                game.apply(move, by: toMove, to: &state)
            } else if !apply(move, by: toMove, to: &state) {
                break
            }
            node = next
            if expanded { break }
        }
        // The rules' verdict at the leaf, asked once for the proof, the
        // estimate and the rollout's first move (nil: not asked).
        var leafFacts: PositionFacts?
        var leafEnding: Ending??
        if known == nil {
            if tactical {
                leafFacts = positionFacts(of: state)
                leafEnding = .some(leafFacts?.ending)
            } else if (solving && node > 0) || settings.guide == nil {
                leafEnding = .some(game.result(of: state).map(Ending.init))
            }
        }
        if solving, known == nil, node > 0, case .some(let ended?) = leafEnding {
            if ended.winner != nil { tree.nodes[node].proven = Self.outcome(ended)[tree.nodes[node].mover] }
            tree.nodes[node].exhausted = true
        }
        if solving, known != nil { tree.nodes[node].exhausted = true }
        let reward = known ?? estimate(at: state, ending: leafEnding) ?? rollout(from: state, facts: leafFacts, ending: leafEnding)
        var walk = node
        while walk >= 0 {
            tree.nodes[walk].visits += 1
            tree.nodes[walk].reward += reward[tree.nodes[walk].mover]
            walk = tree.nodes[walk].parent
        }
        if solving, tree.nodes[node].proven != nil {
            var parent = tree.nodes[node].parent
            while parent >= 0, tree.nodes[parent].proven == nil, let value = proof(of: parent, tree) {
                tree.nodes[parent].proven = value
                tree.nodes[parent].exhausted = true
                parent = tree.nodes[parent].parent
            }
        }
        if solving, tree.nodes[node].exhausted {
            var parent = tree.nodes[node].parent
            while parent >= 0, !tree.nodes[parent].exhausted, isExhausted(parent, tree) {
                tree.nodes[parent].exhausted = true
                parent = tree.nodes[parent].parent
            }
        }
    }

    /// Where one visit of a node goes: a child, a move not tried yet (in
    /// slot `slot` of the node's table, or -1), or nowhere.
    @usableFromInline enum Step {
        case child(Int)
        case untried(Game.Move, slot: Int)
        case none
    }

    /// A visit where the legal moves are the node's slots, in order: every
    /// child is legal (counted available); an untried slot is taken at random,
    /// else the best child by UCB1.
    @inlinable mutating func slotted(at node: Int, _ tree: inout SearchTree<Game>, solving: Bool) -> Step {
        let start = tree.nodes[node].slotStart
        let count = tree.nodes[node].slotCount
        let untried = tree.nodes[node].untried
        // After this visit every listed move has a child.
        if untried <= 1 { tree.nodes[node].complete = true }
        if untried > 0 {
            var skip = generator.nextInt(below: untried)
            var pick = -1
            for index in 0..<count {
                let child = tree.slotChildren[start + index]
                if child >= 0 {
                    tree.nodes[child].available += 1
                } else if pick < 0 {
                    if skip == 0 { pick = index }
                    skip -= 1
                }
            }
            return .untried(tree.slotMoves[start + pick], slot: pick)
        }
        // Every slot has a child: UCB1 over them, in the same pass that
        // counts them available (``select(_:_:solving:)`` in a second pass
        // cost 1.7% more instructions in the Noughts package's search).
        var best = -1
        var bestScore = -Double.infinity
        for index in 0..<count {
            let child = tree.slotChildren[start + index]
            tree.nodes[child].available += 1
            let score = self.score(of: child, in: tree, solving: solving)
            if score > bestScore {
                bestScore = score
                best = child
            }
        }
        return best >= 0 ? .child(best) : .none
    }

    /// A visit where this drawn state lists other moves than the node's
    /// slots (a game whose hidden state changes what may be played): each
    /// move is matched to its slot or child by comparison.
    @inlinable mutating func unaligned(_ moves: [Game.Move], at node: Int, _ tree: inout SearchTree<Game>, solving: Bool) -> Step {
        candidates.removeAll(keepingCapacity: true)
        var fresh: [(Game.Move, Int)] = []
        for move in moves {
            let slot = tree.slot(of: move, at: node)
            let child = slot >= 0 ? tree.slotChildren[tree.nodes[node].slotStart + slot] : tree.child(of: node, for: move)
            if child >= 0 { candidates.append(child) } else { fresh.append((move, slot)) }
        }
        for child in candidates { tree.nodes[child].available += 1 }
        if fresh.count <= 1 { tree.nodes[node].complete = true }
        if !fresh.isEmpty {
            let (move, slot) = fresh[generator.nextInt(below: fresh.count)]
            return .untried(move, slot: slot)
        }
        return select(candidates, tree, solving: solving)
    }

    /// A visit of a node whose moves are described (a ``MoveSpace``), by
    /// progressive widening: a new move while the node has fewer children
    /// than twice the square root of its visits. The game's suggested moves
    /// come first, in order; once there are a few children, half of the new
    /// moves are drawn near the best so far (its fields moved a little, less
    /// as the children grow), so a good move is refined instead of found
    /// again by chance; the rest are drawn at random.
    @inlinable mutating func described(
        _ space: MoveSpace, at node: Int, _ seat: Seat, _ state: Game.State, _ tree: inout SearchTree<Game>, solving: Bool
    ) -> Step {
        var child = tree.nodes[node].firstChild
        while child >= 0 {
            tree.nodes[child].available += 1
            child = tree.nodes[child].nextSibling
        }
        let count = tree.nodes[node].childCount
        let allowed = max(1, Int((2 * Double(tree.nodes[node].visits + 1).squareRoot()).rounded(.down)))
        if count < allowed {
            if tree.nodes[node].suggestionStart < 0 {
                let suggested = game.suggestedMoves(for: seat, in: state)
                tree.nodes[node].suggestionStart = tree.suggestions.count
                tree.nodes[node].suggestionCount = suggested.count
                tree.suggestions.append(contentsOf: suggested)
            }
            var drawn: Game.Move?
            if count >= Self.refinementStart, generator.nextBool(), let leader = leadingChild(of: node, tree), let move = tree.nodes[leader].move {
                drawn = space.move(near: move, spread: Self.refinementSpread / Double(8 + count), using: &generator)
            }
            while drawn == nil, tree.nodes[node].suggestionsTaken < tree.nodes[node].suggestionCount {
                let suggestion = tree.suggestions[tree.nodes[node].suggestionStart + tree.nodes[node].suggestionsTaken]
                tree.nodes[node].suggestionsTaken += 1
                if tree.child(of: node, for: suggestion) < 0 { drawn = suggestion }
            }
            if drawn == nil { drawn = space.randomMove(Game.Move.self, using: &generator) }
            if let move = drawn, tree.child(of: node, for: move) < 0 { return .untried(move, slot: -1) }
        }
        candidates.removeAll(keepingCapacity: true)
        child = tree.nodes[node].firstChild
        while child >= 0 {
            candidates.append(child)
            child = tree.nodes[child].nextSibling
        }
        return select(candidates, tree, solving: solving)
    }

    /// The child of `node` with the highest mean reward, if any.
    @inlinable func leadingChild(of node: Int, _ tree: SearchTree<Game>) -> Int? {
        var best: Int?
        var child = tree.nodes[node].firstChild
        while child >= 0 {
            if best.map({ tree.nodes[child].mean > tree.nodes[$0].mean }) ?? true { best = child }
            child = tree.nodes[child].nextSibling
        }
        return best
    }

    /// UCB1 over `children`, the children legal in this iteration.
    @inlinable func select(_ children: [Int], _ tree: SearchTree<Game>, solving: Bool) -> Step {
        var best = -1
        var bestScore = -Double.infinity
        for child in children {
            let score = self.score(of: child, in: tree, solving: solving)
            if score > bestScore {
                bestScore = score
                best = child
            }
        }
        return best >= 0 ? .child(best) : .none
    }

    /// A child's UCB1 score, counting its chances by the iterations in which
    /// it was available. With `solving`, a proven child scores its exact
    /// value (a proven win first, a proven loss last).
    @inlinable func score(of child: Int, in tree: SearchTree<Game>, solving: Bool) -> Double {
        // Field by field: the node itself is not copied.
        if solving, let value = tree.nodes[child].proven { return value == 1 ? .infinity : value == 0 ? -1 : value }
        let count = tree.nodes[child].visits
        guard count > 0 else { return .infinity }
        let visits = Double(count)
        return tree.nodes[child].reward / visits + settings.exploration * (logarithm(max(tree.nodes[child].available, 1)) / visits).squareRoot()
    }

    /// Whether every move at `index` has a child and every child is exhausted.
    @inlinable func isExhausted(_ index: Int, _ tree: SearchTree<Game>) -> Bool {
        guard tree.nodes[index].complete else { return false }
        var child = tree.nodes[index].firstChild
        while child >= 0 {
            if !tree.nodes[child].exhausted { return false }
            child = tree.nodes[child].nextSibling
        }
        return true
    }

    /// A node's value for its mover from its children's proofs, or nil while
    /// unproven: the seat to move there wins if one reply wins for it, and
    /// loses once every reply is proven lost.
    @inlinable func proof(of index: Int, _ tree: SearchTree<Game>) -> Double? {
        let firstChild = tree.nodes[index].firstChild
        guard firstChild >= 0 else { return nil }
        var win = false
        var allLost = tree.nodes[index].complete
        var child = firstChild
        while child >= 0 {
            if tree.nodes[child].proven == 1 { win = true }
            if tree.nodes[child].proven != 0 { allLost = false }
            child = tree.nodes[child].nextSibling
        }
        guard win || allLost else { return nil }
        return (tree.nodes[firstChild].mover == tree.nodes[index].mover) == win ? 1 : 0
    }
}
