import TabletopEngine

/// For both seats' boards: which ship covers each cell, and how many times
/// each ship has been hit. Lets a shot find the ship it hit and whether it
/// sank with two table reads instead of a search over the fleet.
struct ShipIndex: Hashable, Sendable {
    /// `owner[seat * 256 + cell]`: 0 for water, ship index + 1 for a ship.
    private var owner = InlineArray<512, UInt8>(repeating: 0)
    /// `damage[seat * 16 + ship]`: hits the ship has taken.
    private var damage = InlineArray<32, UInt8>(repeating: 0)

    /// The ship of `seat` at `cell`, or nil for water.
    @inline(__always) func ship(of seat: Seat, at cell: Cell) -> Int? {
        let code = owner[seat.rawValue << 8 | Int(cell.index)]
        return code == 0 ? nil : Int(code) - 1
    }

    /// Records ship `ship` of `seat` on `cells`.
    mutating func place(_ ship: Int, of seat: Seat, on cells: CellSet) {
        for cell in cells { owner[seat.rawValue << 8 | Int(cell.index)] = UInt8(ship + 1) }
    }

    /// Forgets every ship of `seat` (a reset during placement).
    mutating func clear(_ seat: Seat) {
        for index in 0..<256 { owner[seat.rawValue << 8 | index] = 0 }
    }

    /// Counts a hit on ship `ship` of `seat`; returns its hits so far.
    @inline(__always) mutating func hit(_ ship: Int, of seat: Seat) -> Int {
        let index = seat.rawValue << 4 | ship
        damage[index] &+= 1
        return Int(damage[index])
    }

    static func == (lhs: ShipIndex, rhs: ShipIndex) -> Bool {
        for index in 0..<512 where lhs.owner[index] != rhs.owner[index] { return false }
        for index in 0..<32 where lhs.damage[index] != rhs.damage[index] { return false }
        return true
    }

    func hash(into hasher: inout Hasher) {
        for index in 0..<512 { hasher.combine(owner[index]) }
        for index in 0..<32 { hasher.combine(damage[index]) }
    }
}
