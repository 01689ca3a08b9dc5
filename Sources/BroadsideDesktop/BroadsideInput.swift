import Broadside
import DuoDesktop

/// What the person does to the game at the table, by click or key: the
/// same inputs whether the match is played here or on a server (Enter and
/// New game are the engine's).
public enum BroadsideInput: Sendable, Hashable {
    /// The pointer is over a cell of the primary board (nil: off it).
    case hover(Cell?)
    /// A tap on a cell of the primary board.
    case tap(Cell)
    /// A control pressed, by its HUD id.
    case press(String)
    /// Turn the ship being placed.
    case rotateShip
    /// Place the rest of the fleet at random.
    case autoPlace
    /// Take back every ship placed.
    case clearFleet
}
