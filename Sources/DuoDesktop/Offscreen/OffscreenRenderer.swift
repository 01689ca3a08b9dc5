import CSDL2

/// A canvas that draws into memory with SDL's software renderer: no
/// `SDL_Init`, no display, no window. Used by `duo screenshot`, the pixel
/// tests and the frame benchmark.
public final class OffscreenRenderer {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The canvas to draw with.
    public let canvas: Canvas
    private let surface: UnsafeMutablePointer<SDL_Surface>
    private let renderer: OpaquePointer
    private var isOpen = true

    /// An offscreen surface of `width` x `height` pixels.
    /// - Parameters:
    ///   - width: the surface's width in pixels.
    ///   - height: the surface's height in pixels.
    ///   - givenFaces: the fonts; located with ``FontLocator`` when nil.
    /// - Throws: ``DesktopError`` when the surface, the renderer or the font cannot be made.
    public init(width: Int, height: Int, faces givenFaces: FontLocator.Faces? = nil) throws(DesktopError) {
        guard width > 0, height > 0, width <= 16_384, height <= 16_384 else {
            throw DesktopError(
                cause: "an image of \(width)x\(height) pixels cannot be rendered",
                fix: "choose a size between 1 and 16384 pixels on each side")
        }
        let faces: FontLocator.Faces
        if let givenFaces { faces = givenFaces } else { faces = try FontLocator().locate() }
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_RGBA32.rawValue) else {
            throw .sdl("making an offscreen surface", String(cString: SDL_GetError()))
        }
        guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
            let message = String(cString: SDL_GetError())
            SDL_FreeSurface(surface)
            throw .sdl("making the software renderer", message)
        }
        do {
            canvas = try Canvas(renderer: renderer, faces: faces, surface: surface)
        } catch {
            SDL_DestroyRenderer(renderer)
            SDL_FreeSurface(surface)
            throw error
        }
        self.surface = surface
        self.renderer = renderer
        self.width = width
        self.height = height
    }

    /// The pixels drawn so far.
    /// - Throws: ``DesktopError`` when SDL cannot read them.
    public func readPixels() throws(DesktopError) -> PixelImage {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        let result = bytes.withUnsafeMutableBytes { buffer in
            SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_RGBA32.rawValue, buffer.baseAddress, Int32(width * 4))
        }
        guard result == 0 else { throw .sdl("reading pixels back", String(cString: SDL_GetError())) }
        return PixelImage(width: width, height: height, rgba: bytes)
    }

    /// Frees the canvas, renderer and surface.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        canvas.close()
        SDL_DestroyRenderer(renderer)
        SDL_FreeSurface(surface)
    }
}
