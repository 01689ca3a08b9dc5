import DuoPlatform
import TabletopEngine

/// The frame trace: what a canvas drew, recorded while ``Canvas/tracesFrame``
/// is on, in the units of the space drawn in (scene points inside
/// ``Canvas/drawing(into:transform:_:)``, where the scene is drawn; window
/// pixels outside it). Scene pixels become points by the transform's scale alone:
/// a painter that moves the origin (a seat's own half of a tent) still records scene points.
extension Canvas {
    /// Returns the trace of what was drawn since the last ``beginFrame()`` or call, and starts a new one.
    public func takeTrace() -> FrameTrace {
        defer { startTrace() }
        return frameTrace
    }

    /// Says that a news log of `entries` (newest first) is drawn this frame, for the trace (``FrameTrace/news``).
    public func traceNews(_ entries: [String]) {
        if tracesFrame { frameTrace.news = entries }
    }

    /// Says that the banner `text` is drawn this frame, for the trace (``FrameTrace/banner``).
    public func traceBanner(_ text: String) {
        if tracesFrame { frameTrace.banner = text }
    }

    /// Runs `body` with the trace recording it in `layer` (the painter of an overlay or of the hardware says so).
    public func tracing(_ layer: DrawnText.Layer, _ body: () -> Void) {
        let previous = traceLayer
        traceLayer = layer
        body()
        traceLayer = previous
    }

    func startTrace() {
        frameTrace = FrameTrace()
        cutTexts.removeAll(keepingCapacity: true)
    }

    /// Records a string drawn at `pixels` (the destination rectangle, in the target's pixels).
    func traceText(_ string: String, pixels: Rect, style: TextStyle) {
        frameTrace.texts.append(
            DrawnText(
                text: string, frame: points(pixels), size: style.size, bold: style.bold, clip: clipPixels.map(points),
                cutFrom: cutTexts[string], space: traceSpace, layer: traceLayer))
    }

    /// Records a string `fittedText` cut: one cut to nothing draws nothing, so it is kept as a text of no size.
    func traceCut(_ cut: String, from whole: String) {
        guard !cut.isEmpty else {
            frameTrace.vanishedTexts.append(whole)
            return
        }
        cutTexts[cut] = whole
    }

    /// Records a box the overlay layer drew (mostly opaque, at least 3 points each way: it hides
    /// what is under it; a region's outline, a line, does not).
    func traceShape(_ pixels: Rect, alpha: UInt8) {
        guard traceLayer == .overlay, alpha >= 128, traceSpace == .scene else { return }
        let box = points(pixels)
        if box.width >= 3, box.height >= 3 { frameTrace.overlayShapes.append(box) }
    }

    func boundingBox(of pixels: [SIMD2<Float>]) -> Rect {
        let xs = pixels.map { Double($0.x) }
        let ys = pixels.map { Double($0.y) }
        let minX = xs.min() ?? 0
        let minY = ys.min() ?? 0
        return Rect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }

    /// Scene points from the target's pixels; in the window, pixels as they are (the capture
    /// accessory draws the outer display's scene there, scaled down, and is checked in the window's pixels).
    private func points(_ pixels: Rect) -> Rect {
        guard traceSpace == .scene else { return pixels }
        let scale = transform.scale
        return Rect(x: pixels.minX / scale, y: pixels.minY / scale, width: pixels.width / scale, height: pixels.height / scale)
    }
}
