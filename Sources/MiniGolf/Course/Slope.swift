/// A sloped area of a hole: while the ball's centre is inside it, gravity
/// pulls the ball along `fall`.
///
/// JSON: `{"area": {...}, "fall": [ax, ay]}` with `fall` in cm/s² (the
/// downhill direction and strength; a green's rolling friction is about 45).
public struct Slope: Hashable, Sendable, Codable {
    /// Where the slope is.
    public var area: AreaShape
    /// The acceleration downhill, in cm/s², as `[x, y]`.
    public var fall: CoursePoint

    /// Makes a slope.
    public init(area: AreaShape, fall: CoursePoint) {
        self.area = area
        self.fall = fall
    }
}
