import DuoPlatform
import TabletopEngine

extension Canvas {
    /// `string` fitted into `maxLines` lines of `maxWidth` points with the
    /// real font: wrapped at `style`'s size, shrunk down to `minimumSize` if
    /// need be, never cut (see `FittedParagraph`).
    public func fitParagraph(
        _ string: String, maxWidth: Double, maxLines: Int, style: TextStyle, minimumSize: Double = FittedParagraph.minimumSize
    ) -> FittedParagraph {
        FittedParagraph.fit(string, maxWidth: maxWidth, maxLines: maxLines, size: style.size, minimumSize: minimumSize) { text, size in
            measureText(text, style: TextStyle(size: size, bold: style.bold, color: style.color)).width
        }
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
