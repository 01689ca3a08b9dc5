/// What a simulated camera sees: a generated scene drawn level with the
/// world, then turned the way the camera's sensor delivers it, so a wrong
/// rotation or mirror shows in the pixels.
///
/// The scene, upright: sky above the horizon (the middle row), ground
/// below, a white triangle in the middle pointing up, a sun in the sky on
/// the camera's right (so a mirrored image has it on the left), and the
/// camera's name written on the ground. A covered camera (under the inner
/// display of the closed device) sees only dark grey.
public enum SyntheticScene {
    /// The sensor image's size: landscape, as camera sensors are.
    public static let sensorWidth = 160
    /// The sensor image's height.
    public static let sensorHeight = 120

    /// The sky, above the horizon.
    public static let sky = RGBAColor(red: 90, green: 160, blue: 235)
    /// The ground, below the horizon.
    public static let ground = RGBAColor(red: 70, green: 140, blue: 60)
    /// The up-pointing marker in the middle.
    public static let marker = RGBAColor(red: 255, green: 255, blue: 255)
    /// The sun, in the sky on the camera's right: it tells a mirrored image from a true one.
    public static let sun = RGBAColor(red: 255, green: 210, blue: 0)
    /// The camera's name, written on the ground.
    public static let label = RGBAColor(red: 0, green: 0, blue: 0)
    /// What a covered camera sees (the inside of the closed body).
    public static let covered = RGBAColor(red: 12, green: 12, blue: 12)

    /// The scene drawn upright (sky on top, sun on the right) at `width` x `height`.
    public static func upright(width: Int, height: Int, label: String) -> CameraFrame {
        var frame = CameraFrame(width: width, height: height, color: ground)
        let horizon = height / 2
        for y in 0..<horizon {
            for x in 0..<width { frame.set(x: x, y: y, to: sky) }
        }
        drawSun(into: &frame)
        drawMarker(into: &frame)
        drawLabel(label, into: &frame)
        return frame
    }

    /// The image a camera's sensor delivers when the world's up lies toward
    /// `worldUp` in it: the upright scene turned so its top is there. The
    /// result is landscape (``sensorWidth`` x ``sensorHeight``).
    public static func sensorImage(worldUp: ImageDirection, label: String) -> CameraFrame {
        // The turn that takes the upright scene's top to `worldUp`.
        let turn = ImageDirection.up.rotation(to: worldUp)
        let sideways = turn.quarterTurns % 2 == 1
        let upright = upright(
            width: sideways ? sensorHeight : sensorWidth,
            height: sideways ? sensorWidth : sensorHeight,
            label: label
        )
        return upright.rotated(by: turn)
    }

    /// What a covered camera delivers.
    public static func coveredImage() -> CameraFrame {
        CameraFrame(width: sensorWidth, height: sensorHeight, color: covered)
    }

    private static func drawSun(into frame: inout CameraFrame) {
        let radius = max(2, min(frame.width, frame.height) / 12)
        let cx = frame.width * 4 / 5
        let cy = frame.height / 5
        for y in (cy - radius)...(cy + radius) {
            for x in (cx - radius)...(cx + radius) where (x - cx) * (x - cx) + (y - cy) * (y - cy) <= radius * radius {
                frame.set(x: x, y: y, to: sun)
            }
        }
    }

    /// An isosceles triangle, apex up, centred on the frame's centre.
    private static func drawMarker(into frame: inout CameraFrame) {
        let size = min(frame.width, frame.height)
        let apexY = frame.height / 2 - size / 5
        let baseY = frame.height / 2 + size / 10
        let halfBase = size / 7
        let cx = frame.width / 2
        for y in apexY...baseY {
            let progress = Double(y - apexY) / Double(max(1, baseY - apexY))
            let half = Int((Double(halfBase) * progress).rounded())
            for x in (cx - half)...(cx + half) { frame.set(x: x, y: y, to: marker) }
        }
    }

    private static func drawLabel(_ label: String, into frame: inout CameraFrame) {
        let text = String(label.prefix(max(0, (frame.width - 4 + 1) / PixelFont.advance)))
        let left = (frame.width - PixelFont.width(of: text)) / 2
        let top = frame.height - PixelFont.glyphHeight - max(2, frame.height / 16)
        for (index, character) in text.enumerated() {
            for (row, bits) in PixelFont.rows(of: character).enumerated() {
                for column in 0..<PixelFont.glyphWidth where bits & (1 << (PixelFont.glyphWidth - 1 - column)) != 0 {
                    frame.set(x: left + index * PixelFont.advance + column, y: top + row, to: Self.label)
                }
            }
        }
    }
}
