import TabletopEngine

/// A shooter alone against a hidden fleet: the shots a bot needs to sink a
/// whole fleet when nobody fires back, which is how published Battleship
/// strategies are compared (a match's winner count is the smaller of two such
/// draws, so it reads lower).
///
/// The fleet is hidden by a placement bot, the shooter sees only its seat
/// view, and every move goes through the rules; only the turn is held on the
/// shooter. Used by `duo-bench bots` and the tests.
public enum SinkingTrial {
    /// The shots `shooter` (a bot name such as `density`) needs to sink the
    /// fleet that `placer` (`random`, `spread`, `evasive`) hides, in trial
    /// `seed`; both bots are seeded from it.
    /// - Throws: ``UnknownBotError`` for a bad name.
    public static func shots(
        _ game: Broadside, shooter: String, placer: String = "random",
        seed: UInt64
    ) throws(UnknownBotError) -> Int {
        let setup = MatchSetup(seed: seed)
        var hider = try game.makeBot(named: "random:" + placer, seat: .second, seed: setup.botSeed(for: .second))
        var own = try game.makeBot(named: "random", seat: .first, seed: setup.botSeed(for: .first) ^ 1)
        var bot = try game.makeBot(named: shooter, seat: .first, seed: setup.botSeed(for: .first))
        var state = game.makeInitialState(setup)
        while state.phase == .placing {
            for seat in Seat.allCases where game.seatsToMove(in: state).contains(seat) {
                let view = game.seatView(of: state, for: seat)
                let offered = seat == .first ? own.move(for: view) : hider.move(for: view)
                guard let move = offered else { preconditionFailure("a placement bot always places") }
                // Placement bots only offer legal placements.
                try? game.play(move, by: seat, in: &state)
            }
        }
        while state.phase == .battle {
            if state.turn != .first {
                state.turn = .first
                state.salvoSize = game.salvoSize(for: .first, in: state)
            }
            guard case .fire(let cell)? = bot.move(for: game.seatView(of: state, for: .first)) else {
                preconditionFailure("a shooting bot on its turn always fires")
            }
            do {
                try game.play(.fire(cell), by: .first, in: &state)
            } catch {
                preconditionFailure("\(shooter) fired at \(cell): \(error.message)")
            }
        }
        return state.shotsFired.first
    }
}
