/// Distances in from the four edges of a rectangle, in points.
///
/// `leading` and `trailing` are the low-x and high-x edges of the rectangle
/// in the coordinates it is expressed in: in a left-to-right layout (or any
/// `.fixed` frame) leading is the left edge; a mirrored right-to-left frame
/// carries its insets mirrored too, so leading stays the low-x edge.
public struct EdgeInsets: Codable, Hashable, Sendable, CustomStringConvertible {
    /// Distance in from the top edge.
    public var top: Double
    /// Distance in from the leading (low-x) edge.
    public var leading: Double
    /// Distance in from the bottom edge.
    public var bottom: Double
    /// Distance in from the trailing (high-x) edge.
    public var trailing: Double

    /// Makes insets from the four distances.
    public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// The same distance on every edge.
    public init(all value: Double) {
        self.init(top: value, leading: value, bottom: value, trailing: value)
    }

    /// No inset on any edge.
    public static let zero = EdgeInsets(all: 0)

    /// The sum of the leading and trailing insets.
    public var horizontal: Double { leading + trailing }

    /// The sum of the top and bottom insets.
    public var vertical: Double { top + bottom }

    /// The insets with leading and trailing swapped, as a horizontal mirror does.
    public var mirroredHorizontally: EdgeInsets {
        EdgeInsets(top: top, leading: trailing, bottom: bottom, trailing: leading)
    }

    /// `top/leading/bottom/trailing`.
    public var description: String {
        "(top \(formatPoints(top)), leading \(formatPoints(leading)), bottom \(formatPoints(bottom)), trailing \(formatPoints(trailing)))"
    }
}
