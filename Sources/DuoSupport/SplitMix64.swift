/// SplitMix64 (Steele, Lea and Flood, 2014): a tiny 64-bit generator, used to
/// expand one seed into many independent ones (the engine's match and bot
/// seeds) and to draw the simulated hinge sensor's noise.
///
/// Pure integer arithmetic with wrapping operators, so every machine gives
/// the same bits; the system generator is never used, since replays and
/// tests must repeat.
@frozen
public struct SplitMix64: RandomNumberGenerator, Hashable, Sendable {
    /// The increment of the stream: 2^64 divided by the golden ratio.
    public static let increment: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// The position in the stream.
    public var state: UInt64

    /// Starts the stream at `seed`.
    @inlinable public init(seed: UInt64) { state = seed }

    /// The next output.
    @inlinable public mutating func next() -> UInt64 {
        state &+= Self.increment
        return Self.mix(state)
    }

    /// A number in 0 ..< 1 from the next output's top 53 bits.
    @inlinable public mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// Output number `index` (counting from 0) of the stream seeded with
    /// `seed`, computed directly (the stream can be jumped).
    @inlinable public static func output(seed: UInt64, index: UInt64) -> UInt64 {
        mix(seed &+ increment &* (index &+ 1))
    }

    /// SplitMix64's finaliser: a bijective scramble of 64 bits.
    @inlinable public static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
