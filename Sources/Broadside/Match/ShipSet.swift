/// A set of ships of one fleet by index (0...15): the ships afloat, the
/// ships a volley sank. Encoded in JSON as the sorted list of indices.
public struct ShipSet: Hashable, Sendable, Codable, Sequence {
    /// Bit `i` set: ship `i` is in the set.
    public var rawValue: UInt16

    /// A set from its bits.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The ships `0..<count`.
    public static func all(_ count: Int) -> ShipSet { ShipSet(rawValue: UInt16(truncatingIfNeeded: (1 << count) - 1)) }

    /// Whether ship `ship` is in the set.
    public func contains(_ ship: Int) -> Bool { rawValue >> UInt16(ship) & 1 == 1 }
    /// Adds ship `ship`.
    public mutating func insert(_ ship: Int) { rawValue |= 1 << UInt16(ship) }
    /// Removes ship `ship`.
    public mutating func remove(_ ship: Int) { rawValue &= ~(1 << UInt16(ship)) }
    /// How many ships.
    public var count: Int { rawValue.nonzeroBitCount }
    /// Whether the set is empty.
    public var isEmpty: Bool { rawValue == 0 }

    /// Iterates the ship indices in increasing order.
    public struct Iterator: IteratorProtocol {
        var remaining: UInt16
        /// The next ship index.
        public mutating func next() -> Int? {
            guard remaining != 0 else { return nil }
            defer { remaining &= remaining - 1 }
            return remaining.trailingZeroBitCount
        }
    }

    /// Iterates the ship indices in increasing order.
    public func makeIterator() -> Iterator { Iterator(remaining: rawValue) }

    /// Decodes a list of indices 0...15.
    public init(from decoder: any Decoder) throws {
        let indices = try decoder.singleValueContainer().decode([Int].self)
        rawValue = 0
        for index in indices {
            guard (0..<16).contains(index) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "ship index \(index) is not 0...15"))
            }
            insert(index)
        }
    }

    /// Encodes the sorted list of indices.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Array(self))
    }
}
