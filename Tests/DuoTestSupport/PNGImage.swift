import CSDL2
import Foundation

/// A PNG file read back into RGBA bytes with SDL2_image, so tests can check
/// the pixels a command wrote (decoded pixels, never the file's bytes).
public struct PNGImage: Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// R, G, B, A per pixel, rows top to bottom.
    public let rgba: [UInt8]

    /// The colour at (`x`, `y`) as (r, g, b, a).
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let index = (y * width + x) * 4
        return (rgba[index], rgba[index + 1], rgba[index + 2], rgba[index + 3])
    }

    /// Decodes the PNG file at `url` (only PNG: another format is an error).
    /// - Throws: ``PNGReadError`` saying what SDL2_image found wrong.
    public init(contentsOf url: URL) throws {
        guard let stream = SDL_RWFromFile(url.path, "rb") else { throw PNGReadError("\(url.path): \(String(cString: SDL_GetError()))") }
        // 1: the stream is closed whether or not the image loads.
        guard let loaded = IMG_LoadTyped_RW(stream, 1, "PNG") else {
            throw PNGReadError("\(url.path) is not a readable PNG: \(String(cString: SDL_GetError()))")
        }
        defer { SDL_FreeSurface(loaded) }
        guard let surface = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGBA32.rawValue, 0) else {
            throw PNGReadError("\(url.path): converting to RGBA: \(String(cString: SDL_GetError()))")
        }
        defer { SDL_FreeSurface(surface) }
        let width = Int(surface.pointee.w)
        let height = Int(surface.pointee.h)
        let pitch = Int(surface.pointee.pitch)
        guard let pixels = surface.pointee.pixels else { throw PNGReadError("\(url.path): no pixels") }
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        rgba.withUnsafeMutableBytes { target in
            // Rows may be padded in the surface: copy each one's pixels only.
            for row in 0..<height {
                target.baseAddress!.advanced(by: row * width * 4).copyMemory(from: pixels.advanced(by: row * pitch), byteCount: width * 4)
            }
        }
        self.width = width
        self.height = height
        self.rgba = rgba
    }
}

/// A PNG file that cannot be decoded, with the reason.
public struct PNGReadError: Error, CustomStringConvertible {
    /// What is wrong.
    public let description: String
    init(_ description: String) { self.description = description }
}
