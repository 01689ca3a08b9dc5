import Foundation

/// Whether a region of a rendered picture shows a sprite: each picture pixel
/// whose footprint in the sprite's image is wholly opaque is compared with the
/// image's average over that footprint, multiplied by the tint. Independent of
/// how the renderer filtered, so the same check holds at every scale.
public struct SpriteMatch: Sendable, CustomStringConvertible {
    /// Picture pixels compared (those over opaque parts of the image).
    public let checked: Int
    /// Of those, the ones within the tolerance of the image.
    public let matching: Int
    /// The first mismatch, for the failure message.
    public let firstMiss: String?

    /// Compares the picture's pixels inside `rect` (in pixels, where the sprite was drawn) with `sprite`.
    /// - Parameters:
    ///   - pixel: the picture's colour at a pixel, as (red, green, blue).
    ///   - tint: the colour the sprite was multiplied by (white: none).
    public init(
        sprite: PNGImage, tint: (red: UInt8, green: UInt8, blue: UInt8) = (255, 255, 255),
        rect: (x: Int, y: Int, width: Int, height: Int), tolerance: Int = 14,
        pixel: (Int, Int) -> (red: UInt8, green: UInt8, blue: UInt8)
    ) {
        var checked = 0
        var matching = 0
        var firstMiss: String?
        let scaleX = Double(sprite.width) / Double(rect.width)
        let scaleY = Double(sprite.height) / Double(rect.height)
        for py in 0..<rect.height {
            for px in 0..<rect.width {
                // The footprint, widened by a pixel of the image each way for the filter's reach.
                let x0 = Int((Double(px) * scaleX).rounded(.down))
                let x1 = Int((Double(px + 1) * scaleX).rounded(.up))
                let y0 = Int((Double(py) * scaleY).rounded(.down))
                let y1 = Int((Double(py + 1) * scaleY).rounded(.up))
                var opaque = true
                for sy in max(0, y0 - 1)..<min(sprite.height, y1 + 1) where opaque {
                    for sx in max(0, x0 - 1)..<min(sprite.width, x1 + 1) where sprite.pixel(x: sx, y: sy).alpha < 255 {
                        opaque = false
                        break
                    }
                }
                guard opaque, x0 > 0, y0 > 0, x1 < sprite.width, y1 < sprite.height else { continue }
                var sums = (0, 0, 0)
                for sy in y0..<y1 {
                    for sx in x0..<x1 {
                        let c = sprite.pixel(x: sx, y: sy)
                        sums = (sums.0 + Int(c.red), sums.1 + Int(c.green), sums.2 + Int(c.blue))
                    }
                }
                let count = (x1 - x0) * (y1 - y0)
                let expected = [sums.0 * Int(tint.red), sums.1 * Int(tint.green), sums.2 * Int(tint.blue)].map { $0 / count / 255 }
                let seen = pixel(rect.x + px, rect.y + py)
                checked += 1
                if zip(expected, [Int(seen.red), Int(seen.green), Int(seen.blue)]).allSatisfy({ abs($0 - $1) <= tolerance }) {
                    matching += 1
                } else if firstMiss == nil {
                    firstMiss = "at (\(rect.x + px), \(rect.y + py)) expected \(expected), saw \([seen.red, seen.green, seen.blue])"
                }
            }
        }
        self.checked = checked
        self.matching = matching
        self.firstMiss = firstMiss
    }

    /// Whether at least `fraction` of at least `minimum` compared pixels match.
    public func shows(minimum: Int, fraction: Double = 0.95) -> Bool {
        checked >= minimum && Double(matching) >= Double(checked) * fraction
    }

    /// The counts and the first mismatch.
    public var description: String { "\(matching) of \(checked) pixels match" + (firstMiss.map { "; first miss \($0)" } ?? "") }
}
