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
