/// Feeds values into a ``StableHash``: 64-bit FNV-1a over a fixed byte layout
/// (integers as little-endian bytes), so the result never depends on the
/// machine or the process (unlike Swift's `Hasher`, which is seeded per run).
@frozen
public struct StableHasher: Sendable {
    @usableFromInline var state: UInt64 = 0xCBF2_9CE4_8422_2325

    /// An empty hasher.
    @inlinable public init() {}

    /// Adds one byte.
    @inlinable public mutating func combine(_ byte: UInt8) {
        state = (state ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    /// Adds the 8 bytes of `word`, least significant first.
    @inlinable public mutating func combine(_ word: UInt64) {
        var rest = word
        for _ in 0..<8 {
            combine(UInt8(truncatingIfNeeded: rest))
            rest >>= 8
        }
    }

    /// Adds an integer as 8 little-endian bytes of its two's complement.
    @inlinable public mutating func combine(_ value: Int) { combine(UInt64(bitPattern: Int64(value))) }

    /// Adds a flag as one byte.
    @inlinable public mutating func combine(_ flag: Bool) { combine(flag ? 1 as UInt8 : 0) }

    /// Adds the bytes of `bytes`, preceded by their count so that
    /// concatenations cannot collide ("ab"+"c" vs "a"+"bc").
    @inlinable public mutating func combine<Bytes: Collection>(bytes: Bytes) where Bytes.Element == UInt8 {
        combine(bytes.count)
        for byte in bytes { combine(byte) }
    }

    /// Adds a string's UTF-8 bytes, preceded by their count.
    @inlinable public mutating func combine(_ text: String) { combine(bytes: Array(text.utf8)) }

    /// The hash of everything added so far.
    @inlinable public func finalize() -> StableHash { StableHash(state) }
}
