import TabletopEngine

/// Why Broadside refuses a move. Each case has a stable ``code`` and a
/// sentence naming the ship, cell or count concerned.
public enum BroadsideRejection: MoveRejection {
    /// The match is over.
    case matchOver
    /// The seat may not move now: its fleet is placed and the opponent is still placing.
    case waitingForOpponent
    /// The seat may not move now: it is the opponent's turn to fire.
    case notYourTurn
    /// A placement (or reset) after the battle began.
    case placementOver
    /// A shot before both fleets are placed.
    case battleNotStarted
    /// A ship index that is not in the fleet.
    case unknownShip(index: Int, fleetSize: Int)
    /// A ship placed a second time (reset first to move it).
    case shipAlreadyPlaced(ship: String)
    /// A ship that would stick out of the board.
    case shipOutOfBounds(ship: String, placement: ShipPlacement, length: Int, rows: Int, columns: Int)
    /// A ship that would overlap one already placed.
    case shipsOverlap(ship: String, other: String, at: Cell)
    /// A reset with no ship placed.
    case nothingToReset
    /// A shot at a cell outside the board.
    case cellOffBoard(Cell, rows: Int, columns: Int)
    /// A cell name outside every board (`A0`, `Q1`, `A17`): off this board
    /// too, so it gets the same code as ``cellOffBoard(_:rows:columns:)``.
    case cellNameOffBoard(String, rows: Int, columns: Int)
    /// A shot at a cell fired at before.
    case cellAlreadyFired(Cell)
    /// A shot at a cell already aimed at in this salvo.
    case cellAlreadyAimed(Cell)

    /// The stable code: the case's name.
    public var code: String {
        switch self {
        case .matchOver: return "matchOver"
        case .waitingForOpponent: return "waitingForOpponent"
        case .notYourTurn: return "notYourTurn"
        case .placementOver: return "placementOver"
        case .battleNotStarted: return "battleNotStarted"
        case .unknownShip: return "unknownShip"
        case .shipAlreadyPlaced: return "shipAlreadyPlaced"
        case .shipOutOfBounds: return "shipOutOfBounds"
        case .shipsOverlap: return "shipsOverlap"
        case .nothingToReset: return "nothingToReset"
        case .cellOffBoard, .cellNameOffBoard: return "cellOffBoard"
        case .cellAlreadyFired: return "cellAlreadyFired"
        case .cellAlreadyAimed: return "cellAlreadyAimed"
        }
    }

    /// A sentence for a person.
    public var message: String {
        switch self {
        case .matchOver: return "The match is over."
        case .waitingForOpponent: return "Your fleet is placed; wait for the opponent to place theirs."
        case .notYourTurn: return "It is the opponent's turn to fire."
        case .placementOver: return "The battle has begun: ships can no longer be placed or moved."
        case .battleNotStarted: return "The battle has not begun: both fleets must be placed first."
        case .unknownShip(let index, let size): return "There is no ship \(index): the fleet has ships 0 to \(size - 1)."
        case .shipAlreadyPlaced(let ship): return "The \(ship) is already placed; reset to move it."
        case .shipOutOfBounds(let ship, let placement, let length, let rows, let columns):
            return "The \(ship) (length \(length)) at \(placement.origin) \(placement.heading.rawValue) sticks out of the \(rows)x\(columns) board."
        case .shipsOverlap(let ship, let other, let cell): return "The \(ship) would overlap the \(other) at \(cell)."
        case .nothingToReset: return "No ship is placed yet, so there is nothing to reset."
        case .cellOffBoard(let cell, let rows, let columns): return "\(cell) is off the \(rows)x\(columns) board."
        case .cellNameOffBoard(let name, let rows, let columns): return "\(name) is off the \(rows)x\(columns) board."
        case .cellAlreadyFired(let cell): return "\(cell) was already fired at."
        case .cellAlreadyAimed(let cell): return "\(cell) is already aimed at in this salvo."
        }
    }
}
