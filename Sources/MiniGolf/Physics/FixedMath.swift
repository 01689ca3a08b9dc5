/// Integer arithmetic for the physics: the only kind of number that decides
/// where a ball goes, so a shot lands on the same 1/4096 cm on every machine.
///
/// Floating point is not used in anything that decides a result: `sin`,
/// `cos` and `sqrt` of the C library may differ in the last bit between
/// platforms and releases, which would make replays diverge.
public enum FixedMath {
    /// Fixed-point units per centimetre (Q12): positions, distances and
    /// speeds (per tick) are whole numbers of 1/4096 cm.
    public static let unitsPerCentimetre: Int64 = 4096

    /// The largest integer whose square is at most `value` (0 for negative input).
    ///
    /// Digit-by-digit binary square root: exact, one round per two bits of the value (32 at most), no division.
    @inlinable
    public static func squareRoot(_ value: Int64) -> Int64 {
        guard value > 1 else { return max(0, value) }
        var remainder = UInt64(value)
        var root: UInt64 = 0
        // The highest power of four not above the value (where the rounds start).
        var bit: UInt64 = 1 << UInt64((63 - remainder.leadingZeroBitCount) & ~1)
        while bit != 0 {
            if remainder >= root + bit {
                remainder -= root + bit
                root = (root >> 1) + bit
            } else {
                root >>= 1
            }
            bit >>= 2
        }
        return Int64(root)
    }

    /// `a * b / c`, rounded toward zero, with a 128-bit intermediate product so
    /// that it cannot overflow when the quotient fits (`c` must not be 0).
    @inlinable
    public static func multiplyDivide(_ a: Int64, _ b: Int64, _ c: Int64) -> Int64 {
        let product = a.multipliedFullWidth(by: b)
        return c.dividingFullWidth(product).quotient
    }

    /// Centimetres to fixed-point units.
    @inlinable
    public static func units(centimetres: Int) -> Int64 { Int64(centimetres) * unitsPerCentimetre }
}
