import Foundation
import Noughts
import TabletopEngine
import Testing

@Suite struct NoughtsTests {
    let game = try! Fixture.noughts()

    @Test func threeInARowWins() throws {
        var state = game.makeInitialState(MatchSetup(seed: 1))
        for (cell, seat) in [(0, Seat.first), (3, .second), (1, .first), (4, .second), (2, .first)] {
            try game.play(Noughts.Move(cell: cell), by: seat, in: &state)
        }
        #expect(game.result(of: state)?.winner == .first)
    }

    @Test func aTakenCellIsRefusedAndChangesNothing() throws {
        var state = game.makeInitialState(MatchSetup(seed: 1))
        try game.play(Noughts.Move(cell: 4), by: .first, in: &state)
        let before = game.stateHash(of: state)
        #expect(throws: Noughts.Rejection.taken(4)) { try game.play(Noughts.Move(cell: 4), by: .second, in: &state) }
        #expect(game.stateHash(of: state) == before)
    }

    @Test func theSearchNeverLosesToSmart() throws {
        for bots in [SeatPair("mcts", "smart"), SeatPair("smart", "mcts")] {
            let report = try BatchRunner.run(game, configuration: BatchConfiguration(games: 20, seed: 1, bots: bots))
            let searchSeat: Seat = bots.first == "mcts" ? .first : .second
            #expect(report.wins[searchSeat.opponent] == 0, "\(bots): the search lost \(report.wins[searchSeat.opponent]) of 20")
        }
    }

    @Test func aSearchNameWithAnUnknownGuideIsRefused() throws {
        #expect(throws: UnknownBotError.self) { try game.makeBot(named: "mcts:2000:rule", seat: .first, seed: 1) }
        _ = try game.makeBot(named: "mcts:2000:smart", seat: .first, seed: 1)
    }

    @Test func smartBeatsRandom() throws {
        let report = try BatchRunner.run(game, configuration: BatchConfiguration(games: 200, seed: 1, bots: SeatPair("smart", "random")))
        #expect(report.wins.first > 10 * report.wins.second)
    }
}

enum Fixture {
    static func noughts() throws -> Noughts {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Assets/games/noughts/classic.json")
        return try Noughts(variant: "classic", rulesData: Data(contentsOf: file))
    }
}
