/// An axis-aligned rectangle in points: an origin (its top-leading corner)
/// and a size.
///
/// Sizes are expected to be non-negative; a zero width or height is a valid
/// rectangle (the flat fold is a zero-width line). It encodes as
/// `{"x", "y", "width", "height"}`, the form every JSON output uses.
public struct Rect: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The top-leading corner.
    public var origin: Point
    /// The extent.
    public var size: Size

    /// Makes a rectangle from its corner and size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Makes a rectangle from its four numbers.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// A rectangle at the origin with `size`.
    public init(size: Size) {
        self.init(origin: .zero, size: size)
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The left (low-x) edge.
    public var minX: Double { origin.x }
    /// The horizontal centre.
    public var midX: Double { origin.x + size.width / 2 }
    /// The right (high-x) edge.
    public var maxX: Double { origin.x + size.width }
    /// The top edge.
    public var minY: Double { origin.y }
    /// The vertical centre.
    public var midY: Double { origin.y + size.height / 2 }
    /// The bottom edge.
    public var maxY: Double { origin.y + size.height }
    /// The horizontal extent.
    public var width: Double { size.width }
    /// The vertical extent.
    public var height: Double { size.height }
    /// The centre point.
    public var center: Point { Point(x: midX, y: midY) }
    /// Whether the rectangle covers no area (zero width or zero height).
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }
    /// The area in square points.
    public var area: Double { isEmpty ? 0 : size.width * size.height }

    /// Whether `point` lies inside; the top and leading edges count, the
    /// bottom and trailing edges do not (so adjacent rectangles never share a point).
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// Whether `other` lies wholly inside this rectangle (edges may touch).
    public func contains(_ other: Rect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// Whether the two rectangles share some area. Rectangles that only
    /// touch along an edge do not intersect, and an empty rectangle
    /// intersects nothing.
    public func intersects(_ other: Rect) -> Bool {
        !isEmpty && !other.isEmpty
            && minX < other.maxX && other.minX < maxX
            && minY < other.maxY && other.minY < maxY
    }

    /// The common part of the two rectangles, or nil when they share no area.
    public func intersection(_ other: Rect) -> Rect? {
        guard intersects(other) else { return nil }
        let x0 = max(minX, other.minX)
        let y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX)
        let y1 = min(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle holding both.
    public func union(_ other: Rect) -> Rect {
        let x0 = min(minX, other.minX)
        let y0 = min(minY, other.minY)
        let x1 = max(maxX, other.maxX)
        let y1 = max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The rectangle moved by `dx` and `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(origin: origin.offsetBy(dx: dx, dy: dy), size: size)
    }

    /// The rectangle shrunk by `dx` on the left and right and `dy` on the top
    /// and bottom (grown when negative); never below zero size.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(
            x: origin.x + dx, y: origin.y + dy,
            width: max(0, size.width - 2 * dx), height: max(0, size.height - 2 * dy)
        )
    }

    /// The rectangle shrunk by `insets` (leading = low x); never below zero size.
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(
            x: origin.x + insets.leading, y: origin.y + insets.top,
            width: max(0, size.width - insets.horizontal), height: max(0, size.height - insets.vertical)
        )
    }

    /// The rectangle mirrored left-to-right inside a container `containerWidth`
    /// wide: x' = containerWidth - x - width.
    public func mirroredHorizontally(inWidth containerWidth: Double) -> Rect {
        Rect(x: containerWidth - origin.x - size.width, y: origin.y, width: size.width, height: size.height)
    }

    /// `(x, y, w, h)`.
    public var description: String {
        "(\(formatPoints(minX)), \(formatPoints(minY)), \(formatPoints(width)), \(formatPoints(height)))"
    }

    private enum CodingKeys: String, CodingKey { case x, y, width, height }

    /// Decodes `{"x", "y", "width", "height"}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            x: try container.decode(Double.self, forKey: .x),
            y: try container.decode(Double.self, forKey: .y),
            width: try container.decode(Double.self, forKey: .width),
            height: try container.decode(Double.self, forKey: .height)
        )
    }

    /// Encodes `{"x", "y", "width", "height"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(minX, forKey: .x)
        try container.encode(minY, forKey: .y)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
    }
}
