import DuoPlatform
import Foundation
import MiniGolf

/// The aim as the player reads it on the board: a bearing in whole degrees
/// clockwise from straight up the screen as the player sits (0° away from
/// them, 90° to their right, 180° back towards them, 270° to their left),
/// whichever way the hole is drawn. A stroke's own angle is in course
/// coordinates (0 along +x, 90 along +y), which read as nothing a player sees
/// once the hole is drawn turned: a shot to the right read 270°.
enum AimReadout {
    /// The bearing of `shot` as drawn on `view`, 0..<360.
    static func bearing(of shot: MiniGolfShot, on view: CourseViewport) -> Int {
        // Upright, course +x is screen right (90°); turned a quarter anticlockwise, course +x is screen down (180°).
        ((shot.angle + (view.isTurned ? 180 : 90)) % 360 + 360) % 360
    }

    /// The label beside the aim line: bearing and power, "90° 45%".
    static func label(for shot: MiniGolfShot, on view: CourseViewport) -> String {
        "\(bearing(of: shot, on: view))° \(shot.power)%"
    }

    /// The size of the widest label at the painter's style, in points, with room to spare
    /// ("359° 100%" at 11.5 pt bold is about 65 by 15): what the banner keeps clear of when
    /// it cannot measure.
    static let largestLabelSize = Size(width: 90, height: 20)

    /// Where the aim line of `shot` from `ball` ends, in view points.
    static func lineEnd(of shot: MiniGolfShot, from ball: Point, on view: CourseViewport) -> Point {
        let (dx, dy) = direction(of: shot, on: view)
        let length = lineLength(of: shot)
        return Point(x: ball.x + dx * length, y: ball.y + dy * length)
    }

    /// Where the label of `shot` from `ball`, `size` points, is drawn: its top-left corner,
    /// beside the line's end on the side away from the ball, kept inside the board.
    static func labelOrigin(of shot: MiniGolfShot, from ball: Point, on view: CourseViewport, size: Size) -> Point {
        let (dx, dy) = direction(of: shot, on: view)
        let length = lineLength(of: shot)
        let x = min(max(ball.x + dx * (length + 10) - size.width / 2, view.frame.minX + 4), view.frame.maxX - size.width - 4)
        let y = min(max(ball.y + dy * (length + 10) - size.height / 2, view.frame.minY + 4), view.frame.maxY - size.height - 4)
        return Point(x: x, y: y)
    }

    /// What the aim of `shot` from `ball` draws over the board: the ball, the line and a label
    /// of any size up to ``largestLabelSize`` (with its backing), in view points.
    static func drawnArea(of shot: MiniGolfShot, from ball: Point, on view: CourseViewport, ballRadius: Double) -> Rect {
        let end = lineEnd(of: shot, from: ball, on: view)
        let label = labelOrigin(of: shot, from: ball, on: view, size: largestLabelSize)
        let minX = min(ball.x - ballRadius, end.x - 3, label.x - 3)
        let maxX = max(ball.x + ballRadius, end.x + 3, label.x + largestLabelSize.width + 3)
        let minY = min(ball.y - ballRadius, end.y - 3, label.y - 1)
        let maxY = max(ball.y + ballRadius, end.y + 3, label.y + largestLabelSize.height + 1)
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The aim line's length for a stroke's power, in points.
    static func lineLength(of shot: MiniGolfShot) -> Double { 24 + Double(shot.power) * 1.4 }

    /// The stroke's direction on the screen, a unit vector (a course direction seen on a turned view turns with it).
    static func direction(of shot: MiniGolfShot, on view: CourseViewport) -> (dx: Double, dy: Double) {
        let radians = Double(shot.angle) * .pi / 180
        return view.isTurned ? (-sin(radians), cos(radians)) : (cos(radians), sin(radians))
    }
}
