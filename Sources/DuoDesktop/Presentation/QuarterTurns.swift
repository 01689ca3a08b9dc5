/// A rotation by a multiple of 90 degrees, clockwise on screen.
public struct QuarterTurns: Sendable, Hashable {
    /// 0, 1, 2 or 3 quarter turns.
    public let count: Int

    /// A rotation of `count` quarter turns (any integer, taken modulo 4).
    public init(_ count: Int) { self.count = ((count % 4) + 4) % 4 }

    /// No rotation.
    public static let none = QuarterTurns(0)

    /// Whether width and height swap.
    public var swapsAxes: Bool { count % 2 == 1 }

    /// A point of a `width` x `height` area, turned into the turned area's coordinates.
    public func apply(x: Double, y: Double, width: Double, height: Double) -> (x: Double, y: Double) {
        switch count {
        case 1: return (height - y, x)
        case 2: return (width - x, height - y)
        case 3: return (y, width - x)
        default: return (x, y)
        }
    }

    /// The point of the original `width` x `height` area that ``apply(x:y:width:height:)`` sent to (`x`, `y`).
    public func invert(x: Double, y: Double, width: Double, height: Double) -> (x: Double, y: Double) {
        switch count {
        case 1: return (y, height - x)
        case 2: return (width - x, height - y)
        case 3: return (width - y, x)
        default: return (x, y)
        }
    }
}
