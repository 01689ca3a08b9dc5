/// A point or a vector on the course in fixed-point units (1/4096 cm):
/// ball positions, velocities (units per tick) and accelerations (per tick²).
///
/// The y axis points down the page, as the course is drawn: a direction of
/// 0 degrees is +x, 90 degrees is +y.
@frozen
public struct CourseVector: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The x component.
    public var x: Int64
    /// The y component.
    public var y: Int64

    /// Makes a vector from its components in fixed-point units.
    @inlinable public init(x: Int64, y: Int64) {
        self.x = x
        self.y = y
    }

    /// The vector of whole centimetres `x`, `y`.
    @inlinable public init(centimetres x: Int, _ y: Int) {
        self.x = FixedMath.units(centimetres: x)
        self.y = FixedMath.units(centimetres: y)
    }

    /// The zero vector.
    public static let zero = CourseVector(x: 0, y: 0)

    /// Component-wise sum.
    @inlinable public static func + (lhs: CourseVector, rhs: CourseVector) -> CourseVector {
        CourseVector(x: lhs.x + rhs.x, y: lhs.y + rhs.y)
    }

    /// Component-wise difference.
    @inlinable public static func - (lhs: CourseVector, rhs: CourseVector) -> CourseVector {
        CourseVector(x: lhs.x - rhs.x, y: lhs.y - rhs.y)
    }

    /// Adds `rhs` in place.
    @inlinable public static func += (lhs: inout CourseVector, rhs: CourseVector) {
        lhs.x += rhs.x
        lhs.y += rhs.y
    }

    /// The dot product.
    @inlinable public func dot(_ other: CourseVector) -> Int64 { x * other.x + y * other.y }

    /// The z component of the cross product: positive when `other` turns
    /// clockwise on the page from `self` (y points down).
    @inlinable public func cross(_ other: CourseVector) -> Int64 { x * other.y - y * other.x }

    /// The squared length.
    @inlinable public var lengthSquared: Int64 { x * x + y * y }

    /// The length, rounded down.
    @inlinable public var length: Int64 { FixedMath.squareRoot(lengthSquared) }

    /// The vector scaled by `numerator / denominator`, each component rounded toward zero.
    @inlinable public func scaled(by numerator: Int64, over denominator: Int64) -> CourseVector {
        CourseVector(
            x: FixedMath.multiplyDivide(x, numerator, denominator),
            y: FixedMath.multiplyDivide(y, numerator, denominator))
    }

    /// The position in centimetres, for drawing and text (never for rules).
    public var centimetres: (x: Double, y: Double) {
        (Double(x) / Double(FixedMath.unitsPerCentimetre), Double(y) / Double(FixedMath.unitsPerCentimetre))
    }

    /// "(12.50, 300.00) cm".
    public var description: String {
        let (cx, cy) = centimetres
        return "(\(Self.format(cx)), \(Self.format(cy))) cm"
    }

    /// Two decimals, without Foundation's locale-dependent formatting.
    static func format(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = abs(hundredths)
        let fraction = magnitude % 100
        return "\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
