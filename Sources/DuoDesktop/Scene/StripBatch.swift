import DuoPlatform

/// The strips of one leaning panel on their way to the canvas: each is drawn when
/// the next cannot join it (see ``PixelCopy``), so merging costs no extra memory.
struct StripBatch {
    let canvas: Canvas
    let target: RenderTarget
    let stacking: PixelCopy.Stacking
    /// False draws every strip alone.
    let merges: Bool
    private let sourceSize: (width: Int, height: Int)
    private let canvasSize: (width: Int, height: Int)
    private var pending: PixelCopy?

    init(canvas: Canvas, target: RenderTarget, stacking: PixelCopy.Stacking, merges: Bool) {
        self.canvas = canvas
        self.target = target
        self.stacking = stacking
        self.merges = merges
        sourceSize = (target.pixelWidth, target.pixelHeight)
        canvasSize = canvas.pixelSize
    }

    /// Adds the strip ``Canvas/drawTexture(_:sourcePixels:x:y:width:height:)`` would draw from these rectangles.
    mutating func add(sourcePixels: Rect, x: Double, y: Double, width: Double, height: Double) {
        let strip = canvas.pixelCopy(sourcePixels: sourcePixels, x: x, y: y, width: width, height: height)
        guard merges, strip.isInside(source: sourceSize, destination: canvasSize) else {
            // A strip SDL would clip is drawn as it always was, alone.
            finish()
            canvas.copy(from: target, strip)
            return
        }
        if var copy = pending, copy.canAbsorb(strip, stacking: stacking) {
            copy.absorb(strip, stacking: stacking)
            pending = copy
        } else {
            finish()
            pending = strip
        }
    }

    /// Draws the strip still pending.
    mutating func finish() {
        if let pending { canvas.copy(from: target, pending) }
        pending = nil
    }
}
