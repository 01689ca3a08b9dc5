extension SearchPlayer {
    /// The game's estimate of an unfinished state, when it has one and no
    /// guide bot was named (a guide asks for its rollouts). `ending` is how
    /// the state ended (nil inside: not over) when the rules were already asked.
    @inlinable func estimate(at state: Game.State, ending: Ending??) -> SeatPair<Double>? {
        guard settings.guide == nil, (ending ?? game.result(of: state).map(Ending.init)) == nil else { return nil }
        return game.estimatedRewards(at: state)
    }

    /// Plays the match out with the rollout bot in both seats (the guide,
    /// else the game's first bot, else random listed moves) and returns each
    /// seat's reward: 1 for a win, 0.5 for a draw (or a rollout that could
    /// not finish), 0 for a loss. With tactics (see ``tacticsLimit``), what
    /// the rules say of each position is looked up by its digest
    /// (``positionFacts(of:)``): rollouts pass through the same positions
    /// again and again, and each costs a move's worth of rules per move.
    /// `startFacts` and `startEnding` are what is already known of `start`.
    @inlinable mutating func rollout(from start: Game.State, facts startFacts: PositionFacts?, ending startEnding: Ending??)
        -> SeatPair<Double>
    {
        var state = start
        // Two variables, not a pair: a bot is mutated in place, never copied
        // (a copy per move was a third of Broadside's search). Each is made
        // when its seat first moves (most rollouts of a short game need one
        // bot or none), from a seed drawn here, as if made here.
        var zero: Game.BotPlayer?
        var one: Game.BotPlayer?
        let seeds = rolloutBot == nil ? nil : SeatPair(generator.next(), generator.next())
        var playedByBots = seeds != nil
        var last: Seat?
        var moves = 0
        // What is already known of `state`: the facts of the position the
        // last move's check reached, the caller's verdict for the first.
        var carried = startFacts
        var knownEnding = startEnding
        while moves < Self.rolloutMoveLimit {
            let facts = tactical ? (carried ?? positionFacts(of: state)) : nil
            let ending: Ending? = if let facts { facts.ending } else { knownEnding ?? game.result(of: state).map(Ending.init) }
            carried = nil
            knownEnding = nil
            if let ending { return Self.outcome(ending) }
            guard let seat = (facts?.seats ?? game.seatsToMove(in: state)).nextMover(after: last) else { break }
            // The listed moves, when few enough for tactics.
            let listed = facts?.moves.flatMap { $0.count <= Self.tacticsLimit ? $0 : nil }
            if listed != nil, facts?.decisive != nil {
                // It wins at once (the rules said so when the facts were kept).
                return seat == .first ? SeatPair(1, 0) : SeatPair(0, 1)
            }
            var move: Game.Move?
            var botMoved = false
            if playedByBots, let name = rolloutBot, let seeds {
                let view = game.seatView(of: state, for: seat)
                botMoved =
                    seat == .first
                    ? ask(&zero, named: name, seat: .first, seed: seeds.first, view: view, move: &move)
                    : ask(&one, named: name, seat: .second, seed: seeds.second, view: view, move: &move)
                // A bot the game cannot make: random moves from here on.
                if !botMoved { playedByBots = false }
            }
            if botMoved {
                // The bot's move (nil: it has none).
            } else if let space = game.moveSpace(for: seat, in: state), !space.fields.isEmpty {
                move = space.randomMove(Game.Move.self, using: &generator)
            } else {
                let moves = listed ?? game.legalMoves(for: seat, in: state)
                move = moves.isEmpty ? nil : moves[generator.nextInt(below: moves.count)]
            }
            guard let chosen = move else { break }
            if let listed {
                // A move that hands the other seat a win at once is replaced
                // by one that does not, when there is one.
                var next = state
                var nextFacts: PositionFacts?
                if listed.contains(chosen) {
                    // Listed in this state: legal, nothing to check.
                    game.apply(chosen, by: seat, to: &next)
                    nextFacts = positionFacts(of: next)
                } else if !apply(chosen, by: seat, to: &next) {
                    break
                }
                if nextFacts.map({ Self.handsWin($0, by: seat) }) ?? hands(chosen, by: seat, in: state),
                    let safe = safeMove(among: listed, by: seat, in: state)
                {
                    state = safe.state
                    carried = safe.facts
                } else {
                    state = next
                    carried = nextFacts
                }
            } else {
                guard apply(chosen, by: seat, to: &state) else { break }
            }
            last = seat
            moves += 1
        }
        return SeatPair(0.5, 0.5)
    }

    /// Sets `move` to the rollout bot's move for `view` (nil: it has none),
    /// making the bot from `seed` on its seat's first move; false, `move`
    /// untouched, when the game cannot make it.
    @inlinable func ask(
        _ bot: inout Game.BotPlayer?, named name: String, seat: Seat, seed: UInt64, view: Game.SeatView, move: inout Game.Move?
    ) -> Bool {
        if bot == nil { bot = try? game.makeBot(named: name, seat: seat, seed: seed) }
        guard bot != nil else { return false }
        // In place: a copy of the bot per move was a third of Broadside's search.
        move = bot!.move(for: view)
        return true
    }

    /// Whether `move` lets the other seat win with its very next move.
    @inlinable mutating func hands(_ move: Game.Move, by seat: Seat, in state: Game.State) -> Bool {
        var next = state
        guard apply(move, by: seat, to: &next) else { return false }
        return Self.handsWin(positionFacts(of: next), by: seat)
    }

    /// One of the `listed` moves that does not hand the other seat a win at
    /// once, drawn uniformly, with the state it makes and that state's facts;
    /// nil when every one does.
    @inlinable mutating func safeMove(
        among listed: [Game.Move], by seat: Seat, in state: Game.State
    ) -> (state: Game.State, facts: PositionFacts)? {
        safeMoves.removeAll(keepingCapacity: true)
        for index in listed.indices {
            var next = state
            // Listed in this state: legal, nothing to check.
            game.apply(listed[index], by: seat, to: &next)
            if !Self.handsWin(positionFacts(of: next), by: seat) { safeMoves.append(index) }
        }
        guard !safeMoves.isEmpty else { return nil }
        var next = state
        game.apply(listed[safeMoves[generator.nextInt(below: safeMoves.count)]], by: seat, to: &next)
        return (next, positionFacts(of: next))
    }

    /// Whether a position (its facts) is one where the other seat alone
    /// moves and wins with its next move: `seat` should not have gone there.
    @inlinable static func handsWin(_ facts: PositionFacts, by seat: Seat) -> Bool {
        facts.ending == nil && facts.seats == SeatSet(seat.opponent) && facts.decisive != nil
    }

    /// What the rules say of `state`, kept by its digest: the rollouts'
    /// tactics ask it of every position they reach and of every position
    /// one move further (most of them, many times over a search).
    @inlinable mutating func positionFacts(of state: Game.State) -> PositionFacts {
        let key = digest(of: state)
        if let known = positions[key] { return known }
        let result = game.result(of: state)
        let seats = result == nil ? game.seatsToMove(in: state) : .none
        var moves: [Game.Move]?
        var decisive: Int?
        // One seat to move (`seats.seats` would build an array).
        let single: Seat? = seats == .first ? .first : seats == .second ? .second : nil
        if let seat = single, game.moveSpace(for: seat, in: state) == nil {
            let listed = game.legalMoves(for: seat, in: state)
            moves = listed
            decisive = decisiveMove(among: listed, by: seat, in: state)
        }
        let facts = PositionFacts(ending: result.map(Ending.init), seats: seats, moves: moves, decisive: decisive)
        positions.insert(facts, for: key)
        return facts
    }

    /// The most positions ``positionFacts(of:)`` keeps (all dropped when full).
    @inlinable static var positionCapacity: Int { 1 << 16 }

    /// What the rules say of one position: how it ended (nil: not over),
    /// who moves, and for a single seat to move with listed moves, those
    /// moves and the first that wins at once. (Kept lean: a rollout copies
    /// facts at every move.)
    @usableFromInline struct PositionFacts: Sendable {
        @usableFromInline var ending: Ending?
        @usableFromInline var seats: SeatSet
        @usableFromInline var moves: [Game.Move]?
        @usableFromInline var decisive: Int?

        @inlinable init(ending: Ending?, seats: SeatSet, moves: [Game.Move]?, decisive: Int?) {
            self.ending = ending
            self.seats = seats
            self.moves = moves
            self.decisive = decisive
        }
    }

    /// Each seat's reward for a result: 1 for a win, 0.5 for a draw, 0 for a loss.
    @inlinable static func outcome(_ ending: Ending) -> SeatPair<Double> {
        guard let winner = ending.winner else { return SeatPair(0.5, 0.5) }
        return winner == .first ? SeatPair(1, 0) : SeatPair(0, 1)
    }

    /// How a match ended, as the search needs it: the winner (nil: a draw).
    @usableFromInline struct Ending: Sendable {
        @usableFromInline var winner: Seat?

        @inlinable init(_ result: MatchResult) { winner = result.winner }
    }

    /// A rollout longer than this is scored a draw (a looping bot).
    @inlinable static var rolloutMoveLimit: Int { 100_000 }

    // MARK: - Rules helpers

    /// The seat that moves next in the tree: the searching seat when both may.
    @inlinable func mover(in state: Game.State) -> Seat? {
        mover(among: game.seatsToMove(in: state))
    }

    /// Of `seats` (the seats to move), the one that moves in the tree.
    @inlinable func mover(among seats: SeatSet) -> Seat? {
        if seats.contains(seat) { return seat }
        return seats.contains(seat.opponent) ? seat.opponent : nil
    }

    /// The index of the first of `moves` that ends the match with `seat` winning, if any.
    @inlinable func decisiveMove(among moves: [Game.Move], by seat: Seat, in state: Game.State) -> Int? {
        for index in moves.indices {
            var next = state
            // Listed in this state: legal, nothing to check.
            game.apply(moves[index], by: seat, to: &next)
            if game.result(of: next)?.winner == seat { return index }
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
}
