import TabletopEngine
import Testing

@testable import Broadside

/// The sunk ships' cells a bot keeps between shots (``SunkCells``), and the
/// layout equality that decides when they are worked out again.
@Suite struct SunkCellsTests {
    @Test func theCellsFollowTheSunkShipsAsTheyChange() throws {
        let game = try Fixture.game()
        var memory = SunkCells()
        var sunk = FleetLayout()
        #expect(memory.cells(of: sunk, game: game).isEmpty)
        let destroyer = ShipPlacement(ship: 4, at: Cell(row: 2, column: 3), heading: .across)
        sunk[4] = destroyer
        #expect(memory.cells(of: sunk, game: game) == destroyer.cells(length: game.length(of: 4)))
        let carrier = ShipPlacement(ship: 0, at: Cell(row: 5, column: 0), heading: .down)
        sunk[0] = carrier
        let both = destroyer.cells(length: game.length(of: 4)).union(carrier.cells(length: game.length(of: 0)))
        #expect(memory.cells(of: sunk, game: game) == both)
        #expect(memory.cells(of: sunk, game: game) == both)
        // Another layout with as many ships (another view): worked out again.
        var other = FleetLayout()
        other[4] = destroyer
        other[0] = ShipPlacement(ship: 0, at: Cell(row: 0, column: 5), heading: .down)
        #expect(memory.cells(of: other, game: game) == destroyer.cells(length: game.length(of: 4)).union(other[0]!.cells(length: game.length(of: 0))))
    }

    @Test func layoutsAreEqualWhenTheSameShipsLieInTheSamePlaces() {
        var one = FleetLayout()
        var two = FleetLayout()
        one[1] = ShipPlacement(ship: 1, at: Cell(row: 1, column: 1), heading: .across)
        two[1] = ShipPlacement(ship: 1, at: Cell(row: 1, column: 1), heading: .across)
        #expect(one == two)
        // A ship placed and taken back leaves its old slot behind: still equal.
        one[2] = ShipPlacement(ship: 2, at: Cell(row: 7, column: 7), heading: .down)
        one[2] = nil
        #expect(one == two)
        two[1] = ShipPlacement(ship: 1, at: Cell(row: 1, column: 1), heading: .down)
        #expect(one != two)
        two[1] = nil
        #expect(one != two)
    }
}
