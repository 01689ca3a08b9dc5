import CPixels
import CSDL2
import DuoPlatform

/// A rectangle in points and the colour it is filled with: one of the fills
/// ``Canvas/fillRects(_:)`` draws together.
public struct FilledRect: Sendable, Equatable {
    /// The rectangle, in points.
    public var rect: Rect
    /// Its colour; translucent colours blend over what is under them.
    public var color: RGBAColor

    /// A fill from its rectangle and colour.
    public init(_ rect: Rect, color: RGBAColor) {
        self.rect = rect
        self.color = color
    }
}

extension Canvas {
    /// Fills `fills` one after the other, each to the very pixels
    /// ``fillRect(x:y:width:height:color:)`` gives it.
    ///
    /// Large translucent fills (a leaning panel's shading bands, the hinge glare) take SDL's
    /// software renderer a slow, format-generic path per pixel. So on that renderer, drawing
    /// into a render target with no clip, the pixels they cover are read back once, blended
    /// here with SDL's own integer arithmetic (a fill of colour c at alpha a leaves
    /// `(255 - a) * d / 255 + c * a / 255` in each colour channel, `(255 - a) * d / 255 + a` in
    /// alpha, each division rounding down), many pixels at a time, and written back.
    /// Elsewhere each is an ordinary ``fillRect(x:y:width:height:color:)``.
    public func fillRects(_ fills: [FilledRect]) {
        if let memory {
            // In memory, blended where they lie, all in one pass down the picture.
            return memory.blend(memoryFills(fills))
        }
        guard let target = SDL_GetRenderTarget(renderer), blendsInMemory(target) else {
            for fill in fills { fillRect(x: fill.rect.minX, y: fill.rect.minY, width: fill.rect.width, height: fill.rect.height, color: fill.color) }
            return
        }
        var width: Int32 = 0
        var height: Int32 = 0
        SDL_QueryTexture(target, nil, nil, &width, &height)
        // The pixel rectangles SDL would fill: whole pixels (see pixelRect), clipped to the target.
        var pixels: [(x0: Int, y0: Int, x1: Int, y1: Int, blend: PixelBlend)] = []
        for fill in fills where fill.rect.width > 0 && fill.rect.height > 0 && fill.color.alpha > 0 {
            let rect = pixelRect(x: fill.rect.minX, y: fill.rect.minY, width: fill.rect.width, height: fill.rect.height)
            guard rect.w > 0, rect.h > 0 else { continue }
            let x0 = max(0, Int(rect.x))
            let y0 = max(0, Int(rect.y))
            let x1 = min(Int(width), Int(rect.x) + max(1, Int(rect.w)))
            let y1 = min(Int(height), Int(rect.y) + max(1, Int(rect.h)))
            if x1 > x0 && y1 > y0 { pixels.append((x0, y0, x1, y1, PixelBlend(fill.color))) }
        }
        guard let first = pixels.first else { return }
        let left = pixels.map(\.x0).min() ?? first.x0
        let top = pixels.map(\.y0).min() ?? first.y0
        let right = pixels.map(\.x1).max() ?? first.x1
        let bottom = pixels.map(\.y1).max() ?? first.y1
        var area = SDL_Rect(x: Int32(left), y: Int32(top), w: Int32(right - left), h: Int32(bottom - top))
        let pitch = (right - left) * 4
        let count = pitch * (bottom - top)
        if blendScratch.count < count { blendScratch = [UInt8](repeating: 0, count: count) }
        let ok = blendScratch.withUnsafeMutableBytes { buffer -> Bool in
            guard let base = buffer.baseAddress,
                SDL_RenderReadPixels(renderer, &area, SDL_PIXELFORMAT_RGBA32.rawValue, base, Int32(pitch)) == 0
            else { return false }
            for fill in pixels {
                for y in fill.y0..<fill.y1 {
                    let row = base + (y - top) * pitch + (fill.x0 - left) * 4
                    fill.blend.apply(to: row, byteCount: (fill.x1 - fill.x0) * 4)
                }
            }
            return SDL_UpdateTexture(target, &area, base, Int32(pitch)) == 0
        }
        if !ok { noteFailure("blending rectangles in memory") }
    }

    /// Whether ``fillRects(_:)`` may blend into `target` itself: the software renderer (whose
    /// textures live in memory, so reading them back is a copy), an RGBA32 target, no clip.
    private func blendsInMemory(_ target: OpaquePointer) -> Bool {
        guard isSoftware, SDL_RenderIsClipEnabled(renderer) == SDL_FALSE else { return false }
        var format: UInt32 = 0
        SDL_QueryTexture(target, &format, nil, nil, nil)
        return format == SDL_PIXELFORMAT_RGBA32.rawValue
    }

}

/// One fill's arithmetic, worked out once for all its rows: SDL's fill of a colour over RGBA
/// pixels. Opaque replaces; translucent keeps `255 - alpha` of what is under and adds the
/// colour premultiplied by its alpha (alpha itself in the alpha channel), each product of
/// two bytes divided by 255 rounding down. The loop over the bytes is C's (`CPixels`): the
/// same loop in Swift's SIMD types took a debug build's window 70 ms a frame in tabletop.
struct PixelBlend {
    /// How much of each byte under stays, out of 255.
    let keep: UInt16
    /// What is added to each byte of a pixel (red, green, blue, alpha).
    let add: (UInt16, UInt16, UInt16, UInt16)

    init(_ color: RGBAColor) {
        let alpha = UInt16(color.alpha)
        add =
            alpha == 255
            ? (UInt16(color.red), UInt16(color.green), UInt16(color.blue), 255)
            : (UInt16(color.red) * alpha / 255, UInt16(color.green) * alpha / 255, UInt16(color.blue) * alpha / 255, alpha)
        keep = 255 - alpha
    }

    /// Blends `byteCount` bytes of RGBA pixels at `row` in place.
    func apply(to row: UnsafeMutableRawPointer, byteCount: Int) {
        var add = add
        withUnsafeBytes(of: &add) { channels in
            duo_blend_rgba(
                row.assumingMemoryBound(to: UInt8.self), byteCount, keep, channels.baseAddress!.assumingMemoryBound(to: UInt16.self))
        }
    }
}
