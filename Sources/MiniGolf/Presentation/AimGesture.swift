import DuoPlatform
import Foundation

/// Turns a drag on the course into a stroke, like a slingshot: pull back
/// from where the finger went down, and the ball goes the other way, harder
/// the further the pull. The stroke is whole degrees and whole percent, so
/// what is recorded is exactly what the physics plays.
public struct AimGesture: Sendable, Hashable {
    /// The pull, in view points, that gives full power.
    public var fullPowerPull: Double
    /// Where the drag started, in view points.
    public var start: Point
    /// Where the finger is now.
    public var current: Point

    /// A drag that started at `start`.
    public init(start: Point, fullPowerPull: Double = 160) {
        self.start = start
        self.current = start
        self.fullPowerPull = fullPowerPull
    }

    /// The stroke the drag gives on `viewport`'s course, or nil while the
    /// pull is too short to mean anything (a tap, or a drag taken back).
    public func shot(on viewport: CourseViewport) -> MiniGolfShot? {
        let from = viewport.coursePoint(current)
        let to = viewport.coursePoint(start)
        let dx = to.x - from.x
        let dy = to.y - from.y
        let pull = hypot(current.x - start.x, current.y - start.y)
        let power = Int((pull / fullPowerPull * 100).rounded())
        guard power >= 1 else { return nil }
        return MiniGolfShot(angle: Self.degrees(dx: dx, dy: dy), power: min(100, power))
    }

    /// The whole degree of a course direction (0 along +x, 90 along +y).
    public static func degrees(dx: Double, dy: Double) -> Int {
        let degrees = Int((atan2(dy, dx) * 180 / .pi).rounded())
        return ((degrees % 360) + 360) % 360
    }
}
