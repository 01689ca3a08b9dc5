/// A clockwise rotation of an image by a whole number of quarter turns:
/// 0, 90, 180 or 270 degrees, the only angles a capture connection takes.
///
/// Clockwise as the image is looked at (the convention of
/// `videoRotationAngle`): turning an image by 90 brings its left edge to the top.
public struct RotationAngle: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// How many clockwise quarter turns, 0...3.
    public let quarterTurns: Int

    /// The angle of `quarterTurns` clockwise quarter turns, any whole number
    /// (negative turns counter-clockwise), reduced to 0...3.
    public init(quarterTurns: Int) {
        self.quarterTurns = ((quarterTurns % 4) + 4) % 4
    }

    /// The angle of `degrees`, which must be a multiple of 90 (any sign).
    /// - Throws: ``CaptureError/rotationNotAQuarterTurn(degrees:)`` otherwise.
    public init(degrees: Double) throws(CaptureError) {
        guard degrees.isFinite, (degrees / 90).rounded() == degrees / 90, abs(degrees) < 1e9 else {
            throw .rotationNotAQuarterTurn(degrees: degrees)
        }
        self.init(quarterTurns: Int(degrees / 90))
    }

    /// No rotation.
    public static let zero = RotationAngle(quarterTurns: 0)
    /// A quarter turn clockwise.
    public static let degrees90 = RotationAngle(quarterTurns: 1)
    /// A half turn.
    public static let degrees180 = RotationAngle(quarterTurns: 2)
    /// Three quarter turns clockwise (a quarter turn counter-clockwise).
    public static let degrees270 = RotationAngle(quarterTurns: 3)

    /// 0, 90, 180 or 270.
    public var degrees: Int { quarterTurns * 90 }

    /// This rotation followed by `other`.
    public func adding(_ other: RotationAngle) -> RotationAngle {
        RotationAngle(quarterTurns: quarterTurns + other.quarterTurns)
    }

    /// The rotation that undoes this one.
    public var inverse: RotationAngle { RotationAngle(quarterTurns: -quarterTurns) }

    /// Orders by degrees.
    public static func < (lhs: RotationAngle, rhs: RotationAngle) -> Bool { lhs.quarterTurns < rhs.quarterTurns }

    /// `90 deg`.
    public var description: String { "\(degrees) deg" }

    /// Decodes a bare number of degrees (a multiple of 90).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let degrees = try container.decode(Double.self)
        do {
            try self.init(degrees: degrees)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(error)")
        }
    }

    /// Encodes a bare number of degrees.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(degrees)
    }
}
