import Foundation
import TabletopEngine

/// The search bot's hook. Golf has no secrets: the state is the table a
/// seat sees, but for the honour (who tees off first on the hole just
/// started, which decides the next tee when the hole is tied), which no view
/// shows and is drawn at random.
extension MiniGolf: DeterminizableGame {
    /// The state behind `view`.
    public func sampleState(
        consistentWith view: MiniGolfSeatView, for seat: Seat,
        using generator: inout SeededGenerator
    ) -> MiniGolfState {
        let table = view.table
        return MiniGolfState(
            hole: table.hole, turn: table.toMove ?? seat, honour: generator.nextBool() ? .first : .second,
            balls: table.balls, progress: table.progress, scorecard: table.scorecard,
            lastShot: table.lastShot)
    }
}

extension MiniGolf {
    /// How widely the strokes still to play spread a player's total, per
    /// hole left (a standard deviation, strokes): the estimate's win chance
    /// is a logistic of the lead over this spread times the square root of
    /// the holes left, so a lead late in the match counts for more.
    static let strokeSpreadPerHole = 1.5

    /// The search's estimate: each player's total so far plus, on the hole
    /// being played, one stroke and the ball's path to the cup at the
    /// aiming bot's rate of a stroke per 1.5 m of putting (capped by the
    /// stroke cap); the holes after this one cost both players alike, so
    /// the lead decides. Fewer strokes is better.
    public func estimatedRewards(at state: MiniGolfState) -> SeatPair<Double>? {
        guard state.hole < rules.holes.count else { return nil }
        let planner = ShotPlanner(simulator: simulators[state.hole], field: pathFields[state.hole], waterPenalty: rules.waterPenalty)
        let expected = Seat.allCases.map { seat -> Double in
            let total = Double(state.totals[seat])
            guard state.progress[seat] == .playing else { return total }
            let taken = state.scorecard[seat][state.hole]
            let toCup = 1 + Double(planner.remaining(from: state.balls[seat])) / Double(ShotPlanner.strokeCost)
            return total + min(toCup, Double(rules.strokeCap - taken))
        }
        let spread = Self.strokeSpreadPerHole * Double(rules.holes.count - state.hole).squareRoot()
        let first = 1 / (1 + exp((expected[0] - expected[1]) / spread))
        return SeatPair(first, 1 - first)
    }
}
