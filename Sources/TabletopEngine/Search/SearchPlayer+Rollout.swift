extension SearchPlayer {
    /// The game's estimate of an unfinished state, when it has one and no
    /// guide bot was named (a guide asks for its rollouts).
    @inlinable func estimate(at state: Game.State) -> SeatPair<Double>? {
        guard settings.guide == nil, game.result(of: state) == nil else { return nil }
        return game.estimatedRewards(at: state)
    }

    /// Plays the match out with the rollout bot in both seats (the guide,
    /// else the game's first bot, else random listed moves) and returns each
    /// seat's reward: 1 for a win, 0.5 for a draw (or a rollout that could
    /// not finish), 0 for a loss. With tactics (see ``tacticsLimit``), what
    /// the rules say of each position is looked up by its digest
    /// (``positionFacts(of:)``): rollouts pass through the same positions
    /// again and again, and each costs a move's worth of rules per move.
    @inlinable mutating func rollout(from start: Game.State) -> SeatPair<Double> {
        var state = start
        // Two variables, not a pair: a bot is mutated in place, never copied
        // (a copy per move was a third of Broadside's search).
        var zero: Game.BotPlayer?
        var one: Game.BotPlayer?
        if let name = rolloutBot, let first = try? game.makeBot(named: name, seat: .first, seed: generator.next()),
            let second = try? game.makeBot(named: name, seat: .second, seed: generator.next())
        {
            zero = first
            one = second
        }
        let playedByBots = zero != nil
        var last: Seat?
        var moves = 0
        while moves < Self.rolloutMoveLimit {
            let facts = tactical ? positionFacts(of: state) : nil
            let result: MatchResult? = if let facts { facts.result } else { game.result(of: state) }
            if let result { return Self.outcome(result) }
            guard let seat = (facts?.seats ?? game.seatsToMove(in: state)).nextMover(after: last) else { break }
            // The listed moves, when few enough for tactics.
            let listed = facts?.moves.flatMap { $0.count <= Self.tacticsLimit ? $0 : nil }
            var move: Game.Move?
            var winning = false
            if let listed, let decisive = facts?.decisive {
                move = listed[decisive]
                winning = true
            } else if playedByBots {
                let view = game.seatView(of: state, for: seat)
                if seat == .first { move = zero!.move(for: view) } else { move = one!.move(for: view) }
            } else if let space = game.moveSpace(for: seat, in: state), !space.fields.isEmpty {
                move = space.randomMove(Game.Move.self, using: &generator)
            } else {
                let moves = listed ?? game.legalMoves(for: seat, in: state)
                move = moves.isEmpty ? nil : moves[generator.nextInt(below: moves.count)]
            }
            if let listed, !winning, let chosen = move, hands(chosen, by: seat, in: state) {
                let safe = listed.filter { !hands($0, by: seat, in: state) }
                if !safe.isEmpty { move = safe[generator.nextInt(below: safe.count)] }
            }
            guard let move, apply(move, by: seat, to: &state) else { break }
            last = seat
            moves += 1
        }
        return SeatPair(0.5, 0.5)
    }

    /// Whether `move` lets the other seat win with its very next move.
    @inlinable mutating func hands(_ move: Game.Move, by seat: Seat, in state: Game.State) -> Bool {
        var next = state
        guard apply(move, by: seat, to: &next) else { return false }
        let facts = positionFacts(of: next)
        return facts.result == nil && facts.seats == SeatSet(seat.opponent) && facts.decisive != nil
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
        if let seat = seats.seats.first, seats != .both, game.moveSpace(for: seat, in: state) == nil {
            let listed = game.legalMoves(for: seat, in: state)
            moves = listed
            decisive = decisiveMove(among: listed, by: seat, in: state)
        }
        let facts = PositionFacts(result: result, seats: seats, moves: moves, decisive: decisive)
        if positions.count >= Self.positionCapacity { positions.removeAll(keepingCapacity: true) }
        positions[key] = facts
        return facts
    }

    /// The most positions ``positionFacts(of:)`` keeps (all dropped when full).
    @inlinable static var positionCapacity: Int { 1 << 16 }

    /// What the rules say of one position: its result, who moves, and for a
    /// single seat to move with listed moves, those moves and the first that
    /// wins at once.
    @usableFromInline struct PositionFacts: Sendable {
        @usableFromInline var result: MatchResult?
        @usableFromInline var seats: SeatSet
        @usableFromInline var moves: [Game.Move]?
        @usableFromInline var decisive: Int?

        @inlinable init(result: MatchResult?, seats: SeatSet, moves: [Game.Move]?, decisive: Int?) {
            self.result = result
            self.seats = seats
            self.moves = moves
            self.decisive = decisive
        }
    }

    /// Each seat's reward for a result: 1 for a win, 0.5 for a draw, 0 for a loss.
    @inlinable static func outcome(_ result: MatchResult) -> SeatPair<Double> {
        guard let winner = result.winner else { return SeatPair(0.5, 0.5) }
        return winner == .first ? SeatPair(1, 0) : SeatPair(0, 1)
    }

    /// A rollout longer than this is scored a draw (a looping bot).
    @inlinable static var rolloutMoveLimit: Int { 100_000 }

    // MARK: - Rules helpers

    /// The seat that moves next in the tree: the searching seat when both may.
    @inlinable func mover(in state: Game.State) -> Seat? {
        let seats = game.seatsToMove(in: state)
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
