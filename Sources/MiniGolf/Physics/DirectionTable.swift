/// The unit vector of every whole-degree direction, in Q16 fixed point
/// (65536 is 1), computed once with integer arithmetic only.
///
/// Sines come from the Taylor series of sin evaluated in Q30 integers for
/// 0...90 degrees and reflected into the other quadrants, so the table is
/// bit-identical on every machine (a C library's `sin` need not be).
public enum DirectionTable {
    /// Fixed-point scale of the table's components.
    public static let one: Int64 = 1 << 16

    /// `unitVectors[d]` is (cos d, sin d) for d in 0..<360, scaled by ``one``.
    /// With y pointing down the page, 90 degrees points down.
    public static let unitVectors: [CourseVector] = (0..<360).map { degrees in
        let quadrant = degrees / 90
        let within = degrees % 90
        let s = sineQ16(degrees: within)
        let c = sineQ16(degrees: 90 - within)
        switch quadrant {
        case 0: return CourseVector(x: c, y: s)
        case 1: return CourseVector(x: -s, y: c)
        case 2: return CourseVector(x: -c, y: -s)
        default: return CourseVector(x: s, y: -c)
        }
    }

    /// The unit vector of `degrees` (any integer; reduced modulo 360).
    @inlinable
    public static func unitVector(degrees: Int) -> CourseVector {
        let reduced = ((degrees % 360) + 360) % 360
        return unitVectors[reduced]
    }

    /// sin(degrees) for 0...90 degrees in Q16, rounded to nearest.
    static func sineQ16(degrees: Int) -> Int64 {
        let q30: Int64 = 1 << 30
        // pi in Q30, rounded: 3.14159265358979... * 2^30.
        let piQ30: Int64 = 3_373_259_426
        let x = Int64(degrees) * piQ30 / 180
        let xSquared = FixedMath.multiplyDivide(x, x, q30)
        var term = x
        var sum = x
        // Terms up to x^17/17!: below 1e-9 at x = pi/2, far under Q16's step.
        for k in 1...8 {
            let k2 = Int64(2 * k)
            term = -FixedMath.multiplyDivide(term, xSquared, q30 * k2 * (k2 + 1))
            sum += term
        }
        return (sum + (1 << 13)) >> 14
    }
}
