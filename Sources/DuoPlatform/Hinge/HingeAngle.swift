/// An angle of the hinge: 0 degrees is shut, 180 degrees is flat on the Duo.
///
/// Encodes as a bare number of degrees.
public struct HingeAngle: Codable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The angle in degrees.
    public var degrees: Double

    /// Makes an angle from degrees.
    public init(degrees: Double) {
        self.degrees = degrees
    }

    /// Makes an angle from radians.
    public init(radians: Double) {
        self.degrees = radians * 180 / .pi
    }

    /// The angle in radians.
    public var radians: Double { degrees * .pi / 180 }

    /// Shut.
    public static let zero = HingeAngle(degrees: 0)

    /// Orders by degrees.
    public static func < (lhs: HingeAngle, rhs: HingeAngle) -> Bool { lhs.degrees < rhs.degrees }

    /// `110 deg`.
    public var description: String { "\(formatPoints(degrees)) deg" }

    /// Decodes a bare number of degrees.
    public init(from decoder: any Decoder) throws {
        degrees = try decoder.singleValueContainer().decode(Double.self)
    }

    /// Encodes a bare number of degrees.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(degrees)
    }
}
