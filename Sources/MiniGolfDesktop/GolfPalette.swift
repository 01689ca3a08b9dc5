import DuoDesktop
import DuoPlatform

/// The colours of mini golf at the desktop.
public enum GolfPalette {
    /// The panel lying flat (under the course).
    public static let flatPanel = RGBAColor(hex: 0x10291B)
    /// The panel standing upright (behind the caddie view).
    public static let uprightPanel = RGBAColor(hex: 0x0C1F15)
    /// Ground around the course, from above.
    public static let rough = RGBAColor(hex: 0x27502F)
    /// The playing surface.
    public static let green = RGBAColor(hex: 0x4E9F4A)
    /// A sloped part of the green.
    public static let slope = RGBAColor(hex: 0x6DB85E)
    /// Slope arrows.
    public static let slopeArrow = RGBAColor(hex: 0x2F6E33, alpha: 200)
    /// Sand.
    public static let sand = RGBAColor(hex: 0xE2CB8A)
    /// Water.
    public static let water = RGBAColor(hex: 0x2F7FC1)
    /// Walls, from above.
    public static let wall = RGBAColor(hex: 0x8A5A35)
    /// A wall's face in the caddie view.
    public static let wallFace = RGBAColor(hex: 0xA36C40)
    /// The cup.
    public static let cup = RGBAColor(hex: 0x0B0F0B)
    /// The tee marker.
    public static let tee = RGBAColor(hex: 0xD8E8D0, alpha: 140)
    /// The flag.
    public static let flag = RGBAColor(hex: 0xE53935)
    /// The flagstick.
    public static let pole = RGBAColor(hex: 0xF4F4F4)
    /// A ball.
    public static let ball = RGBAColor(hex: 0xFFFFFF)
    /// Each seat's ring round its ball.
    public static let seatRing = [RGBAColor(hex: 0xFFC928), RGBAColor(hex: 0xFF6F61)]
    /// The aim line.
    public static let aim = RGBAColor(hex: 0xFFF176)
    /// Sky at the top of the caddie view.
    public static let skyTop = RGBAColor(hex: 0x5E9ED6)
    /// Sky at the horizon.
    public static let skyHorizon = RGBAColor(hex: 0xCFE6F5)
    /// Ground beyond the course, in the caddie view.
    public static let farRough = RGBAColor(hex: 0x2E5E34)
    /// The lens glare.
    public static let glare = RGBAColor(hex: 0xFFF6D8)
}
