import Foundation
import TabletopEngine
import Testing

@testable import Broadside

@Suite struct ViewTests {
    @Test func aViewDrawsBothBoardsInText() throws {
        let game = try Fixture.game()
        var state = try Fixture.battle(game)
        try game.play(.fire(Fixture.cell("A1")), by: .first, in: &state)
        try game.play(.fire(Fixture.cell("B1")), by: .second, in: &state)
        let picture = game.describe(game.seatView(of: state, for: .first))
        let lines = picture.split(separator: "\n")
        #expect(lines[0].contains("your turn"))
        #expect(lines.count == 1 + 2 + 10 + 1)
        // Row A: own carrier (C), target hit (x); row B: own board miss (o).
        #expect(lines[2].hasSuffix(" 9 10"))
        #expect(lines[3].hasPrefix("A  C  C  C  C  C  .  ."))
        #expect(lines[3].contains("A  x  ."))
        #expect(lines[4].hasPrefix("B  o  ."))
    }

    @Test func viewsEncodeCellsByNameAndRoundTrip() throws {
        let game = try Fixture.game()
        var state = try Fixture.battle(game)
        try game.play(.fire(Fixture.cell("C3")), by: .first, in: &state)
        let view = game.seatView(of: state, for: .second)
        let json = String(decoding: try Fixture.bytes(view), as: UTF8.self)
        #expect(json.contains(#""shots":["C3"]"#))
        #expect(try JSONDecoder().decode(BroadsideSeatView.self, from: Data(json.utf8)) == view)
        let publicView = game.publicView(of: state)
        #expect(try JSONDecoder().decode(BroadsidePublicView.self, from: try Fixture.bytes(publicView)) == publicView)
    }

    @Test func aSeatKnowsWhenItMustMove() throws {
        let game = try Fixture.game()
        var state = game.makeInitialState(MatchSetup(seed: 1, firstSeat: .second))
        #expect(game.seatView(of: state, for: .first).isMyTurn)
        for placement in Fixture.rowsFleet { try game.play(.place(placement), by: .first, in: &state) }
        #expect(!game.seatView(of: state, for: .first).isMyTurn)
        for placement in Fixture.rowsFleet { try game.play(.place(placement), by: .second, in: &state) }
        #expect(game.seatView(of: state, for: .second).isMyTurn)
        #expect(!game.seatView(of: state, for: .first).isMyTurn)
    }
}
