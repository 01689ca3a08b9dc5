/// A stroke replayed for the eye: the front end re-simulates the last shot
/// from its record (the physics is deterministic, so this is exactly the
/// path the rules computed) and shows the ball's position at any moment.
public struct ShotAnimation: Sendable, Equatable {
    /// The shot animated.
    public let record: ShotRecord
    /// The ball's position after each tick.
    public let path: [CourseVector]
    /// Ticks per second of the course's physics.
    public let ticksPerSecond: Int
    /// Playback speed: 1 is real time.
    public var speed: Double

    /// The animation of `record`, re-simulated on `game`'s course.
    public init(record: ShotRecord, game: MiniGolf, speed: Double = 1.5) {
        var trace = ShotPath()
        _ = game.simulators[record.hole].simulate(from: record.from, shot: record.shot, trace: &trace)
        self.record = record
        path = trace.positions
        ticksPerSecond = game.physics.ticksPerSecond
        self.speed = speed
    }

    /// How long it lasts, in seconds.
    public var duration: Double { Double(path.count) / Double(ticksPerSecond) / speed }

    /// Whether the animation is over after `elapsed` seconds.
    public func isFinished(after elapsed: Double) -> Bool { elapsed >= duration }

    /// Where the ball is after `elapsed` seconds (where it ended, once over).
    public func position(after elapsed: Double) -> CourseVector {
        guard !path.isEmpty else { return record.from }
        let tick = Int(elapsed * Double(ticksPerSecond) * speed)
        if tick <= 0 { return record.from }
        return path[min(tick, path.count) - 1]
    }
}
