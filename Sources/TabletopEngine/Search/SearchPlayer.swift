import Foundation

/// The engine's search bot, `mcts`: information-set Monte Carlo tree search
/// with determinization, for any ``DeterminizableGame``.
///
/// Each iteration draws a whole state consistent with the seat's view (the
/// game's one hook), walks the tree from the root choosing moves by UCB1
/// among those legal in that state, adds one new move, plays the match out
/// with the game's own bots (a rollout), and credits each move on the path
/// with the result for the seat that made it. After the budget the most
/// visited move at the root is played. Where a listed move wins at once, it
/// is the only move searched at that node. With a guide bot the rollouts are
/// the guide's, and the guide's own move is kept unless another is better by
/// more than two standard errors.
///
/// While every drawn state is the same state (a game with nothing hidden, or
/// a view that leaves only one possibility), the search is also a solver
/// (MCTS-Solver): a move that wins the match is a proven win, a reply that
/// wins for the seat to move makes that seat's position won, replies that
/// all lose make it lost; proven losses are never chosen and a proven win
/// always is. So a forced line the tree has fully seen is never missed,
/// whatever the rollouts said. Draws are not proven: a line that draws
/// against best play may still win against a fallible opponent, which only
/// the rollouts measure. Once a drawn state differs from the first, the proofs are
/// no longer trusted for that move (they held for one state only).
///
/// The search sees nothing but the view: hidden state comes only from the
/// game's sampler, and the rollouts' bots see only their own views of the
/// drawn state. With an iteration budget it is deterministic for its seed.
public struct SearchPlayer<Game: DeterminizableGame>: Sendable {
    /// The game searched.
    public let game: Game
    /// The seat it plays.
    public let seat: Seat
    /// Its budget and guide.
    public let settings: SearchSettings
    /// Its randomness: drawn states, new moves, rollout seeds.
    @usableFromInline var generator: SeededGenerator
    /// Whether this move's rollouts play tactics (see ``tacticsLimit``).
    @usableFromInline var tactical = false

    /// Where the seat has at most this many listed moves, the rollouts play
    /// tactics: a move that wins at once is played, and a move that hands the
    /// other seat a win at once is replaced by one that does not. Each costs
    /// a move's worth of rules per listed move, so games with more moves
    /// (Broadside's 100 shots, golf's described strokes) roll out as before.
    public static var tacticsLimit: Int { 16 }

    /// Children a described node has before new ones may be drawn near its best.
    @inlinable static var refinementStart: Int { 4 }
    /// How far from the best a refined move's fields move: this share of
    /// their range over (8 + children), as a standard deviation.
    @inlinable static var refinementSpread: Double { 0.5 }

    /// A search bot for `seat`, drawing its randomness from `seed`.
    @inlinable public init(game: Game, seat: Seat, settings: SearchSettings, seed: UInt64) {
        self.game = game
        self.seat = seat
        self.settings = settings
        generator = SeededGenerator(seed: seed)
    }

    /// The move the search picks for `view`, or nil when the seat may not move.
    @inlinable public mutating func move(for view: Game.SeatView) -> Game.Move? {
        let start = ContinuousClock.now
        let first = game.sampleState(consistentWith: view, for: seat, using: &generator)
        guard game.result(of: first) == nil, mover(in: first) == seat else { return nil }
        tactical = false
        if case .listed(let moves) = choices(at: first, seat) {
            if moves.count == 1 { return moves[0] }
            tactical = moves.count <= Self.tacticsLimit
        }
        var guideMove: Game.Move?
        if let guide = settings.guide, var bot = try? game.makeBot(named: guide, seat: seat, seed: generator.next()) {
            guideMove = bot.move(for: view)
        }
        var tree = [SearchNode<Game.Move>(move: nil, mover: seat.opponent, parent: -1)]
        var cache: [Facts?] = [nil]
        let firstDigest = digest(of: first)
        var solving = true
        var iteration = 0
        while true {
            if let iterations = settings.iterations, iteration >= iterations { break }
            if let limit = settings.timeLimit, iteration % 8 == 0, iteration > 0, start.duration(to: .now) >= limit { break }
            // A proven root has nothing left to learn.
            if solving, tree[0].proven != nil { break }
            let state = iteration == 0 ? first : game.sampleState(consistentWith: view, for: seat, using: &generator)
            if solving, iteration > 0, digest(of: state) != firstDigest { solving = false }
            iterate(from: state, tree: &tree, cache: &cache, solving: solving)
            iteration += 1
        }
        return bestMove(tree, guide: guideMove, solving: solving)
    }

    /// The state's stable hash: equal digests, the same state for the rules.
    @inlinable func digest(of state: Game.State) -> StableHash {
        var hasher = StableHasher()
        game.hash(state, into: &hasher)
        return hasher.finalize()
    }

    // MARK: - One iteration

    /// What the rules say at one node of the tree: kept at the node while
    /// every drawn state is one state (the same moves from the same state
    /// give the same state, so nothing there needs computing twice).
    @usableFromInline struct Facts {
        /// The state at the node (kept only in the cache).
        @usableFromInline var state: Game.State?
        /// The seat to move there; nil once the match is over.
        @usableFromInline var toMove: Seat?
        /// The moves, listed or described.
        @usableFromInline var choices: Choices?
        /// A listed move that wins at once, if any.
        @usableFromInline var decisive: Game.Move?

        @inlinable init(state: Game.State?, toMove: Seat?, choices: Choices?, decisive: Game.Move?) {
            self.state = state
            self.toMove = toMove
            self.choices = choices
            self.decisive = decisive
        }
    }

    /// The facts of `state`, holding the state itself when `keeping` it.
    @inlinable func facts(of state: Game.State, keeping: Bool) -> Facts {
        guard game.result(of: state) == nil, let toMove = mover(in: state) else {
            return Facts(state: keeping ? state : nil, toMove: nil, choices: nil, decisive: nil)
        }
        let choices = choices(at: state, toMove)
        var decisive: Game.Move?
        if case .listed(let moves) = choices { decisive = decisiveMove(among: moves, by: toMove, in: state) }
        return Facts(state: keeping ? state : nil, toMove: toMove, choices: choices, decisive: decisive)
    }

    /// Selection, expansion, rollout and backpropagation from one drawn
    /// state; with `solving`, also the proofs (every drawn state so far is
    /// this one), and each node's facts are kept in `known`.
    @inlinable mutating func iterate(
        from drawn: Game.State, tree: inout [SearchNode<Game.Move>], cache: inout [Facts?], solving: Bool
    ) {
        var state = drawn
        var node = 0
        var expanded = false
        var known: SeatPair<Double>?
        while !expanded {
            let here: Facts
            if solving, let cached = cache[node], let kept = cached.state {
                here = cached
                state = kept
            } else {
                here = facts(of: state, keeping: solving)
                if solving { cache[node] = here }
            }
            guard let toMove = here.toMove, let choices = here.choices else { break }
            var candidates: [Int] = []
            var untried: Game.Move?
            var listed = false
            switch choices {
            case .listed(let moves):
                listed = true
                if let winning = here.decisive {
                    // A move that wins at once is the only one worth searching
                    // here (for either seat): traps are then seen in one visit.
                    if let child = tree[node].children[winning] { candidates = [child] } else { untried = winning }
                    break
                }
                var fresh: [Game.Move] = []
                for move in moves {
                    if let child = tree[node].children[move] { candidates.append(child) } else { fresh.append(move) }
                }
                if !fresh.isEmpty { untried = fresh[generator.nextInt(below: fresh.count)] }
                // After this iteration every listed move has a child.
                if fresh.count <= 1 { tree[node].complete = true }
            case .sampled(let space):
                // Progressive widening: a new move while the node has fewer
                // children than twice the square root of its visits; half of
                // them, once there are a few, near the best so far (its
                // fields moved a little, less as the children grow), so a
                // good stroke is refined instead of found again by chance.
                candidates = tree[node].order
                let allowed = max(1, Int((2 * Double(tree[node].visits + 1).squareRoot()).rounded(.down)))
                if candidates.count < allowed {
                    var drawn: Game.Move?
                    if candidates.count >= Self.refinementStart, generator.nextBool(),
                        let best = candidates.max(by: { tree[$0].mean < tree[$1].mean }), let leader = tree[best].move
                    {
                        drawn = space.move(near: leader, spread: Self.refinementSpread / Double(8 + candidates.count), using: &generator)
                    }
                    if drawn == nil { drawn = space.randomMove(Game.Move.self, using: &generator) }
                    if let move = drawn, tree[node].children[move] == nil { untried = move }
                }
            }
            for child in candidates { tree[child].available += 1 }
            let next: Int
            if let move = untried {
                next = tree.count
                tree.append(SearchNode(move: move, mover: toMove, parent: node, available: 1))
                cache.append(nil)
                tree[node].children[move] = next
                tree[node].order.append(next)
                expanded = true
            } else if let chosen = select(candidates, tree, solving: solving) {
                next = chosen
                if solving, let value = tree[next].proven {
                    // Its value is known exactly: no rollout needed.
                    node = next
                    known = tree[next].mover == .first ? SeatPair(value, 1 - value) : SeatPair(1 - value, value)
                    break
                }
            } else {
                break
            }
            guard let move = tree[next].move else { break }
            if listed {
                // Listed in this very state: legal, nothing to check.
                game.apply(move, by: toMove, to: &state)
            } else if !apply(move, by: toMove, to: &state) {
                break
            }
            node = next
        }
        if solving, known == nil, node > 0, let result = game.result(of: state), result.winner != nil {
            tree[node].proven = Self.outcome(result)[tree[node].mover]
        }
        let reward = known ?? estimate(at: state) ?? rollout(from: state)
        var walk = node
        while walk >= 0 {
            tree[walk].visits += 1
            tree[walk].reward += reward[tree[walk].mover]
            walk = tree[walk].parent
        }
        if solving, tree[node].proven != nil {
            var parent = tree[node].parent
            while parent >= 0, tree[parent].proven == nil, let value = proof(of: parent, tree) {
                tree[parent].proven = value
                parent = tree[parent].parent
            }
        }
    }

    /// A node's value for its mover from its children's proofs, or nil while
    /// unproven: the seat to move there wins if one reply wins for it, and
    /// loses once every reply is proven lost.
    @inlinable func proof(of index: Int, _ tree: [SearchNode<Game.Move>]) -> Double? {
        let node = tree[index]
        guard let firstChild = node.order.first else { return nil }
        var win = false
        var allLost = node.complete
        for child in node.order {
            if tree[child].proven == 1 { win = true }
            if tree[child].proven != 0 { allLost = false }
        }
        guard win || allLost else { return nil }
        return (tree[firstChild].mover == node.mover) == win ? 1 : 0
    }

    /// UCB1 over the children legal in this iteration, counting a child's
    /// chances by the iterations in which it was available. With `solving`,
    /// a proven child scores its exact value (a proven win first, a proven
    /// loss last) and is not explored further.
    @inlinable func select(_ candidates: [Int], _ tree: [SearchNode<Game.Move>], solving: Bool) -> Int? {
        var best: Int?
        var bestScore = -Double.infinity
        for child in candidates {
            // Fields read in place: a copy of the node would retain its tables.
            let visits = tree[child].visits
            let score: Double
            if solving, let value = tree[child].proven {
                score = value == 1 ? .infinity : value == 0 ? -1 : value
            } else {
                score =
                    visits == 0
                    ? Double.infinity
                    : tree[child].reward / Double(visits) + settings.exploration
                        * (log(Double(max(tree[child].available, 1))) / Double(visits)).squareRoot()
            }
            if score > bestScore {
                bestScore = score
                best = child
            }
        }
        return best
    }

    /// The root's most visited move (ties: the higher mean); with a guide,
    /// the guide's move unless that one is better by two standard errors.
    /// With `solving`, a proven win is played and proven losses are not
    /// (unless every move is one).
    @inlinable func bestMove(_ tree: [SearchNode<Game.Move>], guide: Game.Move?, solving: Bool) -> Game.Move? {
        if solving, let win = tree[0].order.first(where: { tree[$0].proven == 1 }) { return tree[win].move }
        func lost(_ child: Int) -> Bool { solving && tree[child].proven == 0 }
        let open = tree[0].order.filter { !lost($0) }
        var best: Int?
        for child in open.isEmpty ? tree[0].order : open {
            guard let current = best else {
                best = child
                continue
            }
            let node = tree[child]
            let leader = tree[current]
            if node.visits > leader.visits || (node.visits == leader.visits && node.mean > leader.mean) { best = child }
        }
        guard let chosen = best else { return guide }
        if let guide, let kept = tree[0].children[guide], kept != chosen, !lost(kept) {
            let a = tree[chosen]
            let b = tree[kept]
            if b.visits == 0 { return guide }
            let error = (0.25 / Double(a.visits) + 0.25 / Double(b.visits)).squareRoot()
            if a.mean - b.mean <= 2 * error { return guide }
        } else if let guide, tree[0].children[guide] == nil {
            return guide
        }
        return tree[chosen].move
    }

    // MARK: - Rules helpers

    /// The moves at a state: listed, or a described space to draw from.
    @usableFromInline enum Choices {
        case listed([Game.Move])
        case sampled(MoveSpace)
    }

    @inlinable func choices(at state: Game.State, _ seat: Seat) -> Choices {
        if let space = game.moveSpace(for: seat, in: state), !space.fields.isEmpty { return .sampled(space) }
        return .listed(game.legalMoves(for: seat, in: state))
    }

    /// The seat that moves next in the tree: the searching seat when both may.
    @inlinable func mover(in state: Game.State) -> Seat? {
        let seats = game.seatsToMove(in: state)
        if seats.contains(seat) { return seat }
        return seats.contains(seat.opponent) ? seat.opponent : nil
    }

    /// The first of `moves` that ends the match with `seat` winning, if any.
    @inlinable func decisiveMove(among moves: [Game.Move], by seat: Seat, in state: Game.State) -> Game.Move? {
        for move in moves {
            var next = state
            // Listed in this state: legal, nothing to check.
            game.apply(move, by: seat, to: &next)
            if game.result(of: next)?.winner == seat { return move }
        }
        return nil
    }

    /// Validates and applies; false when the drawn state refuses the move.
    @inlinable func apply(_ move: Game.Move, by seat: Seat, to state: inout Game.State) -> Bool {
        do {
            try game.validate(move, by: seat, in: state)
        } catch {
            return false
        }
        game.apply(move, by: seat, to: &state)
        return true
    }

    /// The game's estimate of an unfinished state, when it has one and no
    /// guide bot was named (a guide asks for its rollouts).
    @inlinable func estimate(at state: Game.State) -> SeatPair<Double>? {
        guard settings.guide == nil, game.result(of: state) == nil else { return nil }
        return game.estimatedRewards(at: state)
    }

    /// Plays the match out with the rollout bot in both seats (the guide,
    /// else the game's first bot, else random listed moves) and returns each
    /// seat's reward: 1 for a win, 0.5 for a draw (or a rollout that could
    /// not finish), 0 for a loss.
    @inlinable mutating func rollout(from start: Game.State) -> SeatPair<Double> {
        var state = start
        let name = settings.guide ?? game.botNames.first
        // Two variables, not a pair: a bot is mutated in place, never copied
        // (a copy per move was a third of Broadside's search).
        var zero: Game.BotPlayer?
        var one: Game.BotPlayer?
        if let name, let first = try? game.makeBot(named: name, seat: .first, seed: generator.next()),
            let second = try? game.makeBot(named: name, seat: .second, seed: generator.next())
        {
            zero = first
            one = second
        }
        let playedByBots = zero != nil
        var last: Seat?
        var moves = 0
        while moves < Self.rolloutMoveLimit {
            if let result = game.result(of: state) { return Self.outcome(result) }
            let seats = game.seatsToMove(in: state)
            let seat: Seat
            if seats == .both {
                seat = last?.opponent ?? .first
            } else if seats.contains(.first) {
                seat = .first
            } else if seats.contains(.second) {
                seat = .second
            } else {
                break
            }
            var move: Game.Move?
            var listed: [Game.Move]?
            if tactical, game.moveSpace(for: seat, in: state) == nil {
                let moves = game.legalMoves(for: seat, in: state)
                if moves.count <= Self.tacticsLimit { listed = moves }
            }
            if let moves = listed, let winning = decisiveMove(among: moves, by: seat, in: state) {
                move = winning
            } else if playedByBots {
                let view = game.seatView(of: state, for: seat)
                if seat == .first { move = zero!.move(for: view) } else { move = one!.move(for: view) }
            } else {
                switch choices(at: state, seat) {
                case .listed(let moves): move = moves.isEmpty ? nil : moves[generator.nextInt(below: moves.count)]
                case .sampled(let space): move = space.randomMove(Game.Move.self, using: &generator)
                }
            }
            if let moves = listed, let chosen = move, hands(chosen, by: seat, in: state) {
                let safe = moves.filter { !hands($0, by: seat, in: state) }
                if !safe.isEmpty { move = safe[generator.nextInt(below: safe.count)] }
            }
            guard let move, apply(move, by: seat, to: &state) else { break }
            last = seat
            moves += 1
        }
        return SeatPair(0.5, 0.5)
    }

    /// Whether `move` lets the other seat win with its very next move.
    @inlinable func hands(_ move: Game.Move, by seat: Seat, in state: Game.State) -> Bool {
        var next = state
        guard apply(move, by: seat, to: &next), game.result(of: next) == nil else { return false }
        let other = seat.opponent
        guard game.seatsToMove(in: next).contains(other), game.moveSpace(for: other, in: next) == nil else { return false }
        return decisiveMove(among: game.legalMoves(for: other, in: next), by: other, in: next) != nil
    }

    /// Each seat's reward for a result: 1 for a win, 0.5 for a draw, 0 for a loss.
    @inlinable static func outcome(_ result: MatchResult) -> SeatPair<Double> {
        guard let winner = result.winner else { return SeatPair(0.5, 0.5) }
        return winner == .first ? SeatPair(1, 0) : SeatPair(0, 1)
    }

    /// A rollout longer than this is scored a draw (a looping bot).
    @inlinable static var rolloutMoveLimit: Int { 100_000 }
}
