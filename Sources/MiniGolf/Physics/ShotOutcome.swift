/// What the physics made of one shot.
public struct ShotOutcome: Hashable, Sendable {
    /// How the shot ended.
    public var end: ShotEnd
    /// Where the ball ended: at rest, the cup's centre when holed, or where it
    /// was lost (the rules put it back where it was played from).
    public var position: CourseVector
    /// How many ticks the shot lasted.
    public var ticks: Int
    /// How many times the ball bounced off a wall.
    public var wallHits: Int

    /// Makes an outcome.
    public init(end: ShotEnd, position: CourseVector, ticks: Int, wallHits: Int) {
        self.end = end
        self.position = position
        self.ticks = ticks
        self.wallHits = wallHits
    }
}
