import DuoSupport

/// The engine's deterministic random number generator: xoshiro256**
/// (Blackman and Vigna, 2018), seeded through SplitMix64.
///
/// The system generator is not reproducible, and the standard library's
/// `random(in:using:)` algorithms may change between Swift releases, so the
/// bounded draws here are the engine's own (Lemire's multiply-and-reject):
/// the same seed gives the same bits on every machine and every release.
@frozen
public struct SeededGenerator: RandomNumberGenerator, Hashable, Sendable {
    @usableFromInline var s0: UInt64
    @usableFromInline var s1: UInt64
    @usableFromInline var s2: UInt64
    @usableFromInline var s3: UInt64

    /// Seeds the four words of state from a SplitMix64 stream started at `seed`
    /// (the seeding the xoshiro authors recommend; never all zero).
    @inlinable public init(seed: UInt64) {
        var expander = SplitMix64(seed: seed)
        s0 = expander.next()
        s1 = expander.next()
        s2 = expander.next()
        s3 = expander.next()
    }

    /// The next 64 random bits.
    @inlinable public mutating func next() -> UInt64 {
        let result = rotateLeft(s1 &* 5, by: 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = rotateLeft(s3, by: 45)
        return result
    }

    /// A uniform integer in `0..<bound`; `bound` must be positive.
    ///
    /// Lemire's method: the high word of a 128-bit product, redrawn only in
    /// the rare case that would bias the result.
    @inlinable public mutating func next(below bound: UInt64) -> UInt64 {
        precondition(bound > 0, "next(below:) needs a positive bound")
        var product = next().multipliedFullWidth(by: bound)
        if product.low < bound {
            let threshold = (0 &- bound) % bound
            while product.low < threshold {
                product = next().multipliedFullWidth(by: bound)
            }
        }
        return product.high
    }

    /// A uniform `Int` in `0..<bound`; `bound` must be positive.
    @inlinable public mutating func nextInt(below bound: Int) -> Int {
        Int(truncatingIfNeeded: next(below: UInt64(bound)))
    }

    /// A uniform `Int` in `range`, which must not be empty.
    @inlinable public mutating func nextInt(in range: ClosedRange<Int>) -> Int {
        range.lowerBound &+ Int(truncatingIfNeeded: next(below: UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound)) &+ 1))
    }

    /// A uniform `Double` in `0..<1` with 53 random bits.
    @inlinable public mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A fair coin.
    @inlinable public mutating func nextBool() -> Bool { next() >> 63 == 1 }

    @inlinable func rotateLeft(_ value: UInt64, by amount: UInt64) -> UInt64 {
        (value << amount) | (value >> (64 - amount))
    }
}
