import CSDL2
import Foundation

extension PixelImage {
    /// The image as the bytes of a PNG file (8-bit RGBA), encoded by SDL2_image's `IMG_SavePNG_RW`.
    /// - Throws: ``DesktopError`` when SDL cannot wrap the pixels or encode them.
    public func pngData() throws(DesktopError) -> Data {
        let sink = PNGByteSink()
        let saved = withSurface { surface in
            guard let stream = sink.makeStream() else { return -1 }
            // 1: SDL_image closes the stream when done, which frees it.
            return IMG_SavePNG_RW(surface, stream, 1)
        }
        guard saved else { throw .sdl("encoding a PNG of \(width)x\(height) pixels", String(cString: SDL_GetError())) }
        return Data(sink.bytes)
    }

    /// Writes the image as a PNG file at `url` (8-bit RGBA) with SDL2_image's `IMG_SavePNG`, replacing any file there.
    /// - Throws: ``DesktopError`` naming the file when it cannot be encoded or written.
    public func writePNG(to url: URL) throws(DesktopError) {
        guard withSurface({ surface in IMG_SavePNG(surface, url.path) }) else {
            throw DesktopError(
                cause: "cannot write \(url.path) (SDL_image: \(String(cString: SDL_GetError())))",
                fix: "choose a file in a folder that exists and that you may write to")
        }
    }

    /// Runs `save` with an SDL surface over the image's bytes (no copy kept).
    /// - Returns: whether the surface was made and `save` returned 0 (SDL's error says why not).
    private func withSurface(_ save: (UnsafeMutablePointer<SDL_Surface>) -> Int32) -> Bool {
        var pixels = rgba
        let result: Int32 = pixels.withUnsafeMutableBytes { buffer in
            guard
                let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                    buffer.baseAddress, Int32(width), Int32(height), 32, Int32(width * 4),
                    SDL_PIXELFORMAT_RGBA32.rawValue)
            else { return -1 }
            defer { SDL_FreeSurface(surface) }
            return save(surface)
        }
        return result == 0
    }
}

/// The bytes SDL2_image writes, gathered through an `SDL_RWops` whose write
/// callback appends to them: the encoder then needs no file and no size known in advance.
private final class PNGByteSink {
    var bytes: [UInt8] = []

    /// A write-only stream into ``bytes``; it points at the sink, which must outlive it.
    func makeStream() -> UnsafeMutablePointer<SDL_RWops>? {
        guard let stream = SDL_AllocRW() else { return nil }
        stream.pointee.type = UInt32(SDL_RWOPS_UNKNOWN)
        stream.pointee.hidden.unknown.data1 = Unmanaged.passUnretained(self).toOpaque()
        stream.pointee.size = { _ in -1 }
        stream.pointee.seek = { context, offset, whence in
            // Only "where am I" is answerable: the stream only ever grows at its end.
            guard let context, offset == 0, whence == RW_SEEK_CUR || whence == RW_SEEK_END else { return -1 }
            return Int64(PNGByteSink.from(context).bytes.count)
        }
        stream.pointee.read = { _, _, _, _ in 0 }
        stream.pointee.write = { context, pointer, size, count in
            guard let context, let pointer else { return 0 }
            PNGByteSink.from(context).bytes.append(contentsOf: UnsafeRawBufferPointer(start: pointer, count: size * count))
            return count
        }
        stream.pointee.close = { context in
            if let context { SDL_FreeRW(context) }
            return 0
        }
        return stream
    }

    private static func from(_ context: UnsafeMutablePointer<SDL_RWops>) -> PNGByteSink {
        Unmanaged<PNGByteSink>.fromOpaque(context.pointee.hidden.unknown.data1).takeUnretainedValue()
    }
}
