/// A width and a height in points.
public struct Size: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// Makes a size from its two extents.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// No extent at all.
    public static let zero = Size(width: 0, height: 0)

    /// The same size turned a quarter turn (width and height swapped).
    public var transposed: Size { Size(width: height, height: width) }

    /// Whether the width is larger than the height (a square is not).
    public var isWiderThanTall: Bool { width > height }

    /// Whether the height is larger than the width (a square is not).
    public var isTallerThanWide: Bool { height > width }

    /// `W x H`.
    public var description: String { "\(formatPoints(width)) x \(formatPoints(height))" }
}
