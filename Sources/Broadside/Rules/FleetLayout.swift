/// The ships of one seat placed so far: at most one placement per ship of
/// the fleet, stored inline (no allocation; a view copies it every move).
///
/// Encoded in JSON as the list of placements, in fleet order.
public struct FleetLayout: Hashable, Sendable, Codable, Sequence {
    /// Slot `i` holds ship `i`'s placement when bit `i` of `placedMask` is
    /// set: the origin's index in the low byte, bit 8 set for `down`. Two
    /// bytes a ship keep a layout at 34 bytes, cheap to copy into every view.
    private var slots: InlineArray<16, UInt16>
    /// Bit `i` set: ship `i` is placed.
    public private(set) var placedMask: UInt16

    /// No ship placed.
    public init() {
        slots = InlineArray(repeating: 0)
        placedMask = 0
    }

    /// A layout of the given placements (each ship at most once).
    public init<Placements: Sequence>(_ placements: Placements) where Placements.Element == ShipPlacement {
        self.init()
        for placement in placements { self[placement.ship] = placement }
    }

    /// The placement of ship `ship` (0...15), nil when it is not placed.
    public subscript(ship: Int) -> ShipPlacement? {
        get { placedMask >> UInt16(ship) & 1 == 1 ? Self.placement(ship: ship, slot: slots[ship]) : nil }
        set {
            if let newValue {
                slots[ship] = UInt16(newValue.origin.index) | (newValue.heading == .down ? 0x100 : 0)
                placedMask |= 1 << UInt16(ship)
            } else {
                placedMask &= ~(1 << UInt16(ship))
            }
        }
    }

    /// Whether ship `ship` is placed.
    public func isPlaced(_ ship: Int) -> Bool { placedMask >> UInt16(ship) & 1 == 1 }

    /// How many ships are placed.
    public var count: Int { placedMask.nonzeroBitCount }

    /// Iterates the placed ships in fleet order.
    public struct Iterator: IteratorProtocol {
        let layout: FleetLayout
        var remaining: UInt16
        /// The next placed ship's placement.
        public mutating func next() -> ShipPlacement? {
            guard remaining != 0 else { return nil }
            let ship = remaining.trailingZeroBitCount
            remaining &= remaining - 1
            return FleetLayout.placement(ship: ship, slot: layout.slots[ship])
        }
    }

    @inline(__always) static func placement(ship: Int, slot: UInt16) -> ShipPlacement {
        ShipPlacement(ship: ship, at: Cell(index: UInt8(truncatingIfNeeded: slot)), heading: slot & 0x100 == 0 ? .across : .down)
    }

    /// Iterates the placed ships in fleet order.
    public func makeIterator() -> Iterator { Iterator(layout: self, remaining: placedMask) }

    /// Equal when the same ships are placed at the same places.
    public static func == (lhs: FleetLayout, rhs: FleetLayout) -> Bool {
        // The placed ships' slots, read directly (a bot compares the sunk
        // ships on every shot; the generic `elementsEqual` cost 200 instructions).
        guard lhs.placedMask == rhs.placedMask else { return false }
        var remaining = lhs.placedMask
        while remaining != 0 {
            let ship = remaining.trailingZeroBitCount
            if lhs.slots[ship] != rhs.slots[ship] { return false }
            remaining &= remaining - 1
        }
        return true
    }

    /// Hashes the placed ships.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(placedMask)
        for placement in self { hasher.combine(placement) }
    }

    /// Decodes a list of placements; a ship given twice or an index out of 0...15 is an error.
    public init(from decoder: any Decoder) throws {
        let placements = try decoder.singleValueContainer().decode([ShipPlacement].self)
        self.init()
        for placement in placements {
            guard (0..<16).contains(placement.ship), !isPlaced(placement.ship) else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: decoder.codingPath,
                        debugDescription: "ship \(placement.ship) is out of range or given twice"))
            }
            self[placement.ship] = placement
        }
    }

    /// Encodes the placed ships in fleet order.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Array(self))
    }
}
