import DuoPlatform

/// How a string is drawn: size in points, weight and colour.
public struct TextStyle: Sendable, Hashable {
    /// Font size in points (the canvas scales it to pixels).
    public var size: Double
    /// Bold face rather than regular.
    public var bold: Bool
    /// Text colour.
    public var color: RGBAColor

    /// A style from its parts.
    public init(size: Double, bold: Bool = false, color: RGBAColor) {
        self.size = size
        self.bold = bold
        self.color = color
    }
}

/// Where a string sits relative to the point it is drawn at.
public enum TextAlignment: Sendable {
    /// The point is the text's top-left corner.
    case topLeading
    /// The point is the text's centre.
    case center
    /// The point is the middle of the text's left edge.
    case leading
    /// The point is the middle of the text's right edge.
    case trailing
    /// The point is the middle of the text's top edge.
    case top
}
