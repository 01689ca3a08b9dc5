import TabletopEngine

/// What one seat sees of a Broadside match: its own fleet and the shots at
/// it, and of the opponent's board only the answered shots, the hits and
/// the ships sunk. The opponent's unsunk ships and its aimed-but-unanswered
/// shots are not in it, so they cannot leak through it (or its JSON).
public struct BroadsideSeatView: Hashable, Sendable, Codable {
    /// The seat this view belongs to.
    public var seat: Seat
    /// Where the match is.
    public var phase: BroadsidePhase
    /// The seat firing now; nil outside the battle.
    public var turn: Seat?
    /// Shots in the current turn; 0 outside the battle.
    public var salvoSize: Int
    /// The seat's own ships placed so far.
    public var fleet: FleetLayout
    /// The seat's own ships still afloat.
    public var afloat: ShipSet
    /// The seat's own board as the opponent knows it (shots at it, hits, sunk ships).
    public var ownBoard: TargetBoard
    /// The cells this seat aimed at in its current salvo (empty otherwise).
    public var aimed: CellSet
    /// Whether the opponent's fleet is placed.
    public var opponentReady: Bool
    /// What this seat knows of the opponent's board.
    public var target: TargetBoard
    /// The opponent's ships still afloat (public: sinkings are announced).
    public var opponentAfloat: ShipSet
    /// Shots fired by each seat.
    public var shotsFired: SeatPair<Int>
    /// The latest answered volley, by either seat.
    public var lastVolley: Volley?
    /// The winner, once the match is over.
    public var winner: Seat?

    /// Whether this seat must move now.
    public var isMyTurn: Bool {
        switch phase {
        case .placing: return !isFleetComplete
        case .battle: return turn == seat
        case .over: return false
        }
    }

    /// Whether every ship of the seat's fleet is placed (no ship is sunk
    /// before the battle, so the afloat set is then the whole fleet).
    public var isFleetComplete: Bool { phase != .placing || fleet.placedMask == afloat.rawValue }
}
