/// What the search has learnt of positions, by their digest: a table of open
/// addressing (linear probing, Fibonacci hashing of the digest) that holds
/// at most `limit` entries and is emptied when full.
///
/// The rollouts look a position up at every move they make and at every move
/// they check, so the lookup is most of what a known position costs: a
/// `Dictionary` hashes the digest again (SipHash) and copies its values
/// through generic code; here a digest is one multiplication from its slot.
@usableFromInline struct PositionTable<Value>: Sendable where Value: Sendable {
    /// The digests, by slot (meaningful where ``values`` holds one).
    @usableFromInline var keys: [UInt64] = []
    /// The values, by slot; nil: an empty slot.
    @usableFromInline var values: [Value?] = []
    /// The entries held.
    @usableFromInline var count = 0
    /// The most entries held before the table is emptied.
    @usableFromInline let limit: Int
    /// 64 minus the slots' bit count: the shift that takes a slot from a product.
    @usableFromInline var shift = 64

    /// An empty table that holds up to `limit` entries (its slots grow to
    /// twice the entries, up to twice `limit`).
    @inlinable init(limit: Int) {
        self.limit = limit
    }

    /// The value kept for `key`, if any.
    @inlinable subscript(key: StableHash) -> Value? {
        guard count > 0 else { return nil }
        var slot = self.slot(of: key.value)
        let mask = keys.count - 1
        while let value = values[slot] {
            if keys[slot] == key.value { return value }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Keeps `value` for `key` (a key not held yet). A full table is emptied
    /// first: what it held is learnt again when next asked.
    @inlinable mutating func insert(_ value: Value, for key: StableHash) {
        if count >= limit { removeAll() }
        if (count + 1) * 2 > keys.count { grow() }
        var slot = self.slot(of: key.value)
        let mask = keys.count - 1
        while values[slot] != nil { slot = (slot + 1) & mask }
        keys[slot] = key.value
        values[slot] = value
        count += 1
    }

    /// Empties the table, keeping its slots.
    @inlinable mutating func removeAll() {
        for index in values.indices { values[index] = nil }
        count = 0
    }

    /// The first slot probed for a digest: its top bits after a multiplication
    /// by 2^64 over the golden ratio (the digest's low bits alone are weak).
    @inlinable func slot(of key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
    }

    /// Doubles the slots (at least 4,096: a search that keeps positions keeps thousands) and places every entry again.
    @inlinable mutating func grow() {
        let oldKeys = keys
        let oldValues = values
        let size = max(4096, keys.count * 2)
        keys = Array(repeating: 0, count: size)
        values = Array(repeating: nil, count: size)
        shift = 64 - size.trailingZeroBitCount
        let mask = size - 1
        for index in oldValues.indices {
            guard let value = oldValues[index] else { continue }
            var slot = self.slot(of: oldKeys[index])
            while values[slot] != nil { slot = (slot + 1) & mask }
            keys[slot] = oldKeys[index]
            values[slot] = value
        }
    }
}
