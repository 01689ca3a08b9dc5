import Foundation

/// The engine's search bot, `mcts`: information-set Monte Carlo tree search
/// with determinization, for any ``DeterminizableGame``.
///
/// Each iteration draws a whole state consistent with the seat's view (the
/// game's one hook; asked once a move when it draws nothing), walks the tree from the root choosing moves by UCB1
/// among those legal in that state, adds one new move, plays the match out
/// with the game's own bots (a rollout) or takes the game's estimate, and
/// credits each move on the path with the result for the seat that made it.
/// After the budget the most visited move at the root is played; the search
/// stops sooner once no other move can catch up with it in the iterations
/// left (the same move the whole budget would pick). Where a listed move
/// wins at once, it is the only move searched at that node. With a guide
/// bot the rollouts are the guide's, and the guide's own move is kept unless
/// another is better by more than two standard errors.
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
/// no longer trusted for that move (they held for one state only). Such a
/// search also keeps its tree for the next move: the node the match reached
/// (its own move, then the other seat's) becomes the next root, and its
/// iterations count towards the next budget.
///
/// What the rules say of a position (its result, who moves, its listed
/// moves, a move that wins at once) is learnt once per process for a game's
/// rules: the searches share their tables of positions (`PositionTablePool`),
/// as the rules are pure functions of the rules data and the state.
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
    /// The bot the rollouts play (the guide, else the game's first bot).
    @usableFromInline let rolloutBot: String?
    /// The last move's tree and the child it played, kept when every state
    /// that search drew was one state (so its nodes' states are the match's).
    @usableFromInline var kept: (tree: SearchTree<Game>, played: Int)?
    /// `log(n)` for n below its count (at most ``logarithmTableLimit``):
    /// UCB1 takes one per child per visit.
    @usableFromInline var logarithms: [Double] = [0]
    /// Children gathered for one visit (kept to save an allocation per visit).
    @usableFromInline var candidates: [Int] = []
    /// The listed moves a rollout found safe (kept to save an allocation).
    @usableFromInline var safeMoves: [Int] = []
    /// The rollouts' positions, by digest (see ``positionFacts(of:)``): during
    /// a tactical move, the table lent by the process's pool for this game's
    /// rules (see ``PositionTablePool``); empty between moves.
    @usableFromInline var positions = PositionTable<PositionFacts>(limit: SearchPlayer.positionCapacity)
    /// The key of this game's tables in the pool (made at the first tactical move).
    @usableFromInline var positionsKey: PositionTablePool.Key?

    /// Where the seat has at most this many listed moves, the rollouts play
    /// tactics: a move that wins at once is played, and a move that hands the
    /// other seat a win at once is replaced by one that does not; and each
    /// node checks its moves for one that wins at once. Each costs a move's
    /// worth of rules per listed move, so games with more moves (Broadside's
    /// 100 shots, golf's described strokes) do without, but where every
    /// drawn state is one state (a node's check is then made once).
    public static var tacticsLimit: Int { 16 }

    /// The most entries of the table of logarithms (512 KB); larger counts call `log`.
    @inlinable static var logarithmTableLimit: Int { 1 << 16 }

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
        rolloutBot = settings.guide ?? game.botNames.first
    }

    /// The move the search picks for `view`, or nil when the seat may not move.
    @inlinable public mutating func move(for view: Game.SeatView) -> Game.Move? {
        let start = ContinuousClock.now
        let previous = kept
        kept = nil
        let beforeDraw = generator
        let first = game.sampleState(consistentWith: view, for: seat, using: &generator)
        // A sampler that drew nothing left nothing open (the contract of
        // ``DeterminizableGame/sampleState(consistentWith:for:using:)``):
        // every later draw would be `first`, so none is asked for.
        let determined = generator == beforeDraw
        guard game.result(of: first) == nil, mover(in: first) == seat else { return nil }
        tactical = false
        if game.moveSpace(for: seat, in: first).map({ $0.fields.isEmpty }) ?? true {
            let moves = game.legalMoves(for: seat, in: first)
            if moves.count == 1 { return moves[0] }
            tactical = moves.count <= Self.tacticsLimit
        }
        // Only tactics look positions up: take what the searches of these
        // rules have learnt, and give it back, with this move's, at the end.
        let sharesPositions = tactical
        if sharesPositions { takePositions() }
        defer { if sharesPositions { givePositions() } }
        var guideMove: Game.Move?
        if let guide = settings.guide, var bot = try? game.makeBot(named: guide, seat: seat, seed: generator.next()) {
            guideMove = bot.move(for: view)
        }
        let firstDigest = digest(of: first)
        var tree = previous.flatMap { reusable($0.tree, played: $0.played, reaching: firstDigest) } ?? SearchTree(rootMover: seat.opponent)
        if let iterations = settings.iterations { prepareLogarithms(upTo: min(iterations + 1, Self.logarithmTableLimit)) }
        var solving = true
        var drawnFirst = false
        var iteration = tree.nodes[0].visits
        while true {
            if let iterations = settings.iterations {
                if iteration >= iterations { break }
                if iteration % 8 == 0, settled(tree, left: iterations - iteration, guide: guideMove, solving: solving) { break }
            }
            if let limit = settings.timeLimit, iteration % 8 == 0, iteration > 0, start.duration(to: .now) >= limit { break }
            // A proven root, or one whose every line is in the tree to its
            // end, has nothing left to learn.
            if solving, tree.nodes[0].proven != nil || tree.nodes[0].exhausted { break }
            let state: Game.State
            if determined {
                state = first
            } else if drawnFirst {
                state = game.sampleState(consistentWith: view, for: seat, using: &generator)
                if solving, digest(of: state) != firstDigest { solving = false }
            } else {
                state = first
                drawnFirst = true
            }
            iterate(from: state, tree: &tree, solving: solving)
            iteration += 1
        }
        let (move, child) = bestMove(tree, guide: guideMove, solving: solving)
        if solving, let child { kept = (tree, child) }
        return move
    }

    /// Takes an idle table of positions of this game's rules from the pool,
    /// when there is one (else keeps its own, empty, table).
    @inlinable mutating func takePositions() {
        let key = positionsKey ?? PositionTablePool.Key(game)
        positionsKey = key
        if let table = PositionTablePool.shared.take(PositionFacts.self, for: key) { positions = table }
    }

    /// Gives the table back to the pool, keeping none of it (a copy kept
    /// here would make the next search's first insertion copy the table).
    @inlinable mutating func givePositions() {
        guard let key = positionsKey else { return }
        PositionTablePool.shared.give(positions, for: key)
        positions = PositionTable(limit: Self.positionCapacity)
    }

    /// The state's stable hash: equal digests, the same state for the rules.
    @inlinable func digest(of state: Game.State) -> StableHash {
        var hasher = StableHasher()
        game.hash(state, into: &hasher)
        return hasher.finalize()
    }

    /// The subtree of the last move's tree whose state is the one the match
    /// is now in (`digest`): the child played, when the seat moves again, or
    /// one of its children, after the other seat's reply. Nil when the reply
    /// was never searched (or its state was not kept).
    @inlinable func reusable(_ tree: SearchTree<Game>, played: Int, reaching digest: StableHash) -> SearchTree<Game>? {
        var node = played
        var next = tree.nodes[played].firstChild
        while node >= 0 {
            let facts = tree.nodes[node].facts
            if facts >= 0, self.digest(of: tree.factStates[facts]) == digest { return tree.subtree(at: node) }
            node = next
            if next >= 0 { next = tree.nodes[next].nextSibling }
        }
        return nil
    }

    /// Fills the table of logarithms up to `count` entries.
    @inlinable mutating func prepareLogarithms(upTo count: Int) {
        guard logarithms.count < count else { return }
        logarithms.reserveCapacity(count)
        for value in logarithms.count..<count { logarithms.append(log(Double(value))) }
    }

    /// `log(n)`, from the table when it holds it.
    @inlinable func logarithm(_ value: Int) -> Double {
        value < logarithms.count ? logarithms[value] : log(Double(value))
    }

    // MARK: - Stopping and choosing

    /// Whether the move most visited at the root (of those not proven lost)
    /// is ahead of every other by more visits than `left` iterations can
    /// give: then the whole budget would play it too. With a guide, only
    /// when that move is the guide's (another might still fall within two
    /// standard errors of the guide's).
    @inlinable func settled(_ tree: SearchTree<Game>, left: Int, guide: Game.Move?, solving: Bool) -> Bool {
        var leader = -1
        var most = -1
        var second = 0
        var open = 0
        var child = tree.nodes[0].firstChild
        while child >= 0 {
            let index = child
            let node = tree.nodes[index]
            child = node.nextSibling
            if solving, node.proven == 0 { continue }
            open += 1
            if node.visits > most {
                second = max(most, 0)
                most = node.visits
                leader = index
            } else if node.visits > second {
                second = node.visits
            }
        }
        // Every move tried and all but one proven lost: that one is forced.
        if solving, tree.nodes[0].complete, open == 1 { return true }
        guard most - second > left else { return false }
        // Untried root moves start at no visits: none can catch up either.
        if let guide { return leader >= 0 && tree.nodes[leader].move == guide }
        return true
    }

    /// The root's most visited move (ties: the higher mean) and its child;
    /// with a guide, the guide's move unless that one is better by two
    /// standard errors. With `solving`, a proven win is played and proven
    /// losses are not (unless every move is one).
    @inlinable func bestMove(_ tree: SearchTree<Game>, guide: Game.Move?, solving: Bool) -> (Game.Move?, Int?) {
        let nodes = tree.nodes
        var best = -1
        var bestOpen = -1
        var child = nodes[0].firstChild
        while child >= 0 {
            if solving, nodes[child].proven == 1 { return (nodes[child].move, child) }
            if best < 0 || Self.ahead(nodes[child], of: nodes[best]) { best = child }
            if !(solving && nodes[child].proven == 0), bestOpen < 0 || Self.ahead(nodes[child], of: nodes[bestOpen]) { bestOpen = child }
            child = nodes[child].nextSibling
        }
        let chosen = bestOpen >= 0 ? bestOpen : best
        guard chosen >= 0 else { return (guide, nil) }
        if let guide {
            let kept = tree.child(of: 0, for: guide)
            if kept < 0 { return (guide, nil) }
            if kept != chosen, !(solving && nodes[kept].proven == 0) {
                let a = nodes[chosen]
                let b = nodes[kept]
                if b.visits == 0 { return (guide, kept) }
                let error = (0.25 / Double(a.visits) + 0.25 / Double(b.visits)).squareRoot()
                if a.mean - b.mean <= 2 * error { return (guide, kept) }
            }
        }
        return (nodes[chosen].move, chosen)
    }

    /// Whether `node` is ahead of `leader` for the final choice: more visits, or as many and a higher mean.
    @inlinable static func ahead(_ node: SearchNode<Game.Move>, of leader: SearchNode<Game.Move>) -> Bool {
        node.visits > leader.visits || (node.visits == leader.visits && node.mean > leader.mean)
    }
}
