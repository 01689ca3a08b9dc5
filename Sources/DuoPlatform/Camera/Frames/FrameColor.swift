/// An 8-bit RGBA color of a camera frame.
public struct FrameColor: Hashable, Sendable, CustomStringConvertible {
    /// Red.
    public var red: UInt8
    /// Green.
    public var green: UInt8
    /// Blue.
    public var blue: UInt8
    /// Opacity (255 opaque).
    public var alpha: UInt8

    /// Makes a color.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// `#rrggbbaa`.
    public var description: String {
        "#" + [red, green, blue, alpha].map { byte in
            let hex = String(byte, radix: 16)
            return hex.count == 1 ? "0" + hex : hex
        }.joined()
    }
}

extension FrameColor {
    /// The synthetic scene's sky, above the horizon.
    public static let sky = FrameColor(red: 90, green: 160, blue: 235)
    /// The synthetic scene's ground, below the horizon.
    public static let ground = FrameColor(red: 70, green: 140, blue: 60)
    /// The up-pointing marker in the middle of the synthetic scene.
    public static let marker = FrameColor(red: 255, green: 255, blue: 255)
    /// The sun, in the sky on the camera's right: it tells a mirrored image from a true one.
    public static let sun = FrameColor(red: 255, green: 210, blue: 0)
    /// The camera's name, written on the ground.
    public static let label = FrameColor(red: 0, green: 0, blue: 0)
    /// What a covered camera sees (the inside of the closed body).
    public static let covered = FrameColor(red: 12, green: 12, blue: 12)
}
