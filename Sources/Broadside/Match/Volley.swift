import TabletopEngine

/// The shots of one turn, answered: which cells, which were hits, which
/// ships they sank. Public to both seats and spectators once answered.
public struct Volley: Hashable, Sendable, Codable {
    /// The seat that fired.
    public var shooter: Seat
    /// The cells fired at.
    public var cells: CellSet
    /// The cells that hit a ship.
    public var hits: CellSet
    /// The ships of the target's fleet that these shots sank.
    public var sunk: ShipSet

    /// Makes a volley.
    public init(shooter: Seat, cells: CellSet, hits: CellSet, sunk: ShipSet) {
        self.shooter = shooter
        self.cells = cells
        self.hits = hits
        self.sunk = sunk
    }
}
