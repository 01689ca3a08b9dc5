import TabletopEngine

/// What a spectator sees of a Broadside match: both boards as the opponent
/// of each knows them. No unsunk ship, no unanswered shot.
public struct BroadsidePublicView: Hashable, Sendable, Codable {
    /// Where the match is.
    public var phase: BroadsidePhase
    /// The seat firing now; nil outside the battle.
    public var turn: Seat?
    /// Shots in the current turn; 0 outside the battle.
    public var salvoSize: Int
    /// Whether each seat's fleet is placed.
    public var ready: SeatPair<Bool>
    /// Each seat's board as seen from outside.
    public var boards: SeatPair<TargetBoard>
    /// Each seat's ships still afloat.
    public var afloat: SeatPair<ShipSet>
    /// Shots fired by each seat.
    public var shotsFired: SeatPair<Int>
    /// The latest answered volley.
    public var lastVolley: Volley?
    /// The winner, once the match is over.
    public var winner: Seat?
}
