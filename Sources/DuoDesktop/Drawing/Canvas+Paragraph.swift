import DuoPlatform
import TabletopEngine

extension Canvas {
    /// `string` fitted into `maxLines` lines of `maxWidth` points with the
    /// real font: wrapped at `style`'s size, shrunk down to `minimumSize` if
    /// need be, never cut (see `FittedParagraph`).
    public func fitParagraph(
        _ string: String, maxWidth: Double, maxLines: Int, style: TextStyle, minimumSize: Double = FittedParagraph.minimumSize
    ) -> FittedParagraph {
        let key = FittedParagraphKey(
            text: string, maxWidth: maxWidth, maxLines: maxLines, size: style.size, bold: style.bold, minimumSize: minimumSize,
            scale: transform.scale)
        if let known = fittedParagraphs[key] { return known }
        let paragraph = FittedParagraph.fit(string, maxWidth: maxWidth, maxLines: maxLines, size: style.size, minimumSize: minimumSize) {
            text, size in
            measureText(text, style: TextStyle(size: size, bold: style.bold, color: style.color)).width
        }
        // A bound, not an eviction policy: a frame fits a few dozen paragraphs, the same ones frame after frame.
        if fittedParagraphs.count >= FittedParagraphKey.cacheLimit { fittedParagraphs.removeAll(keepingCapacity: true) }
        fittedParagraphs[key] = paragraph
        return paragraph
    }

    /// Draws a fitted paragraph from its top-left corner, one line every
    /// `lineSpacing` times its size; returns the height it took.
    @discardableResult
    public func drawParagraph(_ paragraph: FittedParagraph, x: Double, y: Double, style: TextStyle, lineSpacing: Double = 1.25) -> Double {
        let set = TextStyle(size: paragraph.size, bold: style.bold, color: style.color)
        let step = paragraph.size * lineSpacing
        for (index, line) in paragraph.lines.enumerated() {
            drawText(line, x: x, y: y + Double(index) * step, style: set)
        }
        return Double(paragraph.lines.count) * step
    }
}

/// What a fitted paragraph depends on: the words, the box, the style's size
/// and weight, and the canvas's scale (fonts are set at whole pixel sizes).
struct FittedParagraphKey: Hashable {
    /// How many fitted paragraphs a canvas keeps.
    static let cacheLimit = 512
    var text: String
    var maxWidth: Double
    var maxLines: Int
    var size: Double
    var bold: Bool
    var minimumSize: Double
    var scale: Double
}
