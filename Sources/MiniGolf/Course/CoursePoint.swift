/// A point of a course's data, in whole centimetres; written in JSON as `[x, y]`.
///
/// The y axis points down the page (the course is drawn as it is written).
public struct CoursePoint: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Centimetres from the left edge.
    public var x: Int
    /// Centimetres from the top edge.
    public var y: Int

    /// Makes a point from whole centimetres.
    public init(_ x: Int, _ y: Int) {
        self.x = x
        self.y = y
    }

    /// The point in fixed-point physics units.
    public var vector: CourseVector { CourseVector(centimetres: x, y) }

    /// Decodes `[x, y]`.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        if let count = container.count, count != 2 {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "a point is [x, y], found \(count) numbers"))
        }
        x = try container.decode(Int.self)
        y = try container.decode(Int.self)
    }

    /// Encodes `[x, y]`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(x)
        try container.encode(y)
    }

    /// "[x, y]".
    public var description: String { "[\(x), \(y)]" }
}
