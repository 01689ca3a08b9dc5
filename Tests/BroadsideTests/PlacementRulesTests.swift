import TabletopEngine
import Testing

@testable import Broadside

@Suite struct PlacementRulesTests {
    let game: Broadside
    init() throws { game = try Fixture.game() }

    func place(_ ship: Int, _ cell: String, _ heading: Heading) -> BroadsideMove {
        .place(ShipPlacement(ship: ship, at: Fixture.cell(cell), heading: heading))
    }

    /// Expects `move` by `seat` to be refused with `rejection`, leaving `state` exactly as it was.
    func expectRefused(
        _ move: BroadsideMove, by seat: Seat = .first, in state: BroadsideState,
        _ rejection: BroadsideRejection, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var copy = state
        #expect(throws: rejection, sourceLocation: sourceLocation) { try game.play(move, by: seat, in: &copy) }
        #expect(copy == state, "a refused move changed the state", sourceLocation: sourceLocation)
    }

    @Test func bothSeatsPlaceAtTheSameTimeAndTheBattleStartsWithTheFirstSeat() throws {
        var state = game.makeInitialState(MatchSetup(seed: 1, firstSeat: .second))
        #expect(game.seatsToMove(in: state) == .both)
        for placement in Fixture.rowsFleet { try Fixture.play(game, .place(placement), by: .first, in: &state) }
        #expect(game.seatsToMove(in: state) == .second)
        #expect(game.seatView(of: state, for: .second).opponentReady)
        #expect(state.phase == .placing)
        for placement in Fixture.rowsFleet { try Fixture.play(game, .place(placement), by: .second, in: &state) }
        #expect(state.phase == .battle)
        #expect(game.seatsToMove(in: state) == .second)
    }

    @Test func aShipOutsideTheBoardIsRefusedWhicheverWayItLies() {
        let state = game.makeInitialState(MatchSetup(seed: 1))
        let across = ShipPlacement(ship: 0, at: Fixture.cell("A7"), heading: .across)
        expectRefused(.place(across), in: state, .shipOutOfBounds(ship: "carrier", placement: across, length: 5, rows: 10, columns: 10))
        let down = ShipPlacement(ship: 1, at: Fixture.cell("H3"), heading: .down)
        expectRefused(.place(down), in: state, .shipOutOfBounds(ship: "battleship", placement: down, length: 4, rows: 10, columns: 10))
        let offBoard = ShipPlacement(ship: 4, at: Fixture.cell("K1"), heading: .across)
        expectRefused(.place(offBoard), in: state, .shipOutOfBounds(ship: "destroyer", placement: offBoard, length: 2, rows: 10, columns: 10))
    }

    @Test func overlappingShipsAreRefusedNamingTheOtherShipAndTheCell() throws {
        var state = game.makeInitialState(MatchSetup(seed: 1))
        try Fixture.play(game, place(0, "C2", .across), by: .first, in: &state)
        expectRefused(place(1, "A4", .down), in: state, .shipsOverlap(ship: "battleship", other: "carrier", at: Fixture.cell("C4")))
        // Touching is allowed: only overlap is refused.
        try Fixture.play(game, place(1, "D2", .across), by: .first, in: &state)
    }

    @Test func aShipPlacedTwiceOrUnknownIsRefused() throws {
        var state = game.makeInitialState(MatchSetup(seed: 1))
        try Fixture.play(game, place(2, "A1", .across), by: .first, in: &state)
        expectRefused(place(2, "E5", .down), in: state, .shipAlreadyPlaced(ship: "cruiser"))
        expectRefused(place(5, "E5", .down), in: state, .unknownShip(index: 5, fleetSize: 5))
        expectRefused(place(-1, "E5", .down), in: state, .unknownShip(index: -1, fleetSize: 5))
    }

    @Test func resetTakesBackEveryShipAndNeedsOne() throws {
        var state = game.makeInitialState(MatchSetup(seed: 1))
        expectRefused(.reset, in: state, .nothingToReset)
        try Fixture.play(game, place(0, "A1", .across), by: .first, in: &state)
        try Fixture.play(game, place(1, "B1", .across), by: .first, in: &state)
        try Fixture.play(game, .reset, by: .first, in: &state)
        #expect(state.fleets.first.count == 0)
        #expect(state == game.makeInitialState(MatchSetup(seed: 1)))
        try Fixture.play(game, place(0, "A1", .down), by: .first, in: &state)
    }

    @Test func aPlacedFleetIsFinalAndShotsWaitForBothFleets() throws {
        var state = game.makeInitialState(MatchSetup(seed: 1))
        for placement in Fixture.rowsFleet { try Fixture.play(game, .place(placement), by: .first, in: &state) }
        expectRefused(.reset, in: state, .waitingForOpponent)
        expectRefused(place(0, "A1", .down), in: state, .waitingForOpponent)
        expectRefused(.fire(Fixture.cell("A1")), by: .second, in: state, .battleNotStarted)
    }

    @Test func placementsAreRefusedOnceTheBattleBegins() throws {
        let state = try Fixture.battle(game)
        expectRefused(place(0, "A1", .down), in: state, .placementOver)
        expectRefused(.reset, in: state, .placementOver)
    }

    @Test func everyLegalPlacementIsAcceptedAndTheListShrinksAsShipsArePlaced() throws {
        var state = game.makeInitialState(MatchSetup(seed: 1))
        let first = game.legalMoves(for: .first, in: state)
        // Five ships: 2 x (11 - length) x 10 positions each.
        #expect(first.count == [5, 4, 3, 3, 2].map { 2 * (11 - $0) * 10 }.reduce(0, +))
        #expect(!first.contains(.reset))
        for move in first {
            var copy = state
            #expect(throws: Never.self) { try game.play(move, by: .first, in: &copy) }
        }
        try Fixture.play(game, place(0, "A1", .across), by: .first, in: &state)
        let after = game.legalMoves(for: .first, in: state)
        #expect(after.contains(.reset))
        #expect(!after.contains { if case .place(let p) = $0 { return p.ship == 0 } else { return false } })
    }
}
