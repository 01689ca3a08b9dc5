/// An image from a simulated camera: 8-bit RGBA, rows top to bottom,
/// small enough to compare pixel by pixel in tests.
public struct CameraFrame: Hashable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 4` bytes: red, green, blue, alpha for each pixel, row by row.
    public private(set) var pixels: [UInt8]

    /// A frame of `width` x `height` filled with `color`.
    public init(width: Int, height: Int, color: RGBAColor) {
        self.width = max(0, width)
        self.height = max(0, height)
        var pixels = [UInt8](repeating: 0, count: self.width * self.height * 4)
        // Through the buffer: a debug build checks the array's uniqueness at every byte otherwise.
        pixels.withUnsafeMutableBufferPointer { bytes in
            var offset = 0
            while offset < bytes.count {
                bytes[offset] = color.red
                bytes[offset + 1] = color.green
                bytes[offset + 2] = color.blue
                bytes[offset + 3] = color.alpha
                offset += 4
            }
        }
        self.pixels = pixels
    }

    /// The color at (`x`, `y`), (0, 0) being the top-left pixel.
    public func color(x: Int, y: Int) -> RGBAColor {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside \(width) x \(height)")
        let offset = (y * width + x) * 4
        return RGBAColor(red: pixels[offset], green: pixels[offset + 1], blue: pixels[offset + 2], alpha: pixels[offset + 3])
    }

    /// Paints one pixel; pixels outside the frame are ignored.
    public mutating func set(x: Int, y: Int, to color: RGBAColor) {
        guard x >= 0 && x < width && y >= 0 && y < height else { return }
        store(color, at: y * width + x)
    }

    private mutating func store(_ color: RGBAColor, at index: Int) {
        let offset = index * 4
        pixels[offset] = color.red
        pixels[offset + 1] = color.green
        pixels[offset + 2] = color.blue
        pixels[offset + 3] = color.alpha
    }

    /// The frame turned clockwise by `angle` (a quarter turn swaps width and height).
    public func rotated(by angle: RotationAngle) -> CameraFrame {
        guard angle != .zero else { return self }
        let turned = angle.quarterTurns % 2 == 1
        var result = CameraFrame(width: turned ? height : width, height: turned ? width : height, color: RGBAColor(red: 0, green: 0, blue: 0))
        let quarterTurns = angle.quarterTurns
        let resultWidth = result.width
        pixels.withUnsafeBufferPointer { source in
            result.pixels.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    for x in 0..<width {
                        let (nx, ny): (Int, Int) =
                            switch quarterTurns {
                            case 1: (height - 1 - y, x)
                            case 2: (width - 1 - x, height - 1 - y)
                            default: (y, width - 1 - x)
                            }
                        let from = (y * width + x) * 4
                        let to = (ny * resultWidth + nx) * 4
                        target[to] = source[from]
                        target[to + 1] = source[from + 1]
                        target[to + 2] = source[from + 2]
                        target[to + 3] = source[from + 3]
                    }
                }
            }
        }
        return result
    }

    /// The frame mirrored left to right.
    public func mirroredHorizontally() -> CameraFrame {
        var result = self
        pixels.withUnsafeBufferPointer { source in
            result.pixels.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    for x in 0..<width {
                        let from = (y * width + x) * 4
                        let to = (y * width + (width - 1 - x)) * 4
                        target[to] = source[from]
                        target[to + 1] = source[from + 1]
                        target[to + 2] = source[from + 2]
                        target[to + 3] = source[from + 3]
                    }
                }
            }
        }
        return result
    }
}
