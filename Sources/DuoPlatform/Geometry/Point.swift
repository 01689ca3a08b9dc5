/// A position in points, with y growing downwards (screen convention).
public struct Point: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate, growing downwards.
    public var y: Double

    /// Makes a point from its two coordinates.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, (0, 0).
    public static let zero = Point(x: 0, y: 0)

    /// This point moved by `dx` and `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Point {
        Point(x: x + dx, y: y + dy)
    }

    /// `(x, y)`, with the shortest exact spelling of each number.
    public var description: String { "(\(formatPoints(x)), \(formatPoints(y)))" }
}

/// A number of points written without a useless `.0` (`466`, `12.5`).
func formatPoints(_ value: Double) -> String {
    if value.rounded() == value, abs(value) < 1e15 {
        return String(Int(value))
    }
    return String(value)
}
