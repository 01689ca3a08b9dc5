import Foundation
import TabletopEngine
import Testing

@testable import Broadside

@Suite struct BotTests {
    func batch(_ bots: (String, String), games: Int, variant: String = "classic", seed: UInt64 = 77) throws -> BatchReport {
        try BatchRunner.run(
            try Fixture.game(variant),
            configuration:
                BatchConfiguration(games: games, seed: seed, bots: SeatPair(bots.0, bots.1), jobs: 2))
    }

    /// Mean shots to win in self-play, where the winner's count is the game's length.
    func meanShots(_ bot: String, games: Int = 200) throws -> Double {
        try #require(try batch((bot, bot), games: games).meanScoreToWin)
    }

    @Test func strongerBotsWinInFewerShots() throws {
        let random = try meanShots("random", games: 100)
        let hunt = try meanShots("hunt")
        let density = try meanShots("density")
        // Random fire needs nearly the whole board; hunting a lattice and
        // finishing hits halves it; counting placements does better still.
        #expect((90...99).contains(random), "random: \(random)")
        #expect((40...55).contains(hunt), "hunt: \(hunt)")
        #expect((35...45).contains(density), "density: \(density)")
        #expect(density < hunt)
    }

    @Test func densityBeatsHuntAndHuntBeatsRandom() throws {
        let densityHunt = try batch(("density", "hunt"), games: 300)
        #expect(densityHunt.winRateCI95.first[0] > 0.5, "density vs hunt: \(densityHunt.winRate.first)")
        let huntRandom = try batch(("hunt", "random"), games: 100)
        #expect(huntRandom.winRateCI95.first[0] > 0.9, "hunt vs random: \(huntRandom.winRate.first)")
    }

    @Test(arguments: ["classic", "salvo"])
    func everyBotPlaysOnlyLegalMovesInEitherSeat(variant: String) throws {
        // The driver validates every move, so a batch that finishes proves it.
        let names = ["random", "hunt:spread", "density", "random:spread"]
        for (a, b) in zip(names, names.reversed()) {
            let report = try batch((a, b), games: 10, variant: variant)
            #expect(report.games == 10)
        }
    }

    @Test func theRandomShooterFiresEachOpenCellEquallyOften() throws {
        let game = try Fixture.game()
        let state = try Fixture.battle(game)
        var counts: [Cell: Int] = [:]
        for seed in UInt64(0)..<5_000 {
            var bot = try game.makeBot(named: "random", seat: .first, seed: seed)
            guard case .fire(let cell)? = bot.move(for: game.seatView(of: state, for: .first)) else {
                Issue.record("no shot")
                return
            }
            counts[cell, default: 0] += 1
        }
        #expect(counts.count == 100)
        // 50 expected per cell; far outside 5 standard deviations (about 35) would be a bias.
        #expect(counts.values.allSatisfy { (15...85).contains($0) })
    }

    @Test func theHuntBotFinishesAHitShipAlongItsLine() throws {
        let game = try Fixture.game()
        var state = try Fixture.battle(game)
        // Seat 0 hits the carrier (A1-A5) at A2 and A3; seat 1 fires elsewhere.
        for (ours, theirs) in [("A2", "J1"), ("A3", "J2")] {
            try game.play(.fire(Fixture.cell(ours)), by: .first, in: &state)
            try game.play(.fire(Fixture.cell(theirs)), by: .second, in: &state)
        }
        for seed in UInt64(0)..<20 {
            var hunter = try game.makeBot(named: "hunt", seat: .first, seed: seed)
            let move = hunter.move(for: game.seatView(of: state, for: .first))
            #expect(move == .fire(Fixture.cell("A1")) || move == .fire(Fixture.cell("A4")), "\(String(describing: move))")
        }
    }

    @Test func unknownBotNamesAreRefusedWithTheKnownNames() throws {
        let game = try Fixture.game()
        #expect(throws: UnknownBotError(name: "oracle", known: ["random", "hunt", "density-v1", "density", "lookahead", "sweep", "mcts"])) {
            try game.makeBot(named: "oracle", seat: .first, seed: 0)
        }
        #expect(throws: UnknownBotError.self) { try game.makeBot(named: "hunt:cluster", seat: .first, seed: 0) }
    }

    @Test func thePlacementBotsHideACompleteLegalFleet() throws {
        let game = try Fixture.game()
        for name in ["random", "random:spread"] {
            for seed in UInt64(0)..<50 {
                var bot = try game.makeBot(named: name, seat: .second, seed: seed)
                var state = game.makeInitialState(MatchSetup(seed: seed))
                while game.seatsToMove(in: state).contains(.second) {
                    try game.play(bot.move(for: game.seatView(of: state, for: .second))!, by: .second, in: &state)
                }
                #expect(state.fleets.second.count == 5)
                if name.hasSuffix("spread") {
                    for placement in state.fleets.second {
                        let cells = placement.cells(length: game.length(of: placement.ship))
                        let others = state.occupied.second.subtracting(cells)
                        #expect(!cells.orthogonalNeighbours.intersects(others), "seed \(seed): ships touch")
                    }
                }
            }
        }
    }
}
