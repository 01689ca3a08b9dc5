import Broadside
import Foundation
import TabletopEngine

#if canImport(Glibc)
import Glibc
#endif

/// The time one Broadside bot takes to choose a shot, averaged over the
/// battle positions of real matches (early, middle and late, with and
/// without open hits). Each match's positions go to a fresh bot in order,
/// as in play, so costs a bot pays once per match are spread over its moves.
enum BotMoveCost {
    /// (bot name, nanoseconds per move) for each bot of `names` (every listed bot by default).
    static func measure(_ game: Broadside, names: [String]? = nil, positions: Int) throws -> [(String, Double)] {
        let matches = try sampleMatches(game, positions: positions)
        let count = matches.reduce(0) { $0 + $1.count }
        var costs: [(String, Double)] = []
        for name in names ?? game.botNames {
            var best = Double.infinity
            for round in 0..<3 {
                let bots = try matches.indices.map { try game.makeBot(named: name, seat: .first, seed: UInt64(round * 100_000 + $0)) }
                var checksum = 0
                let start = ContinuousClock.now
                for (match, var bot) in zip(matches, bots) {
                    for view in match {
                        if case .fire(let cell)? = bot.move(for: view) { checksum &+= Int(cell.index) }
                    }
                }
                let elapsed = start.duration(to: .now)
                let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) * 1e-9
                best = min(best, nanoseconds / Double(count))
                // Keep the results alive so the loop is not optimised away.
                if checksum == -1 { print(checksum) }
            }
            costs.append((name, best))
        }
        return costs
    }

    /// Seat 0's views on its turns, match by match, from hunt-vs-hunt matches.
    static func sampleMatches(_ game: Broadside, positions: Int) throws -> [[BroadsideSeatView]] {
        var matches: [[BroadsideSeatView]] = []
        var total = 0
        var seed: UInt64 = 0
        while total < positions {
            var views: [BroadsideSeatView] = []
            let setup = MatchSetup(batchSeed: 99, matchIndex: Int(seed))
            var bots = SeatPair(
                try game.makeBot(named: "hunt", seat: .first, seed: setup.botSeed(for: .first)),
                try game.makeBot(named: "hunt", seat: .second, seed: setup.botSeed(for: .second)))
            var state = game.makeInitialState(setup)
            var last: Seat?
            while game.result(of: state) == nil {
                guard let seat = game.seatsToMove(in: state).nextMover(after: last) else { break }
                let view = game.seatView(of: state, for: seat)
                if seat == .first && view.phase == .battle { views.append(view) }
                guard let move = bots[seat].move(for: view) else { break }
                try game.play(move, by: seat, in: &state)
                last = seat
            }
            seed += 1
            total += views.count
            matches.append(views)
        }
        return matches
    }
}
