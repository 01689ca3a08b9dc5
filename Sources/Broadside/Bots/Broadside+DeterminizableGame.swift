import TabletopEngine

/// The search bot's hook: a whole match state a seat could be in. Everything
/// the view shows is copied; the opponent's afloat ships are drawn by
/// ``FleetSampler`` (before its fleet is ready, it has placed nothing), and
/// the seat that fires first, which no view shows, is drawn at random.
extension Broadside: DeterminizableGame {
    /// A state consistent with `view`, its hidden fleet drawn from `generator`.
    public func sampleState(
        consistentWith view: BroadsideSeatView, for seat: Seat,
        using generator: inout SeededGenerator
    ) -> BroadsideState {
        let opponent = seat.opponent
        var opponentFleet = FleetLayout()
        if view.phase != .placing || view.opponentReady {
            opponentFleet = FleetSampler.sample(view.target, afloat: view.opponentAfloat, game: self, generator: &generator)
        }
        let firstSeat: Seat = view.phase == .placing ? (generator.nextBool() ? .first : .second) : (view.turn ?? seat)
        var fleets = SeatPair(FleetLayout(), FleetLayout())
        fleets[seat] = view.fleet
        fleets[opponent] = opponentFleet
        var state = makeInitialState(MatchSetup(seed: 0, firstSeat: firstSeat))
        state.phase = view.phase
        state.turn = view.turn ?? firstSeat
        state.fleets = fleets
        for side in Seat.allCases {
            var occupied = CellSet()
            for placement in fleets[side] {
                let cells = placement.cells(length: length(of: placement.ship))
                occupied.formUnion(cells)
                state.ships.place(placement.ship, of: side, on: cells)
            }
            state.occupied[side] = occupied
            let board = side == seat ? view.ownBoard : view.target
            state.shotsReceived[side] = board.shots
            state.hitsReceived[side] = board.hits
            state.revealed[side] = board.sunk
            for hit in board.hits {
                if let ship = state.ships.ship(of: side, at: hit) { _ = state.ships.hit(ship, of: side) }
            }
        }
        state.afloat[seat] = view.afloat
        state.afloat[opponent] = view.opponentAfloat
        state.aimed = view.aimed
        state.salvoSize = view.salvoSize
        state.shotsFired = view.shotsFired
        state.winner = view.winner
        state.lastVolley = view.lastVolley
        return state
    }
}

extension Broadside {
    /// The search's estimate in the classic game: each seat's chance to win
    /// if both fired at random from here on, which is what the search's
    /// rollouts (the `random` shooter on both sides) played out, one match at a
    /// time; now exact and at the cost of a hundred multiplications instead
    /// of a hundred-odd shots (``RandomFireOdds``). While placing it is the
    /// same for every fleet (random fire does not care where the ships are).
    /// Salvo turns (one shot per ship afloat) are played out as before.
    public func estimatedRewards(at state: BroadsideState) -> SeatPair<Double>? {
        guard singleShot, state.phase != .over else { return nil }
        let mover = state.phase == .placing ? state.firstSeat : state.turn
        let fleetCells = rules.fleet.reduce(0) { $0 + $1.length }
        func odds(of seat: Seat) -> (open: Int, left: Int) {
            let target = seat.opponent
            return (boardCount - state.shotsReceived[target].count, fleetCells - state.hitsReceived[target].count)
        }
        let (open, left) = odds(of: mover)
        let (otherOpen, otherLeft) = odds(of: mover.opponent)
        let wins = RandomFireOdds.firstShooterWins(open: open, left: left, otherOpen: otherOpen, otherLeft: otherLeft)
        return mover == .first ? SeatPair(wins, 1 - wins) : SeatPair(1 - wins, wins)
    }
}
