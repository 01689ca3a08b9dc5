import TabletopEngine

/// Everything about a Broadside match in progress, both fleets included.
/// Only the rules (``Broadside``) read it; seats get a ``BroadsideSeatView``.
public struct BroadsideState: Hashable, Sendable {
    /// Where the match is.
    public internal(set) var phase: BroadsidePhase
    /// The seat that fires first once both fleets are placed.
    public internal(set) var firstSeat: Seat
    /// The seat firing now (meaningful in the battle).
    public internal(set) var turn: Seat
    /// Each seat's ships placed so far.
    public internal(set) var fleets: SeatPair<FleetLayout>
    /// The cells covered by each seat's ships.
    public internal(set) var occupied: SeatPair<CellSet>
    /// Which ship covers each cell, and the hits each ship took (derived
    /// from `fleets` and the shots; kept so a shot is answered in O(1)).
    var ships = ShipIndex()
    /// The answered shots at each seat's board.
    public internal(set) var shotsReceived: SeatPair<CellSet>
    /// The answered shots at each seat's board that hit a ship.
    public internal(set) var hitsReceived: SeatPair<CellSet>
    /// Each seat's sunk ships (revealed to all).
    public internal(set) var revealed: SeatPair<FleetLayout>
    /// Each seat's ships still afloat.
    public internal(set) var afloat: SeatPair<ShipSet>
    /// The cells aimed at in the current salvo, not yet answered.
    public internal(set) var aimed: CellSet
    /// The number of shots of the current turn.
    public internal(set) var salvoSize: Int
    /// Shots fired (answered) by each seat.
    public internal(set) var shotsFired: SeatPair<Int>
    /// The winner, once a fleet is sunk.
    public internal(set) var winner: Seat?
    /// The latest answered volley.
    public internal(set) var lastVolley: Volley?
}
