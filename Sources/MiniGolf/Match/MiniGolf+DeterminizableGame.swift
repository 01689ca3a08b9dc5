import Foundation
import TabletopEngine

/// The search bot's hooks. Golf has no secrets: the state is the table a
/// seat sees, but for the honour (who teed off first on this hole, which
/// decides the next tee when the hole is tied), which no view shows. It is
/// taken to be the seat to move: exact on every tee (the honour tees off
/// first), and otherwise it only changes who tees off first on the next hole
/// after a tie, which changes no score (the balls never meet). It is not
/// drawn: every drawn state is then one state, so the search keeps each
/// node's state (one stroke of physics an iteration instead of every stroke
/// on its path), proves won and lost endings, and keeps its tree between moves.
extension MiniGolf: DeterminizableGame {
    /// The state behind `view`.
    public func sampleState(
        consistentWith view: MiniGolfSeatView, for seat: Seat,
        using generator: inout SeededGenerator
    ) -> MiniGolfState {
        let table = view.table
        return MiniGolfState(
            hole: table.hole, turn: table.toMove ?? seat, honour: table.toMove ?? seat,
            balls: table.balls, progress: table.progress, scorecard: table.scorecard,
            lastShot: table.lastShot)
    }

    /// The strokes the aiming bot tries first from the ball of the seat to
    /// play (``ShotPlanner/aimedShots(from:)``): at the path's furthest
    /// visible point with the power that rolls there, then a little off. The
    /// search adds them before any random stroke, and its estimate judges them.
    public func suggestedMoves(for seat: Seat, in state: MiniGolfState) -> [MiniGolfShot] {
        guard state.hole < rules.holes.count else { return [] }
        let planner = ShotPlanner(simulator: simulators[state.hole], field: pathFields[state.hole], waterPenalty: rules.waterPenalty)
        return planner.aimedShots(from: state.balls[seat])
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
