import DuoPlatform

/// An image in memory: 8-bit red, green, blue and alpha per pixel, rows top
/// to bottom with no padding. What offscreen rendering reads back and what
/// the PNG encoder writes.
public struct PixelImage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A for each pixel, row by row.
    public var rgba: [UInt8]

    /// An image from its bytes.
    /// - Precondition: `rgba.count == width * height * 4`.
    public init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(width >= 0 && height >= 0 && rgba.count == width * height * 4, "PixelImage: \(rgba.count) bytes for \(width)x\(height)")
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// An image of one colour.
    public init(width: Int, height: Int, filledWith color: RGBAColor) {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for index in stride(from: 0, to: bytes.count, by: 4) {
            bytes[index] = color.red
            bytes[index + 1] = color.green
            bytes[index + 2] = color.blue
            bytes[index + 3] = color.alpha
        }
        self.init(width: width, height: height, rgba: bytes)
    }

    /// The colour of the pixel at (`x`, `y`), counted from the top-left corner.
    public func pixel(x: Int, y: Int) -> RGBAColor {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
        let index = (y * width + x) * 4
        return RGBAColor(red: rgba[index], green: rgba[index + 1], blue: rgba[index + 2], alpha: rgba[index + 3])
    }
}
