/// A colour with 8 bits per channel, straight (not premultiplied) alpha:
/// what the desktop draws with and what a simulated camera frame holds.
public struct RGBAColor: Sendable, Hashable, CustomStringConvertible {
    /// Red, 0...255.
    public var red: UInt8
    /// Green, 0...255.
    public var green: UInt8
    /// Blue, 0...255.
    public var blue: UInt8
    /// Opacity, 0 (transparent)...255 (opaque).
    public var alpha: UInt8

    /// A colour from its four channels.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A colour from `0xRRGGBB`, opaque unless `alpha` says otherwise.
    public init(hex: UInt32, alpha: UInt8 = 255) {
        self.init(red: UInt8((hex >> 16) & 0xFF), green: UInt8((hex >> 8) & 0xFF), blue: UInt8(hex & 0xFF), alpha: alpha)
    }

    /// The same colour with another opacity.
    public func withAlpha(_ alpha: UInt8) -> RGBAColor {
        RGBAColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// This colour moved a fraction `amount` (0...1) of the way to `other`, alpha included.
    public func mixed(with other: RGBAColor, amount: Double) -> RGBAColor {
        let t = min(max(amount, 0), 1)
        func channel(_ a: UInt8, _ b: UInt8) -> UInt8 {
            let from = Double(a)
            let step: Double = (Double(b) - from) * t
            return UInt8((from + step).rounded())
        }
        return RGBAColor(
            red: channel(red, other.red), green: channel(green, other.green),
            blue: channel(blue, other.blue), alpha: channel(alpha, other.alpha))
    }

    /// Whether every channel is within `tolerance` of `other`'s.
    public func isClose(to other: RGBAColor, tolerance: Int = 8) -> Bool {
        abs(Int(red) - Int(other.red)) <= tolerance && abs(Int(green) - Int(other.green)) <= tolerance
            && abs(Int(blue) - Int(other.blue)) <= tolerance && abs(Int(alpha) - Int(other.alpha)) <= tolerance
    }

    /// `#rrggbb` or `#rrggbbaa` when not opaque.
    public var description: String {
        func hex(_ value: UInt8) -> String {
            let digits = String(value, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }
        return "#" + hex(red) + hex(green) + hex(blue) + (alpha == 255 ? "" : hex(alpha))
    }
}
