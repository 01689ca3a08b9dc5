import DuoPlatform

/// The copies one panel is drawn with, strip after strip: each strip joins the copy before it
/// where SDL draws the two as one to the very same pixels (see ``PixelCopy``).
struct StripBatch {
    let stacking: PixelCopy.Stacking
    /// False keeps every strip a copy of its own.
    let merges: Bool
    private let sourceSize: (width: Int, height: Int)
    private let canvasSize: (width: Int, height: Int)
    /// The copies so far, in the order they are drawn.
    private(set) var copies: [PixelCopy] = []
    /// Whether the last copy may take the next strip in.
    private var lastJoins = false

    init(target: RenderTarget, canvasSize: (width: Int, height: Int), stacking: PixelCopy.Stacking, merges: Bool) {
        self.stacking = stacking
        self.merges = merges
        sourceSize = (target.pixelWidth, target.pixelHeight)
        self.canvasSize = canvasSize
    }

    /// Adds a strip.
    mutating func add(_ strip: PixelCopy) {
        // A strip SDL would clip is drawn as it always was, alone.
        let joins = merges && strip.isInside(source: sourceSize, destination: canvasSize)
        if joins, lastJoins, var copy = copies.last, copy.canAbsorb(strip, stacking: stacking) {
            copy.absorb(strip, stacking: stacking)
            copies[copies.count - 1] = copy
        } else {
            copies.append(strip)
            lastJoins = joins
        }
    }
}
