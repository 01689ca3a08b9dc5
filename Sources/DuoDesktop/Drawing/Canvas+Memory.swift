import CPixels
import CSDL2
import DuoPlatform

/// Drawing into a picture in memory (``MemorySurface``), each call to the very pixels SDL's
/// software renderer gives it: what that renderer does with a call is done here with SDL's own
/// surface functions, with its arithmetic in C (`CPixels`), or, for the rest, by a software
/// renderer drawing onto the same memory. The pixel tests draw whole frames both ways
/// (``Canvas/drawsInMemory``) and compare them byte for byte.
extension Canvas {
    /// The clip in force, in whole pixels, as SDL's renderer keeps it.
    var memoryClip: SDL_Rect? {
        clipPixels.map { SDL_Rect(x: Int32($0.minX), y: Int32($0.minY), w: Int32($0.width), h: Int32($0.height)) }
    }

    /// The whole pixels SDL's software renderer fills for a rectangle given in pixels: each
    /// coordinate truncated, sizes at least one.
    static func rendererRect(_ rect: SDL_FRect) -> SDL_Rect {
        SDL_Rect(x: Int32(rect.x), y: Int32(rect.y), w: max(Int32(rect.w), 1), h: max(Int32(rect.h), 1))
    }

    /// Runs `body` with the software renderer that draws onto `memory`, its clip and draw blend
    /// mode as this canvas has them (blending when `blends`).
    func withRenderer(of memory: MemorySurface, blends: Bool, _ body: (OpaquePointer) -> Int32) -> Int32 {
        guard let renderer = memory.renderer else { return -1 }
        if renderer == self.renderer {
            useBlending(forAlpha: blends ? 0 : 255)
        } else {
            SDL_SetRenderDrawBlendMode(renderer, blends ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE)
        }
        if var clip = memoryClip { SDL_RenderSetClipRect(renderer, &clip) }
        defer { if memoryClip != nil { SDL_RenderSetClipRect(renderer, nil) } }
        return body(renderer)
    }

    /// Fills `triangles` of the polygon `pixels` (window pixels) with `color` on `memory`, piece by
    /// piece as SDL's software renderer draws them for `SDL_RenderGeometry` (see
    /// ``PolygonTriangles/rendererPieces(_:points:)``): a rectangle as its blended fill of a
    /// rectangle given in pixels, a triangle with its corners truncated to whole pixels.
    func fillPolygon(_ pixels: [SIMD2<Float>], triangles: [PolygonTriangles.Triangle], color: RGBAColor, into memory: MemorySurface) {
        let blends = color.alpha < 255
        let pixel = MemorySurface.word(color)
        let clip = memoryClip.map { [$0.x, $0.y, $0.w, $0.h] }
        for piece in PolygonTriangles.rendererPieces(triangles, points: pixels) {
            switch piece {
            case .rectangle(let topLeft, let bottomRight):
                let (a, b) = (pixels[topLeft], pixels[bottomRight])
                guard b.x - a.x != 0, b.y - a.y != 0 else { continue }
                let rect = Self.rendererRect(SDL_FRect(x: a.x, y: a.y, w: b.x - a.x, h: b.y - a.y))
                // SDL fills it blending whatever the colour: an opaque one replaces all the same.
                memory.fill(rect, color: color, clip: memoryClip, blends: blends)
            case .triangle(let a, let b, let c):
                let corners = [a, b, c].flatMap { [Int32(pixels[$0].x), Int32(pixels[$0].y)] }
                duo_fill_triangle(
                    memory.pixel(x: 0, y: 0), memory.pitch, Int32(memory.width), Int32(memory.height), clip, corners, pixel, blends ? 1 : 0)
            }
        }
    }

    /// Copies `texture` (or its `source` rectangle) onto `memory` into `destination` (whole
    /// pixels), with the texture's own modulation and blending, as `SDL_RenderCopy` does.
    func copy(_ texture: OpaquePointer, source: SDL_Rect?, to destination: SDL_Rect, into memory: MemorySurface) -> Int32 {
        let result = ReadableTexture.withPixels(of: texture) { pixels -> Int32 in
            let whole = SDL_Rect(x: 0, y: 0, w: Int32(pixels.width), h: Int32(pixels.height))
            var area = whole
            if var source {
                var bounds = whole
                guard SDL_IntersectRect(&source, &bounds, &area) == SDL_TRUE else { return 0 }
            }
            guard destination.w == area.w && destination.h == area.h else {
                return copyScaled(pixels, source: area, to: destination, into: memory)
            }
            // Unscaled: SDL blits the texture's pixels, clipped, with its colour, alpha and blend mode.
            if Self.blendsTexturesInC, pixels.blendMode == SDL_BLENDMODE_BLEND,
                pixels.format == SDL_PIXELFORMAT_ARGB8888.rawValue || pixels.format == SDL_PIXELFORMAT_RGBA32.rawValue
            {
                // Clipped as SDL_UpperBlit clips the destination, the source moved along with it.
                var target = destination
                guard let shown = memory.clipped(target, to: memoryClip) else { return 0 }
                target = shown
                var modulation = (pixels.color.red, pixels.color.green, pixels.color.blue, pixels.color.alpha)
                withUnsafeBytes(of: &modulation) { channels in
                    duo_blit_blend(
                        (pixels.pixels + Int(area.y + target.y - destination.y) * pixels.pitch + Int(area.x + target.x - destination.x) * 4)
                            .assumingMemoryBound(to: UInt8.self),
                        pixels.pitch, pixels.format == SDL_PIXELFORMAT_ARGB8888.rawValue ? 1 : 0, memory.pixel(x: Int(target.x), y: Int(target.y)),
                        memory.pitch, target.w, target.h, channels.baseAddress!.assumingMemoryBound(to: UInt8.self))
                }
                return 0
            }
            guard
                let from = SDL_CreateRGBSurfaceWithFormatFrom(
                    pixels.pixels, Int32(pixels.width), Int32(pixels.height), 32, Int32(pixels.pitch), pixels.format)
            else { return -1 }
            defer { SDL_FreeSurface(from) }
            SDL_SetSurfaceColorMod(from, pixels.color.red, pixels.color.green, pixels.color.blue)
            SDL_SetSurfaceAlphaMod(from, pixels.color.alpha)
            SDL_SetSurfaceBlendMode(from, pixels.blendMode)
            var clip = memoryClip ?? SDL_Rect(x: 0, y: 0, w: Int32(memory.width), h: Int32(memory.height))
            SDL_SetClipRect(memory.surface, &clip)
            defer { SDL_SetClipRect(memory.surface, nil) }
            var target = destination
            return SDL_UpperBlit(from, &area, memory.surface, &target)
        }
        return result ?? -1
    }

    /// Whether ``project(_:from:)`` can draw `copies` of `target`: when SDL's software renderer
    /// would run its plain linear scaler for each of them, that is with both pictures in
    /// memory, the target drawn without blending, no clip, and every copy wholly inside both.
    func canProject(_ copies: [PixelCopy], from target: RenderTarget) -> Bool {
        guard let memory, target.isInMemory, clipPixels == nil else { return false }
        var blendMode = SDL_BLENDMODE_BLEND
        SDL_GetTextureBlendMode(target.texture, &blendMode)
        return blendMode == SDL_BLENDMODE_NONE
            && copies.allSatisfy { $0.isInside(source: (target.pixelWidth, target.pixelHeight), destination: (memory.width, memory.height)) }
    }

    /// Draws `copies` of `target`, which must not overlap one another, onto the picture in
    /// memory (see `duo_project`), to the very pixels SDL's renderer gives them one by one,
    /// `fills` first blended into the target (as ``memoryFills(_:)`` made them there), row by
    /// row as the copies reach them. Returns false, having drawn and blended nothing, when
    /// ``canProject(_:from:)`` says it cannot.
    func project(_ copies: [PixelCopy], from target: RenderTarget, blending fills: [duo_fill] = []) -> Bool {
        guard canProject(copies, from: target), let memory else { return false }
        let drawn = target.withMemory { source in
            let copies = copies.map(\.cCopy)
            return duo_project(
                source.pixel(x: 0, y: 0), source.pitch, memory.pixel(x: 0, y: 0), memory.pitch, copies, copies.count, fills, fills.count) == 0
        }
        return drawn == true
    }

    /// The pixels and arithmetic of `fills` drawn now into the picture in memory (with the
    /// transform and clip in force), as ``fillRects(_:)`` blends them: to blend later.
    func memoryFills(_ fills: [FilledRect]) -> [duo_fill] {
        guard let memory else { return [] }
        return fills.compactMap { fill in
            guard fill.rect.width > 0, fill.rect.height > 0, fill.color.alpha > 0 else { return nil }
            let rect = pixelRect(x: fill.rect.minX, y: fill.rect.minY, width: fill.rect.width, height: fill.rect.height)
            guard rect.w > 0, rect.h > 0, let area = memory.clipped(Self.rendererRect(rect), to: memoryClip) else { return nil }
            // An opaque fill keeps nothing of what is under it and adds its colour: it replaces.
            return MemorySurface.fill(area, color: fill.color)
        }
    }

    /// Whether textures are blended onto pictures in memory in C (`duo_blit_blend`): the
    /// arithmetic of SDL's blitters on x86-64, the only machines it was checked on; elsewhere
    /// SDL's own blit does it.
    #if arch(x86_64)
    static let blendsTexturesInC = true
    #else
    static let blendsTexturesInC = false
    #endif

    /// A scaled copy, left to the software renderer over `memory`, from a copy of the texture made for it.
    private func copyScaled(_ pixels: ReadableTexture.Pixels, source: SDL_Rect, to destination: SDL_Rect, into memory: MemorySurface) -> Int32 {
        withRenderer(of: memory, blends: true) { renderer in
            guard let copy = Self.texture(of: pixels, for: renderer) else { return -1 }
            defer { SDL_DestroyTexture(copy) }
            var source = source
            var target = SDL_FRect(x: Float(destination.x), y: Float(destination.y), w: Float(destination.w), h: Float(destination.h))
            return SDL_RenderCopyF(renderer, copy, &source, &target)
        }
    }

    /// A static texture of `renderer` holding `pixels` with their modes: what a texture of another renderer is drawn from.
    static func texture(of pixels: ReadableTexture.Pixels, for renderer: OpaquePointer) -> OpaquePointer? {
        guard
            let texture = SDL_CreateTexture(
                renderer, pixels.format, Int32(SDL_TEXTUREACCESS_STATIC.rawValue), Int32(pixels.width), Int32(pixels.height))
        else { return nil }
        guard SDL_UpdateTexture(texture, nil, pixels.pixels, Int32(pixels.pitch)) == 0 else {
            SDL_DestroyTexture(texture)
            return nil
        }
        SDL_SetTextureColorMod(texture, pixels.color.red, pixels.color.green, pixels.color.blue)
        SDL_SetTextureAlphaMod(texture, pixels.color.alpha)
        SDL_SetTextureBlendMode(texture, pixels.blendMode)
        SDL_SetTextureScaleMode(texture, pixels.scaleMode)
        return texture
    }
}

extension MemorySurface {
    /// `rect` within the picture and within `clip`, as SDL clips a fill (nil when nothing is left).
    func clipped(_ rect: SDL_Rect, to clip: SDL_Rect? = nil) -> SDL_Rect? {
        var bounds = SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(height))
        if var clip {
            var picture = bounds
            guard SDL_IntersectRect(&clip, &picture, &bounds) == SDL_TRUE else { return nil }
        }
        var rect = rect
        var result = SDL_Rect()
        return SDL_IntersectRect(&rect, &bounds, &result) == SDL_TRUE ? result : nil
    }

    /// Fills `rect` (whole pixels) with `color` within `clip`: blended as SDL's software renderer
    /// blends a fill when `blends` (see ``PixelBlend``), else replacing what is there.
    func fill(_ rect: SDL_Rect, color: RGBAColor, clip: SDL_Rect? = nil, blends: Bool) {
        guard let area = clipped(rect, to: clip) else { return }
        guard blends else {
            let pixel = MemorySurface.word(color)
            duo_fill_rgba(self.pixel(x: Int(area.x), y: Int(area.y)), pitch, area.w, area.h, pixel)
            return
        }
        blend([Self.fill(area, color: color)])
    }

    /// What `duo_blend_fills` blends for a fill of `area` (within the picture) with `color`.
    static func fill(_ area: SDL_Rect, color: RGBAColor) -> duo_fill {
        let blend = PixelBlend(color)
        return duo_fill(x0: area.x, y0: area.y, x1: area.x + area.w, y1: area.y + area.h, keep: blend.keep, add: blend.add)
    }

    /// Blends `fills` (within the picture), in order, in one pass down it.
    func blend(_ fills: [duo_fill]) {
        duo_blend_fills(pixels.assumingMemoryBound(to: UInt8.self), pitch, fills, fills.count)
    }
}

extension PixelCopy {
    /// The copy as the C code takes it.
    var cCopy: duo_copy {
        duo_copy(
            source_x: Int32(sourceX), source_y: Int32(sourceY), source_width: Int32(sourceWidth), source_height: Int32(sourceHeight),
            x: Int32(x), y: Int32(y), width: Int32(width), height: Int32(height))
    }
}
