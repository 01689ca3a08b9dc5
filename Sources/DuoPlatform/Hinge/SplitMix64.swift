/// A tiny seeded pseudo-random generator (SplitMix64), so the simulated
/// sensor gives the same readings for the same seed on every machine.
/// The system generator is never used: replays and tests must repeat.
struct SplitMix64: RandomNumberGenerator, Hashable, Sendable {
    private var state: UInt64

    /// A generator whose whole future is fixed by `seed`.
    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0 ..< 1 with 53 random bits.
    mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }
}
