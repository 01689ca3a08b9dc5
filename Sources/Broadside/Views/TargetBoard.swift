/// What is known of one seat's board from outside it: the answered shots,
/// which of them hit, and the ships sunk (revealed whole, as the rules say).
/// Never an unsunk ship's position.
public struct TargetBoard: Hashable, Sendable, Codable {
    /// Cells fired at and answered.
    public var shots: CellSet
    /// The shots that hit a ship.
    public var hits: CellSet
    /// The sunk ships, revealed.
    public var sunk: FleetLayout

    /// Makes a target board.
    public init(shots: CellSet, hits: CellSet, sunk: FleetLayout) {
        self.shots = shots
        self.hits = hits
        self.sunk = sunk
    }

    /// The shots that missed.
    public var misses: CellSet { shots.subtracting(hits) }
}
