import CSDL2
import DuoPlatform

/// A picture of RGBA32 pixels in memory that a software canvas draws into itself, to the very
/// bytes SDL's software renderer would write there: an offscreen canvas's own surface, or a
/// render target's (a streaming texture of that renderer, whose pixels it hands out when locked).
///
/// What the canvas writes itself it writes at ``pixels``; what it leaves to SDL goes through
/// ``surface`` (an SDL surface over the same memory, for SDL's own blits) or ``renderer`` (a
/// software renderer drawing onto it, made on first use): the same code SDL's renderer runs
/// on a render target, so those pixels are SDL's by construction.
final class MemorySurface {
    /// The top-left pixel; rows are ``pitch`` bytes apart.
    let pixels: UnsafeMutableRawPointer
    /// Bytes from one row to the next.
    let pitch: Int
    /// Width in pixels.
    let width: Int
    /// Height in pixels.
    let height: Int
    /// An SDL surface over the same pixels.
    let surface: UnsafeMutablePointer<SDL_Surface>
    private let ownsSurface: Bool
    private var ownRenderer: OpaquePointer?
    private let givenRenderer: OpaquePointer?
    private var isOpen = true

    /// The pixels of `surface` (RGBA32), which SDL's `renderer` already draws onto.
    init(surface: UnsafeMutablePointer<SDL_Surface>, renderer: OpaquePointer) {
        self.surface = surface
        pixels = surface.pointee.pixels
        pitch = Int(surface.pointee.pitch)
        width = Int(surface.pointee.w)
        height = Int(surface.pointee.h)
        ownsSurface = false
        givenRenderer = renderer
    }

    /// The RGBA32 pixels at `pixels`, `width` x `height`, rows `pitch` bytes apart.
    init?(pixels: UnsafeMutableRawPointer, pitch: Int, width: Int, height: Int) {
        guard
            let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                pixels, Int32(width), Int32(height), 32, Int32(pitch), SDL_PIXELFORMAT_RGBA32.rawValue)
        else { return nil }
        self.surface = surface
        self.pixels = pixels
        self.pitch = pitch
        self.width = width
        self.height = height
        ownsSurface = true
        givenRenderer = nil
    }

    /// A software renderer drawing onto these pixels (nil when SDL cannot make one).
    var renderer: OpaquePointer? {
        if let givenRenderer { return givenRenderer }
        if ownRenderer == nil { ownRenderer = SDL_CreateSoftwareRenderer(surface) }
        return ownRenderer
    }

    /// `color` as a pixel of these pictures: its bytes (red, green, blue, alpha) in memory order.
    static func word(_ color: RGBAColor) -> UInt32 {
        UInt32(color.red) | UInt32(color.green) << 8 | UInt32(color.blue) << 16 | UInt32(color.alpha) << 24
    }

    /// The pixels of row `y`, from column `x` on.
    func pixel(x: Int, y: Int) -> UnsafeMutablePointer<UInt8> {
        (pixels + y * pitch + x * 4).assumingMemoryBound(to: UInt8.self)
    }

    /// Frees what this made (the pixels belong to whoever gave them).
    func close() {
        guard isOpen else { return }
        isOpen = false
        if let ownRenderer { SDL_DestroyRenderer(ownRenderer) }
        ownRenderer = nil
        if ownsSurface { SDL_FreeSurface(surface) }
    }
}
