/// An area of a hole in fixed-point units, ready for the per-tick
/// "is the ball's centre inside?" test the physics asks.
public struct CourseArea: Sendable, Equatable {
    /// The area's outline.
    public enum Outline: Sendable, Equatable {
        /// An axis-aligned box (its bounds are the box).
        case box
        /// A disc of `radiusSquared` about `centre`.
        case disc(centre: CourseVector, radiusSquared: Int64)
        /// A simple polygon, corners in order.
        case polygon([CourseVector])
    }

    /// The outline.
    public let outline: Outline
    /// The smallest x inside (or on) the area.
    public let minX: Int64
    /// The smallest y inside (or on) the area.
    public let minY: Int64
    /// The largest x of the area's bounds.
    public let maxX: Int64
    /// The largest y of the area's bounds.
    public let maxY: Int64

    /// Compiles a data shape.
    public init(_ shape: AreaShape) {
        switch shape {
        case .rect(let x, let y, let width, let height):
            self.init(
                outline: .box,
                minX: FixedMath.units(centimetres: x), minY: FixedMath.units(centimetres: y),
                maxX: FixedMath.units(centimetres: x + width), maxY: FixedMath.units(centimetres: y + height))
        case .circle(let x, let y, let radius):
            let centre = CourseVector(centimetres: x, y)
            let r = FixedMath.units(centimetres: radius)
            self.init(
                outline: .disc(centre: centre, radiusSquared: r * r),
                minX: centre.x - r, minY: centre.y - r, maxX: centre.x + r, maxY: centre.y + r)
        case .polygon(let points):
            self.init(polygon: points.map(\.vector))
        }
    }

    /// A polygon area from corners in fixed-point units.
    public init(polygon corners: [CourseVector]) {
        self.init(
            outline: .polygon(corners),
            minX: corners.map(\.x).min() ?? 0, minY: corners.map(\.y).min() ?? 0,
            maxX: corners.map(\.x).max() ?? 0, maxY: corners.map(\.y).max() ?? 0)
    }

    private init(outline: Outline, minX: Int64, minY: Int64, maxX: Int64, maxY: Int64) {
        self.outline = outline
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// Whether `point` is inside: boxes include their top and left edges,
    /// discs their rim; polygons use the even-odd rule. Exact integer tests.
    @inlinable
    public func contains(_ point: CourseVector) -> Bool {
        guard point.x >= minX, point.x <= maxX, point.y >= minY, point.y <= maxY else { return false }
        switch outline {
        case .box:
            return point.x < maxX && point.y < maxY
        case .disc(let centre, let radiusSquared):
            return (point - centre).lengthSquared <= radiusSquared
        case .polygon(let corners):
            var inside = false
            var previous = corners[corners.count - 1]
            for corner in corners {
                if (corner.y > point.y) != (previous.y > point.y) {
                    // Does the edge cross the horizontal ray to the right of the point?
                    // Compare x coordinates cross-multiplied, minding the sign of dy.
                    let dy = previous.y - corner.y
                    let lhs = (point.x - corner.x) * dy
                    let rhs = (point.y - corner.y) * (previous.x - corner.x)
                    if dy > 0 ? lhs < rhs : lhs > rhs { inside.toggle() }
                }
                previous = corner
            }
            return inside
        }
    }
}
