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
}
