import DuoPlatform
import Foundation

/// The caddie camera: a perspective camera standing behind the ball, a
/// little above the ground, looking along the line of play (towards the
/// aim, or along the shot while the ball rolls). It turns course points
/// (centimetres, z up) into view points.
///
/// Presentation only, in floating point: it never decides a result.
public struct CaddieCamera: Sendable, Hashable {
    /// The frame the view is drawn in.
    public let viewport: Rect
    /// The eye, in course centimetres (z up).
    public let eye: (x: Double, y: Double, z: Double)
    /// The horizontal direction looked along (a unit vector on the course).
    public let heading: (x: Double, y: Double)
    /// How far the camera looks down, radians.
    public let pitch: Double
    /// Distance from the eye to the image plane, in points.
    public let focalLength: Double

    /// Nothing closer than this (cm, along the view) is drawn.
    public static let nearDistance = 2.0
    /// How far behind the ball the camera stands, cm.
    public static let standBack = 70.0
    /// How high the eye is, cm.
    public static let eyeHeight = 26.0

    /// A camera behind `ball` looking towards `target` (course centimetres), drawing into `viewport`.
    public init(ball: (x: Double, y: Double), toward target: (x: Double, y: Double), viewport: Rect) {
        var dx = target.x - ball.x
        var dy = target.y - ball.y
        let length = hypot(dx, dy)
        if length < 0.001 { (dx, dy) = (0, -1) } else { (dx, dy) = (dx / length, dy / length) }
        heading = (dx, dy)
        eye = (ball.x - dx * Self.standBack, ball.y - dy * Self.standBack, Self.eyeHeight)
        pitch = 12 * Double.pi / 180
        focalLength = viewport.height * 1.25
        self.viewport = viewport
    }

    /// A camera behind `ball` looking along the course direction `degrees`.
    public init(ball: (x: Double, y: Double), degrees: Int, viewport: Rect) {
        let radians = Double(degrees) * .pi / 180
        self.init(ball: ball, toward: (ball.x + cos(radians), ball.y + sin(radians)), viewport: viewport)
    }

    /// Camera-space coordinates of a course point: (right, up, forward).
    public func cameraSpace(x: Double, y: Double, z: Double) -> (right: Double, up: Double, forward: Double) {
        let dx = x - eye.x
        let dy = y - eye.y
        let dz = z - eye.z
        let (c, s) = (cos(pitch), sin(pitch))
        // Facing (hx, hy) on a y-down map, the right hand points along (-hy, hx).
        let right = dx * -heading.y + dy * heading.x
        let forward = (dx * heading.x + dy * heading.y) * c - dz * s
        let up = (dx * heading.x + dy * heading.y) * s + dz * c
        return (right, up, forward)
    }

    /// The view point of a camera-space point in front of the eye.
    func project(_ point: (right: Double, up: Double, forward: Double)) -> Point {
        Point(
            x: viewport.midX + focalLength * point.right / point.forward,
            y: viewport.midY - focalLength * point.up / point.forward)
    }

    /// The view point of a course point, or nil when it is behind the near plane.
    public func project(x: Double, y: Double, z: Double) -> Point? {
        let point = cameraSpace(x: x, y: y, z: z)
        guard point.forward >= Self.nearDistance else { return nil }
        return project(point)
    }

    /// The outline of a course polygon as seen, cut at the near plane
    /// (Sutherland-Hodgman), so a wall running past the camera keeps its near part.
    public func project(polygon corners: [(x: Double, y: Double, z: Double)]) -> [Point] {
        let points = corners.map { cameraSpace(x: $0.x, y: $0.y, z: $0.z) }
        guard var previous = points.last else { return [] }
        var kept: [(right: Double, up: Double, forward: Double)] = []
        for point in points {
            let inside = point.forward >= Self.nearDistance
            let wasInside = previous.forward >= Self.nearDistance
            if inside != wasInside {
                let t = (Self.nearDistance - previous.forward) / (point.forward - previous.forward)
                kept.append(
                    (
                        previous.right + (point.right - previous.right) * t,
                        previous.up + (point.up - previous.up) * t, Self.nearDistance
                    ))
            }
            if inside { kept.append(point) }
            previous = point
        }
        return kept.count >= 3 ? kept.map(project) : []
    }

    /// The distance from the eye to a course point along the ground.
    public func distance(x: Double, y: Double) -> Double { hypot(x - eye.x, y - eye.y) }

    /// The view y of the horizon (where the flat ground meets the sky).
    public var horizonY: Double { viewport.midY - focalLength * tan(pitch) }

    /// Equality of the values that define the camera.
    public static func == (lhs: CaddieCamera, rhs: CaddieCamera) -> Bool {
        lhs.viewport == rhs.viewport && lhs.eye == rhs.eye && lhs.heading == rhs.heading
            && lhs.pitch == rhs.pitch && lhs.focalLength == rhs.focalLength
    }

    /// Hashes the values that define the camera.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(viewport)
        for value in [eye.x, eye.y, eye.z, heading.x, heading.y, pitch, focalLength] { hasher.combine(value) }
    }
}
