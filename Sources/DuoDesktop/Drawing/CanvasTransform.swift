/// How canvas points become renderer pixels: a uniform scale, then an offset.
public struct CanvasTransform: Sendable, Equatable {
    /// Pixels per point.
    public var scale: Double
    /// Pixel position of point (0, 0), x.
    public var offsetX: Double
    /// Pixel position of point (0, 0), y.
    public var offsetY: Double

    /// A transform from its scale and offset.
    public init(scale: Double = 1, offsetX: Double = 0, offsetY: Double = 0) {
        self.scale = scale
        self.offsetX = offsetX
        self.offsetY = offsetY
    }

    /// Points map to pixels one to one.
    public static let identity = CanvasTransform()

    /// The pixel position of a point.
    public func pixel(x: Double, y: Double) -> (x: Double, y: Double) {
        (x * scale + offsetX, y * scale + offsetY)
    }

    /// The point at a pixel position.
    public func point(pixelX: Double, pixelY: Double) -> (x: Double, y: Double) {
        ((pixelX - offsetX) / scale, (pixelY - offsetY) / scale)
    }
}
