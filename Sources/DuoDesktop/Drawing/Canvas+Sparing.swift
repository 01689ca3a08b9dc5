import CPixels
import CSDL2
import DuoPlatform

/// Pixels written once, not twice, in memory: a fill or clear that the caller draws over right
/// after (with opaque pixels, wholly) spares what it would draw there. Through SDL's renderer
/// each is the plain fill or clear.
extension Canvas {
    /// Clears as ``clear(_:)`` does, but for the pixels `copies` will draw over (their
    /// destination rectangles, on this picture in memory): those are written once, not twice.
    func clear(_ color: RGBAColor, sparing copies: [PixelCopy]) {
        guard let memory else { return clear(color) }
        let copies = copies.map(\.cCopy)
        let pixel = MemorySurface.word(color)
        if duo_fill_outside(memory.pixel(x: 0, y: 0), memory.pitch, Int32(memory.width), Int32(memory.height), pixel, copies, copies.count) != 0 {
            clear(color)
        }
    }

    /// Fills a rectangle given in points as ``fillRect(x:y:width:height:color:)`` does, but for
    /// the pixels of `spared` (rectangles in points the caller fills right after with opaque
    /// colours): in memory, those are written once, not twice.
    func fillRect(x: Double, y: Double, width: Double, height: Double, color: RGBAColor, sparing spared: [Rect]) {
        guard let memory, color.alpha == 255, width > 0, height > 0 else {
            return fillRect(x: x, y: y, width: width, height: height, color: color)
        }
        let whole = pixelRect(x: x, y: y, width: width, height: height)
        guard whole.w > 0, whole.h > 0 else { return }
        let holes = spared.compactMap { rect -> SDL_Rect? in
            let pixels = pixelRect(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height)
            return pixels.w > 0 && pixels.h > 0 ? Self.rendererRect(pixels) : nil
        }
        for area in Self.difference(Self.rendererRect(whole), holes) {
            memory.fill(area, color: color, clip: memoryClip, blends: false)
        }
        if tracesFrame, traceLayer == .overlay {
            traceShape(Rect(x: Double(whole.x), y: Double(whole.y), width: Double(whole.w), height: Double(whole.h)), alpha: color.alpha)
        }
    }

    /// The pixels of `rect` outside every rectangle of `holes`, as rectangles (in bands of rows).
    static func difference(_ rect: SDL_Rect, _ holes: [SDL_Rect]) -> [SDL_Rect] {
        let bottom = rect.y + rect.h
        let edges = Set([rect.y, bottom] + holes.flatMap { [$0.y, $0.y + $0.h] }).filter { $0 >= rect.y && $0 <= bottom }.sorted()
        var pieces: [SDL_Rect] = []
        for (top, end) in zip(edges, edges.dropFirst()) {
            var x = rect.x
            let covering = holes.filter { $0.y <= top && $0.y + $0.h >= end && $0.w > 0 }.sorted { $0.x < $1.x }
            for hole in covering + [SDL_Rect(x: rect.x + rect.w, y: top, w: 0, h: 0)] {
                let to = min(hole.x, rect.x + rect.w)
                if to > x { pieces.append(SDL_Rect(x: x, y: top, w: to - x, h: end - top)) }
                x = max(x, hole.x + hole.w)
            }
        }
        return pieces
    }
}
