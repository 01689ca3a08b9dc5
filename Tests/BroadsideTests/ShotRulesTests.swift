import TabletopEngine
import Testing

@testable import Broadside

@Suite struct ShotRulesTests {
    let game: Broadside
    init() throws { game = try Fixture.game() }

    func fire(_ cell: String, by seat: Seat, in state: inout BroadsideState) throws {
        try Fixture.play(game, .fire(Fixture.cell(cell)), by: seat, in: &state)
    }

    func expectRefused(
        _ move: BroadsideMove, by seat: Seat, in state: BroadsideState,
        _ rejection: BroadsideRejection, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var copy = state
        #expect(throws: rejection, sourceLocation: sourceLocation) { try game.play(move, by: seat, in: &copy) }
        #expect(copy == state, "a refused move changed the state", sourceLocation: sourceLocation)
    }

    @Test func aShotIsAnsweredMissOrHitAndTheTurnPasses() throws {
        var state = try Fixture.battle(game)
        try fire("B1", by: .first, in: &state)
        #expect(state.lastVolley == Volley(shooter: .first, cells: CellSet([Fixture.cell("B1")]), hits: CellSet(), sunk: ShipSet(rawValue: 0)))
        #expect(state.turn == .second)
        try fire("A1", by: .second, in: &state)
        #expect(state.lastVolley?.hits == CellSet([Fixture.cell("A1")]))
        #expect(state.lastVolley?.sunk.isEmpty == true)
        let view = game.seatView(of: state, for: .second)
        #expect(view.target.hits == CellSet([Fixture.cell("A1")]))
        #expect(view.target.sunk.count == 0)
        #expect(game.seatView(of: state, for: .first).ownBoard.hits == CellSet([Fixture.cell("A1")]))
    }

    @Test func theLastHitOnAShipSinksItNamesItAndRevealsIt() throws {
        var state = try Fixture.battle(game)
        // The destroyer (ship 4) lies at I1-I2.
        try fire("I1", by: .first, in: &state)
        try fire("J10", by: .second, in: &state)
        try fire("I2", by: .first, in: &state)
        #expect(state.lastVolley?.sunk == ShipSet(rawValue: 1 << 4))
        let view = game.seatView(of: state, for: .first)
        #expect(view.target.sunk[4] == ShipPlacement(ship: 4, at: Fixture.cell("I1"), heading: .across))
        #expect(!view.opponentAfloat.contains(4))
        #expect(game.describe(view).contains("sunk destroyer"))
    }

    @Test func firingTwiceAtACellOrOutOfTurnOrOffTheBoardIsRefused() throws {
        var state = try Fixture.battle(game)
        try fire("E5", by: .first, in: &state)
        expectRefused(.fire(Fixture.cell("E6")), by: .first, in: state, .notYourTurn)
        try fire("E5", by: .second, in: &state)
        expectRefused(.fire(Fixture.cell("E5")), by: .first, in: state, .cellAlreadyFired(Fixture.cell("E5")))
        expectRefused(.fire(Fixture.cell("K1")), by: .first, in: state, .cellOffBoard(Fixture.cell("K1"), rows: 10, columns: 10))
        expectRefused(.fire(Fixture.cell("A11")), by: .first, in: state, .cellOffBoard(Fixture.cell("A11"), rows: 10, columns: 10))
    }

    @Test func sinkingTheWholeFleetWinsAndEndsTheMatch() throws {
        var state = try Fixture.battle(game, firstSeat: .second)
        let targets = Fixture.rowsFleet.flatMap { $0.cells(length: game.rules.fleet[$0.ship].length) }
        var misses = Array(CellSet.board(columns: 10, rows: 10).subtracting(CellSet(targets)))
        for (index, cell) in targets.enumerated() {
            #expect(game.result(of: state) == nil)
            try fire(misses.removeFirst().name, by: .second, in: &state)
            try fire(cell.name, by: .first, in: &state)
            if index < targets.count - 1 { #expect(state.phase == .battle) }
        }
        let result = try #require(game.result(of: state))
        #expect(result.winner == .first)
        #expect(result.reason == "fleetSunk")
        #expect(result.scores == SeatPair(17, 17))
        #expect(game.seatsToMove(in: state) == .none)
        expectRefused(.fire(Fixture.cell("J10")), by: .second, in: state, .matchOver)
        #expect(game.legalMoves(for: .first, in: state).isEmpty)
    }

    @Test func theLegalShotsAreEveryCellNotFiredAt() throws {
        var state = try Fixture.battle(game)
        try fire("A1", by: .first, in: &state)
        try fire("A1", by: .second, in: &state)
        let moves = game.legalMoves(for: .first, in: state)
        #expect(moves.count == 99)
        #expect(!moves.contains(.fire(Fixture.cell("A1"))))
        #expect(game.legalMoves(for: .second, in: state).isEmpty)
    }
}

@Suite struct SalvoRulesTests {
    let game: Broadside
    init() throws { game = try Fixture.game("salvo") }

    func fire(_ cells: [String], by seat: Seat, in state: inout BroadsideState) throws {
        for cell in cells { try Fixture.play(game, .fire(Fixture.cell(cell)), by: seat, in: &state) }
    }

    @Test func aSalvoHasOneShotPerShipAfloat() throws {
        var state = try Fixture.battle(game)
        #expect(state.salvoSize == 5)
        #expect(game.seatView(of: state, for: .first).salvoSize == 5)
        // Seat 0 sinks the destroyer (I1, I2) with its first salvo.
        try fire(["I1", "I2", "J5", "J6", "J7"], by: .first, in: &state)
        #expect(state.lastVolley?.sunk == ShipSet(rawValue: 1 << 4))
        #expect(state.turn == .second)
        #expect(state.salvoSize == 4)
        try fire(["J1", "J2", "J3", "J4"], by: .second, in: &state)
        #expect(state.salvoSize == 5)
    }

    @Test func aimedShotsAreAnsweredOnlyWhenTheSalvoIsCompleteAndStaySecret() throws {
        var state = try Fixture.battle(game)
        try fire(["A1", "A2"], by: .first, in: &state)
        #expect(state.turn == .first)
        let shooter = game.seatView(of: state, for: .first)
        #expect(shooter.aimed == CellSet([Fixture.cell("A1"), Fixture.cell("A2")]))
        #expect(shooter.target.shots.isEmpty)
        let target = game.seatView(of: state, for: .second)
        #expect(target.aimed.isEmpty)
        #expect(target.ownBoard.shots.isEmpty)
        var copy = state
        #expect(throws: BroadsideRejection.cellAlreadyAimed(Fixture.cell("A2"))) {
            try game.play(.fire(Fixture.cell("A2")), by: .first, in: &copy)
        }
        #expect(copy == state)
        try fire(["B1", "B2", "B3"], by: .first, in: &state)
        #expect(state.lastVolley?.cells.count == 5)
        #expect(state.lastVolley?.hits == CellSet([Fixture.cell("A1"), Fixture.cell("A2")]))
        #expect(state.shotsFired.first == 5)
    }

    @Test func aSalvoNeverHasMoreShotsThanCellsLeft() throws {
        // Three one-cell ships on a 2x2 board: after seat 0's salvo of 3 one
        // cell is left, so its next salvo, with 3 ships afloat, has 1 shot.
        let tiny = try Broadside(variant: "tiny", rules: Fixture.rules(rows: 2, columns: 2, ships: [1, 1, 1], shots: .perShipAfloat))
        let fleet = ["A1", "A2", "B1"].enumerated().map { ShipPlacement(ship: $0.offset, at: Fixture.cell($0.element), heading: .across) }
        var state = try Fixture.battle(tiny, fleets: SeatPair(fleet, fleet))
        for cell in ["A1", "A2", "B2"] { try tiny.play(.fire(Fixture.cell(cell)), by: .first, in: &state) }
        #expect(state.salvoSize == 1)  // seat 1 has one ship left
        try tiny.play(.fire(Fixture.cell("B2")), by: .second, in: &state)
        #expect(state.turn == .first)
        #expect(state.salvoSize == 1)
        try tiny.play(.fire(Fixture.cell("B1")), by: .first, in: &state)
        #expect(tiny.result(of: state)?.winner == .first)
        #expect(tiny.result(of: state)?.scores == SeatPair(4, 1))
    }
}
