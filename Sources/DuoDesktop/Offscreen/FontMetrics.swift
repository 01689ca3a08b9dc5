import DuoPlatform
import TabletopEngine

/// The real font's metrics with no display: widths of strings in points,
/// as the window sets them at scale 1 (sizes round to whole pixels, up as
/// often as down). What `duo lint`'s text-fit rule measures with.
public final class FontMetrics {
    private let offscreen: OffscreenRenderer

    /// Metrics of the fonts ``FontLocator`` finds (or `faces`).
    /// - Throws: ``DesktopError`` when no font can be loaded.
    public init(faces: FontLocator.Faces? = nil) throws(DesktopError) {
        offscreen = try OffscreenRenderer(width: 1, height: 1, faces: faces)
    }

    /// The width of `text` at `size` points, bold or regular.
    public func width(_ text: String, size: Double, bold: Bool) -> Double {
        offscreen.canvas.measureText(text, style: TextStyle(size: size, bold: bold, color: RGBAColor(hex: 0))).width
    }

    /// The measure the text-fit rule takes.
    public var measure: HUDTextLint.Measure { { [self] text, size, bold in width(text, size: size, bold: bold) } }

    /// Lets go of the font and the surface.
    public func close() {
        offscreen.close()
    }
}
