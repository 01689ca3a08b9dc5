import Broadside
import DuoDesktop
import TabletopEngine

/// Placement helpers shared by the local and the networked table.
extension Broadside {
    /// `ship` placed at `cell` with `heading`, moved back inside the board
    /// if it would stick out (a click near the edge still places the ship).
    func fittedPlacement(ship: Int, at cell: Cell, heading: Heading) -> ShipPlacement {
        let length = rules.fleet[ship].length
        var row = cell.row
        var column = cell.column
        switch heading {
        case .across: column = min(column, max(0, rules.board.columns - length))
        case .down: row = min(row, max(0, rules.board.rows - length))
        }
        return ShipPlacement(ship: ship, at: Cell(row: row, column: column), heading: heading)
    }

    /// A match still placing in which only `seat` has placed ships
    /// (`fleet`): all a client needs to check that seat's next placement,
    /// knowing nothing of the other seat's fleet.
    func placingState(of seat: Seat, fleet: FleetLayout) -> BroadsideState {
        var state = makeInitialState(MatchSetup(seed: 0))
        for placement in fleet where (try? validate(.place(placement), by: seat, in: state)) != nil {
            apply(.place(placement), by: seat, to: &state)
        }
        return state
    }
}
