/// A sloped area in fixed-point units: the pull it adds to the ball each tick.
public struct SlopeArea: Sendable, Equatable {
    /// Where the slope is.
    public let area: CourseArea
    /// The velocity added per tick while the ball's centre is inside (units per tick²).
    public let pull: CourseVector

    /// Makes a compiled slope.
    public init(area: CourseArea, pull: CourseVector) {
        self.area = area
        self.pull = pull
    }
}
