import DuoPlatform

/// Where a hole's top-down drawing goes inside a board frame: the scale,
/// the offset, and whether the hole is drawn a quarter turn round (a long,
/// narrow hole on a wide board is drawn lying down, cup to the right).
///
/// It maps course centimetres to view points and back, so drawing and
/// aiming agree. Presentation only: nothing here decides a result.
public struct CourseViewport: Sendable, Hashable {
    /// The board frame, in view points.
    public let frame: Rect
    /// The hole's bounds, in centimetres.
    public let bounds: Rect
    /// Whether the hole is drawn a quarter turn anticlockwise (course "up", towards the cup, points right).
    public let isTurned: Bool
    /// Points per centimetre.
    public let scale: Double
    /// The view point of the drawing's top-left corner.
    let origin: Point

    /// Fits `hole` into `frame`, leaving `margin` points on every side, and
    /// turning it when that makes it bigger.
    public init(hole: HoleLayout, in frame: Rect, margin: Double = 8) {
        let xs = hole.boundary.map { Double($0.x) }
        let ys = hole.boundary.map { Double($0.y) }
        let bounds = Rect(
            x: xs.min() ?? 0, y: ys.min() ?? 0,
            width: max(1, (xs.max() ?? 1) - (xs.min() ?? 0)), height: max(1, (ys.max() ?? 1) - (ys.min() ?? 0)))
        let inner = Rect(
            x: frame.minX + margin, y: frame.minY + margin,
            width: max(1, frame.width - 2 * margin), height: max(1, frame.height - 2 * margin))
        let upright = min(inner.width / bounds.width, inner.height / bounds.height)
        let turned = min(inner.width / bounds.height, inner.height / bounds.width)
        self.frame = frame
        self.bounds = bounds
        isTurned = turned > upright * 1.05
        scale = isTurned ? turned : upright
        let drawnWidth = (isTurned ? bounds.height : bounds.width) * scale
        let drawnHeight = (isTurned ? bounds.width : bounds.height) * scale
        origin = Point(x: inner.midX - drawnWidth / 2, y: inner.midY - drawnHeight / 2)
    }

    /// The view point of the course point (`x`, `y`) in centimetres.
    public func point(x: Double, y: Double) -> Point {
        if isTurned {
            return Point(x: origin.x + (bounds.maxY - y) * scale, y: origin.y + (x - bounds.minX) * scale)
        }
        return Point(x: origin.x + (x - bounds.minX) * scale, y: origin.y + (y - bounds.minY) * scale)
    }

    /// The view point of a fixed-point course vector.
    public func point(_ vector: CourseVector) -> Point {
        let (x, y) = vector.centimetres
        return point(x: x, y: y)
    }

    /// The course point, in centimetres, under a view point.
    public func coursePoint(_ point: Point) -> (x: Double, y: Double) {
        let u = (point.x - origin.x) / scale
        let v = (point.y - origin.y) / scale
        if isTurned { return (bounds.minX + v, bounds.maxY - u) }
        return (bounds.minX + u, bounds.minY + v)
    }

    /// A length in centimetres as view points.
    public func length(_ centimetres: Double) -> Double { centimetres * scale }
}
