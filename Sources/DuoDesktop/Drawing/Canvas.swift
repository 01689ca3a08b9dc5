import CSDL2
import DuoPlatform
import Foundation
import TabletopEngine

/// The drawing surface every frame is painted through: filled and stroked
/// rectangles, lines, convex polygons, circles, text and textured meshes, in
/// points, over one SDL renderer (a window's or an offscreen surface's).
///
/// Points become pixels through ``transform``; text is rasterised at its
/// pixel size so it stays sharp whatever the scale. Draw calls never throw:
/// a failing SDL call leaves a gap in one frame, and the first failure is
/// kept in ``lastError`` for the caller to report.
public final class Canvas {
    let renderer: OpaquePointer
    let text: TextRenderer
    let sprites: SpriteCache
    private var targets: [RenderTarget] = []
    private var isOpen = true
    private var vertexScratch: [SDL_Vertex] = []
    /// Pixels read back by ``fillRects(_:)``, kept between frames.
    var blendScratch: [UInt8] = []
    /// Paragraphs fitted already (see `Canvas+Paragraph.swift`): the same
    /// status lines are fitted every frame, and fitting measures many strings.
    var fittedParagraphs: [FittedParagraphKey: FittedParagraph] = [:]
    /// Whether the renderer is SDL's software one (textures in memory, triangles rasterised per bounding box).
    let isSoftware: Bool
    /// The canvas's own surface, when it is an offscreen one in memory (RGBA32).
    let output: MemorySurface?
    /// The picture in memory of the render target being drawn into, if it is one.
    private var targetMemory: MemorySurface?
    /// Whether the draw calls go into a render target SDL's renderer draws into.
    private var isDrawingIntoRendererTarget = false
    /// The draw blend mode set on the renderer, so it is only changed when needed.
    private var blendsDrawing = true

    /// Whether the software renderer fills a convex polygon with a sweep of triangles from
    /// the top where that gives the pixels of a fan from its first corner (several times
    /// faster for large rounded rectangles and circles). False always fills with the fan,
    /// for comparing the two.
    public var sweepsPolygons = true

    /// Whether a software canvas draws into pictures in memory itself (its render targets, made
    /// after this is set, and its own surface when it is offscreen) rather than through SDL's
    /// renderer: the very pixels SDL's software renderer gives (see `Canvas+Memory.swift`), for
    /// far less work. False draws everything through SDL's renderer, for comparing the two.
    /// Off by default in a debug build, whose C code (`CPixels`) is compiled unoptimized (a
    /// package cannot ask for more) and is then slower than SDL's own, optimized, code.
    #if DEBUG
    public var drawsInMemory = false
    #else
    public var drawsInMemory = true
    #endif

    /// How points map to pixels for every following draw call.
    public var transform = CanvasTransform.identity

    /// Where ``drawSprite(_:x:y:width:height:tint:)`` finds images: the standard
    /// `Assets/` search, as every loader of the desktop uses.
    public var assets = AssetLocator.standard()

    /// The first error a draw call met since the last ``takeError()``.
    public private(set) var lastError: DesktopError?

    /// Whether the canvas records what each frame draws in ``frameTrace`` (every text: its
    /// words, box, size and clip; see `Canvas+Trace.swift`). Off, as in the window, a draw
    /// call pays one test of this flag; `duo lint`, the screenshot tests and the filmstrip turn it on.
    public var tracesFrame = false
    /// What was drawn since the last ``beginFrame()`` (or ``takeTrace()``), while ``tracesFrame`` is on.
    public internal(set) var frameTrace = FrameTrace()
    /// Who is drawing now, as the trace records it: painters of overlays and of the hardware say so.
    public var traceLayer: DrawnText.Layer = .game
    /// Which coordinates the trace records in outside ``drawing(into:transform:_:)`` (the scene's inside it).
    var traceSpace: DrawnText.Space = .window
    /// The clip in force, in pixels (nil: none), as ``clip(x:y:width:height:)`` set it.
    var clipPixels: Rect?
    /// The strings ``fittedText(_:maxWidth:style:)`` cut this frame, and the words each was cut from (tracing only).
    var cutTexts: [String: String] = [:]

    /// A canvas over `renderer`, drawing text with the located faces; `surface` is the RGBA32
    /// surface a software `renderer` draws onto, when the canvas owns it (offscreen).
    init(renderer: OpaquePointer, faces: FontLocator.Faces, surface: UnsafeMutablePointer<SDL_Surface>? = nil) throws(DesktopError) {
        self.renderer = renderer
        var info = SDL_RendererInfo()
        let isSoftware = SDL_GetRendererInfo(renderer, &info) == 0 && info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
        self.isSoftware = isSoftware
        self.text = try TextRenderer(renderer: renderer, faces: faces, readableTextures: isSoftware)
        self.sprites = SpriteCache(renderer: renderer, readableTextures: isSoftware)
        output =
            surface.flatMap { surface in
                isSoftware && surface.pointee.format.pointee.format == SDL_PIXELFORMAT_RGBA32.rawValue
                    ? MemorySurface(surface: surface, renderer: renderer) : nil
            }
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    }

    /// The picture in memory the draw calls go to now, nil while they go through SDL's renderer.
    var memory: MemorySurface? {
        if let targetMemory { return targetMemory }
        return isDrawingIntoRendererTarget || !drawsInMemory ? nil : output
    }

    /// Blends only what is translucent: the software renderer fills opaque
    /// shapes several times faster without the blending path.
    func useBlending(forAlpha alpha: UInt8) {
        let blends = alpha < 255
        guard blends != blendsDrawing else { return }
        blendsDrawing = blends
        SDL_SetRenderDrawBlendMode(renderer, blends ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE)
    }

    /// The size of what the canvas draws on, in pixels (the current target's).
    public var pixelSize: (width: Int, height: Int) {
        if let memory { return (memory.width, memory.height) }
        var width: Int32 = 0
        var height: Int32 = 0
        if let target = SDL_GetRenderTarget(renderer) {
            SDL_QueryTexture(target, nil, nil, &width, &height)
        } else {
            SDL_GetRendererOutputSize(renderer, &width, &height)
        }
        return (Int(width), Int(height))
    }

    /// Starts a frame: lets the text cache forget strings not drawn for a while.
    public func beginFrame() {
        text.beginFrame()
        if tracesFrame { startTrace() }
    }

    /// Returns and forgets the first draw error.
    public func takeError() -> DesktopError? {
        defer { lastError = nil }
        return lastError
    }

    // MARK: - Shapes

    /// Fills the whole target with `color`, ignoring the transform.
    public func clear(_ color: RGBAColor) {
        if let memory { return memory.fill(SDL_Rect(x: 0, y: 0, w: Int32(memory.width), h: Int32(memory.height)), color: color, blends: false) }
        SDL_SetRenderDrawColor(renderer, color.red, color.green, color.blue, color.alpha)
        check(SDL_RenderClear(renderer), "clearing")
    }

    /// Fills a rectangle given in points.
    public func fillRect(x: Double, y: Double, width: Double, height: Double, color: RGBAColor) {
        guard width > 0, height > 0, color.alpha > 0 else { return }
        var rect = pixelRect(x: x, y: y, width: width, height: height)
        guard rect.w > 0, rect.h > 0 else { return }
        if let memory {
            memory.fill(Self.rendererRect(rect), color: color, clip: memoryClip, blends: color.alpha < 255)
        } else {
            useBlending(forAlpha: color.alpha)
            SDL_SetRenderDrawColor(renderer, color.red, color.green, color.blue, color.alpha)
            check(SDL_RenderFillRectF(renderer, &rect), "filling a rectangle")
        }
        if tracesFrame, traceLayer == .overlay {
            traceShape(Rect(x: Double(rect.x), y: Double(rect.y), width: Double(rect.w), height: Double(rect.h)), alpha: color.alpha)
        }
    }

    /// Outlines a rectangle given in points, the stroke `thickness` points wide, inside its edges.
    public func strokeRect(x: Double, y: Double, width: Double, height: Double, color: RGBAColor, thickness: Double = 1) {
        let t = min(thickness, width / 2, height / 2)
        guard t > 0 else { return }
        fillRect(x: x, y: y, width: width, height: t, color: color)
        fillRect(x: x, y: y + height - t, width: width, height: t, color: color)
        fillRect(x: x, y: y + t, width: t, height: height - 2 * t, color: color)
        fillRect(x: x + width - t, y: y + t, width: t, height: height - 2 * t, color: color)
    }

    /// Draws a line `thickness` points wide between two points.
    public func line(fromX x1: Double, y1: Double, toX x2: Double, y2: Double, color: RGBAColor, thickness: Double = 1) {
        let dx = x2 - x1
        let dy = y2 - y1
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return }
        // The quad around the segment: a thick line is a thin rectangle.
        let nx = -dy / length * thickness / 2
        let ny = dx / length * thickness / 2
        fillPolygon([(x1 + nx, y1 + ny), (x2 + nx, y2 + ny), (x2 - nx, y2 - ny), (x1 - nx, y1 - ny)], color: color)
    }

    /// Fills a convex polygon (points in order, either winding).
    public func fillPolygon(_ points: [(x: Double, y: Double)], color: RGBAColor) {
        guard points.count >= 3, color.alpha > 0 else { return }
        let pixels = points.map { point in
            let pixel = transform.pixel(x: point.x, y: point.y)
            return SIMD2<Float>(Float(pixel.x), Float(pixel.y))
        }
        // A fan from the first corner covers a convex polygon exactly; the software renderer
        // gets the same pixels sooner from a sweep, where that is so (see PolygonTriangles).
        let triangles = isSoftware && sweepsPolygons ? PolygonTriangles.triangles(for: pixels) : PolygonTriangles.fan(count: pixels.count)
        defer { if tracesFrame, traceLayer == .overlay { traceShape(boundingBox(of: pixels), alpha: color.alpha) } }
        // Corners far off (or not numbers) are left to SDL, whose arithmetic overflows there.
        if let memory, pixels.allSatisfy({ abs($0.x) <= 4096 && abs($0.y) <= 4096 }) {
            return fillPolygon(pixels, triangles: triangles, color: color, into: memory)
        }
        let sdlColor = SDL_Color(r: color.red, g: color.green, b: color.blue, a: color.alpha)
        vertexScratch.removeAll(keepingCapacity: true)
        for (a, b, c) in triangles {
            for index in [a, b, c] {
                vertexScratch.append(
                    SDL_Vertex(position: SDL_FPoint(x: pixels[index].x, y: pixels[index].y), color: sdlColor, tex_coord: SDL_FPoint(x: 0, y: 0)))
            }
        }
        func draw(on renderer: OpaquePointer) -> Int32 {
            vertexScratch.withUnsafeBufferPointer { buffer in
                SDL_RenderGeometry(renderer, nil, buffer.baseAddress, Int32(buffer.count), nil, 0)
            }
        }
        if let memory {
            check(withRenderer(of: memory, blends: color.alpha < 255, draw), "filling a polygon")
        } else {
            useBlending(forAlpha: color.alpha)
            check(draw(on: renderer), "filling a polygon")
        }
    }

    /// Fills a circle given by its centre and radius in points.
    public func fillCircle(centerX: Double, centerY: Double, radius: Double, color: RGBAColor) {
        guard radius > 0 else { return }
        // Enough segments that the edge looks round at the current pixel size.
        let segments = max(12, min(96, Int(radius * transform.scale)))
        let points = (0..<segments).map { index -> (x: Double, y: Double) in
            let angle = Double(index) / Double(segments) * 2 * Double.pi
            return (centerX + cos(angle) * radius, centerY + sin(angle) * radius)
        }
        fillPolygon(points, color: color)
    }

    /// Outlines a circle, the stroke `thickness` points wide.
    public func strokeCircle(centerX: Double, centerY: Double, radius: Double, color: RGBAColor, thickness: Double = 1) {
        guard radius > 0 else { return }
        let segments = max(16, min(96, Int(radius * transform.scale)))
        for index in 0..<segments {
            let a0 = Double(index) / Double(segments) * 2 * Double.pi
            let a1 = Double(index + 1) / Double(segments) * 2 * Double.pi
            line(
                fromX: centerX + cos(a0) * radius, y1: centerY + sin(a0) * radius,
                toX: centerX + cos(a1) * radius, y2: centerY + sin(a1) * radius, color: color, thickness: thickness)
        }
    }

    // MARK: - Text

    /// Draws `string` at a point with the given style and alignment.
    /// - Returns: the drawn text's width and height in points.
    @discardableResult
    public func drawText(_ string: String, x: Double, y: Double, style: TextStyle, alignment: TextAlignment = .topLeading) -> (
        width: Double, height: Double
    ) {
        let pixelSize = fontPixelSize(style.size)
        let entry: TextRenderer.Entry?
        do { entry = try text.texture(string, pixelSize: pixelSize, bold: style.bold) } catch {
            record(error)
            return (0, 0)
        }
        guard let entry else { return (0, 0) }
        let width = Double(entry.width) / transform.scale
        let height = Double(entry.height) / transform.scale
        let origin: (x: Double, y: Double)
        switch alignment {
        case .topLeading: origin = (x, y)
        case .center: origin = (x - width / 2, y - height / 2)
        case .leading: origin = (x, y - height / 2)
        case .trailing: origin = (x - width, y - height / 2)
        case .top: origin = (x - width / 2, y)
        }
        let pixel = transform.pixel(x: origin.x, y: origin.y)
        // Whole pixels: glyphs drawn at fractional offsets blur.
        var destination = SDL_Rect(x: Int32(pixel.x.rounded()), y: Int32(pixel.y.rounded()), w: entry.width, h: entry.height)
        SDL_SetTextureColorMod(entry.texture, style.color.red, style.color.green, style.color.blue)
        SDL_SetTextureAlphaMod(entry.texture, style.color.alpha)
        if let memory {
            check(copy(entry.texture, source: nil, to: destination, into: memory), "drawing text")
        } else {
            check(SDL_RenderCopy(renderer, entry.texture, nil, &destination), "drawing text")
        }
        if tracesFrame {
            traceText(
                string, pixels: Rect(x: Double(destination.x), y: Double(destination.y), width: Double(destination.w), height: Double(destination.h)),
                style: style)
        }
        return (width, height)
    }

    /// The width and height `string` would take, in points.
    public func measureText(_ string: String, style: TextStyle) -> (width: Double, height: Double) {
        do {
            let size = try text.measure(string, pixelSize: fontPixelSize(style.size), bold: style.bold)
            return (Double(size.width) / transform.scale, Double(size.height) / transform.scale)
        } catch {
            record(error)
            return (0, 0)
        }
    }

    private func fontPixelSize(_ points: Double) -> Int32 {
        Int32(max(4, (points * transform.scale).rounded()))
    }

    // MARK: - Render targets and meshes

    /// A new texture of `pixelWidth` x `pixelHeight` to draw into; the canvas frees it in ``close()``.
    /// - Parameters:
    ///   - pixelWidth: the texture's width in pixels.
    ///   - pixelHeight: the texture's height in pixels.
    ///   - isOpaque: drawn without blending (faster) when everything in it is opaque.
    public func makeRenderTarget(pixelWidth: Int, pixelHeight: Int, isOpaque: Bool = false) throws(DesktopError) -> RenderTarget {
        let target = try RenderTarget(
            renderer: renderer, pixelWidth: pixelWidth, pixelHeight: pixelHeight, inMemory: isSoftware && drawsInMemory)
        if isOpaque { SDL_SetTextureBlendMode(target.texture, SDL_BLENDMODE_NONE) }
        targets.append(target)
        return target
    }

    /// Frees a render target before the canvas closes (after a resize, say).
    public func release(_ target: RenderTarget) {
        target.close()
        targets.removeAll { $0 === target }
    }

    /// Runs `body` with every draw call going into `target`, with `transform` in force, then restores both.
    public func drawing(into target: RenderTarget, transform: CanvasTransform, _ body: () -> Void) {
        let previousTransform = self.transform
        let previous = (space: traceSpace, clip: clipPixels, memory: targetMemory, intoRendererTarget: isDrawingIntoRendererTarget)
        self.transform = transform
        (traceSpace, clipPixels) = (.scene, nil)
        if target.isInMemory {
            let drawn: Void? = target.withMemory { memory in
                (targetMemory, isDrawingIntoRendererTarget) = (memory, false)
                body()
            }
            if drawn == nil { noteFailure("locking a render target") }
        } else {
            let previousTarget = SDL_GetRenderTarget(renderer)
            check(SDL_SetRenderTarget(renderer, target.texture), "switching to a render target")
            (targetMemory, isDrawingIntoRendererTarget) = (nil, true)
            body()
            check(SDL_SetRenderTarget(renderer, previousTarget), "switching back from a render target")
        }
        self.transform = previousTransform
        (traceSpace, clipPixels, targetMemory, isDrawingIntoRendererTarget) = previous
    }

    /// Runs `body` with every draw call going into `area` (whole pixels, within the picture in
    /// memory drawn into now) as into a picture of its own size, with `transform` in force:
    /// what is drawn there is drawn as into a render target copied there unscaled after. Returns
    /// false, having run nothing, when nothing is drawn in memory now.
    func drawing(inMemory area: SDL_Rect, transform: CanvasTransform, _ body: () -> Void) -> Bool {
        guard let memory, let inside = memory.clipped(area), inside.x == area.x, inside.y == area.y, inside.w == area.w, inside.h == area.h,
            let view = MemorySurface(
                pixels: memory.pixel(x: Int(area.x), y: Int(area.y)), pitch: memory.pitch, width: Int(area.w), height: Int(area.h))
        else { return false }
        defer { view.close() }
        let previousTransform = self.transform
        let previous = (space: traceSpace, clip: clipPixels, memory: targetMemory, intoRendererTarget: isDrawingIntoRendererTarget)
        self.transform = transform
        (traceSpace, clipPixels, targetMemory, isDrawingIntoRendererTarget) = (.scene, nil, view, false)
        body()
        self.transform = previousTransform
        (traceSpace, clipPixels, targetMemory, isDrawingIntoRendererTarget) = previous
        return true
    }

    /// Draws `mesh` (positions in points) textured with `target`'s pixels.
    public func drawMesh(_ mesh: TexturedMesh, from target: RenderTarget?) {
        var vertices: [SDL_Vertex] = []
        vertices.reserveCapacity(mesh.vertices.count)
        for vertex in mesh.vertices {
            let pixel = transform.pixel(x: vertex.x, y: vertex.y)
            let shade = UInt8(max(0, min(255, (vertex.shade * 255).rounded())))
            vertices.append(
                SDL_Vertex(
                    position: SDL_FPoint(x: Float(pixel.x), y: Float(pixel.y)),
                    color: SDL_Color(r: shade, g: shade, b: shade, a: 255),
                    tex_coord: SDL_FPoint(x: Float(vertex.u), y: Float(vertex.v))))
        }
        func draw(on renderer: OpaquePointer, texture: OpaquePointer?) -> Int32 {
            vertices.withUnsafeBufferPointer { vertexBuffer in
                mesh.indices.withUnsafeBufferPointer { indexBuffer in
                    SDL_RenderGeometry(
                        renderer, texture, vertexBuffer.baseAddress, Int32(vertexBuffer.count),
                        indexBuffer.baseAddress, Int32(indexBuffer.count))
                }
            }
        }
        guard let memory else { return check(draw(on: renderer, texture: target?.texture), "drawing a textured mesh") }
        // Into memory: the software renderer over it draws the mesh, from its own copy of the target's pixels.
        let result = withRenderer(of: memory, blends: true) { renderer in
            guard let target else { return draw(on: renderer, texture: nil) }
            return ReadableTexture.withPixels(of: target.texture) { pixels in
                guard let copy = Self.texture(of: pixels, for: renderer) else { return -1 }
                defer { SDL_DestroyTexture(copy) }
                return draw(on: renderer, texture: copy)
            } ?? -1
        }
        check(result, "drawing a textured mesh")
    }

    /// Copies a rectangle of `target`'s pixels to a rectangle of points, scaled: the
    /// fast path for a panel drawn flat (a blit, not textured triangles).
    public func drawTexture(_ target: RenderTarget, sourcePixels: Rect, x: Double, y: Double, width: Double, height: Double) {
        copy(from: target, pixelCopy(sourcePixels: sourcePixels, x: x, y: y, width: width, height: height))
    }

    /// The whole-pixel copy ``drawTexture(_:sourcePixels:x:y:width:height:)`` makes of these rectangles.
    func pixelCopy(sourcePixels: Rect, x: Double, y: Double, width: Double, height: Double) -> PixelCopy {
        let destination = pixelRect(x: x, y: y, width: width, height: height)
        return PixelCopy(
            sourceX: Int(sourcePixels.minX.rounded()), sourceY: Int(sourcePixels.minY.rounded()),
            sourceWidth: Int(sourcePixels.width.rounded()), sourceHeight: Int(sourcePixels.height.rounded()),
            x: Int(destination.x), y: Int(destination.y), width: Int(destination.w), height: Int(destination.h))
    }

    /// Copies `pixels` of `target` to the canvas, scaled when the two rectangles differ in size.
    func copy(from target: RenderTarget, _ pixels: PixelCopy) {
        var source = SDL_Rect(x: Int32(pixels.sourceX), y: Int32(pixels.sourceY), w: Int32(pixels.sourceWidth), h: Int32(pixels.sourceHeight))
        guard let memory else {
            var destination = SDL_FRect(x: Float(pixels.x), y: Float(pixels.y), w: Float(pixels.width), h: Float(pixels.height))
            return check(SDL_RenderCopyF(renderer, target.texture, &source, &destination), "drawing a texture")
        }
        if project([pixels], from: target) { return }
        let destination = SDL_Rect(x: Int32(pixels.x), y: Int32(pixels.y), w: Int32(pixels.width), h: Int32(pixels.height))
        check(copy(target.texture, source: source, to: destination, into: memory), "drawing a texture")
    }

    /// Clips every following draw call to a rectangle in points (nil: no clip).
    public func clip(x: Double, y: Double, width: Double, height: Double) {
        let rect = pixelRect(x: x, y: y, width: width, height: height)
        var clip = SDL_Rect(x: Int32(rect.x.rounded()), y: Int32(rect.y.rounded()), w: Int32(rect.w.rounded()), h: Int32(rect.h.rounded()))
        if memory == nil { check(SDL_RenderSetClipRect(renderer, &clip), "clipping") }
        clipPixels = Rect(x: Double(clip.x), y: Double(clip.y), width: Double(clip.w), height: Double(clip.h))
    }

    /// Removes the clip set by ``clip(x:y:width:height:)``.
    public func unclip() {
        if memory == nil { check(SDL_RenderSetClipRect(renderer, nil), "clearing the clip") }
        clipPixels = nil
    }

    /// Frees the canvas's textures and fonts. Call before the renderer is destroyed.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        for target in targets { target.close() }
        targets.removeAll()
        sprites.close()
        text.close()
    }

    // MARK: - Helpers

    func pixelRect(x: Double, y: Double, width: Double, height: Double) -> SDL_FRect {
        // Snap both corners to whole pixels so neighbouring rectangles meet without seams.
        let topLeft = transform.pixel(x: x, y: y)
        let bottomRight = transform.pixel(x: x + width, y: y + height)
        let left = topLeft.x.rounded()
        let top = topLeft.y.rounded()
        // Anything thinner than a pixel still shows as one (grid lines at small scales).
        let width = bottomRight.x - topLeft.x > 0 ? max(1, bottomRight.x.rounded() - left) : 0
        let height = bottomRight.y - topLeft.y > 0 ? max(1, bottomRight.y.rounded() - top) : 0
        return SDL_FRect(x: Float(left), y: Float(top), w: Float(width), h: Float(height))
    }

    private func check(_ result: Int32, _ what: String) {
        if result != 0 { record(.sdl(what, String(cString: SDL_GetError()))) }
    }

    /// Records a failed SDL call made by an extension.
    func noteFailure(_ what: String) {
        record(.sdl(what, String(cString: SDL_GetError())))
    }

    /// Records an error met by an extension's draw call.
    func noteError(_ error: DesktopError) {
        record(error)
    }

    private func record(_ error: DesktopError) {
        if lastError == nil { lastError = error }
    }
}

extension Canvas {
    /// How many rendered strings the text cache holds (one per string, size and weight).
    public var cachedTextCount: Int { text.cachedStringCount }
}
