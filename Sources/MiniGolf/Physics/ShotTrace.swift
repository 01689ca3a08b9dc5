/// Receives the ball's position after every tick of a simulated shot: how a
/// front end animates a shot it re-simulates from a move (the physics is
/// deterministic, so the path need not be sent anywhere).
public protocol ShotTrace {
    /// The ball is at `position` after tick `tick` (counting from 1).
    mutating func ballMoved(to position: CourseVector, tick: Int)
}

/// The trace that keeps nothing: rules and bots simulate with it.
public struct NoShotTrace: ShotTrace {
    /// Makes the empty trace.
    @inlinable public init() {}
    /// Does nothing.
    @inlinable public mutating func ballMoved(to position: CourseVector, tick: Int) {}
}

/// The trace that keeps every position, for drawing a shot.
public struct ShotPath: ShotTrace, Sendable, Equatable {
    /// The ball's position after each tick, in order.
    public private(set) var positions: [CourseVector] = []

    /// An empty path.
    public init() {}

    /// Appends the position.
    public mutating func ballMoved(to position: CourseVector, tick: Int) { positions.append(position) }
}
