/// One straight piece of wall, with what the collision test needs precomputed.
public struct WallSegment: Sendable, Equatable {
    /// One end.
    public let start: CourseVector
    /// The other end.
    public let end: CourseVector
    /// `end - start`.
    public let direction: CourseVector
    /// The squared length (never 0: the rules refuse zero-length walls).
    public let lengthSquared: Int64
    @usableFromInline let minX: Int64
    @usableFromInline let minY: Int64
    @usableFromInline let maxX: Int64
    @usableFromInline let maxY: Int64

    /// The segment from `start` to `end`.
    public init(from start: CourseVector, to end: CourseVector) {
        self.start = start
        self.end = end
        direction = end - start
        lengthSquared = direction.lengthSquared
        minX = min(start.x, end.x)
        minY = min(start.y, end.y)
        maxX = max(start.x, end.x)
        maxY = max(start.y, end.y)
    }

    /// Whether a disc of `radius` about `point` could touch the segment (a
    /// bounding-box test that skips most walls cheaply).
    @inlinable
    public func mayTouch(_ point: CourseVector, radius: Int64) -> Bool {
        point.x + radius >= minX && point.x - radius <= maxX && point.y + radius >= minY && point.y - radius <= maxY
    }

    /// The point of the segment nearest to `point`, rounded toward the start.
    @inlinable
    public func closestPoint(to point: CourseVector) -> CourseVector {
        let along = (point - start).dot(direction)
        if along <= 0 { return start }
        if along >= lengthSquared { return end }
        return start + direction.scaled(by: along, over: lengthSquared)
    }

    /// Whether the segment from `a` to `b` crosses this one (touching counts).
    public func intersects(_ a: CourseVector, _ b: CourseVector) -> Bool {
        func side(_ p: CourseVector, _ q: CourseVector, _ r: CourseVector) -> Int64 {
            let value = (q - p).cross(r - p)
            return value > 0 ? 1 : (value < 0 ? -1 : 0)
        }
        let d1 = side(a, b, start)
        let d2 = side(a, b, end)
        let d3 = side(start, end, a)
        let d4 = side(start, end, b)
        if d1 * d2 < 0 && d3 * d4 < 0 { return true }
        func onSegment(_ p: CourseVector, _ q: CourseVector, _ r: CourseVector) -> Bool {
            min(p.x, q.x) <= r.x && r.x <= max(p.x, q.x) && min(p.y, q.y) <= r.y && r.y <= max(p.y, q.y)
        }
        return (d1 == 0 && onSegment(a, b, start)) || (d2 == 0 && onSegment(a, b, end))
            || (d3 == 0 && onSegment(start, end, a)) || (d4 == 0 && onSegment(start, end, b))
    }
}
