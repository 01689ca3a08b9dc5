import DuoPlatform
import TabletopEngine

/// Draws a table's news log into its HUD element, and its banner: the same
/// for every game, so news reads alike everywhere. The newest entry is on
/// top in full; older ones follow, dimmer, as long as they fit whole (the
/// rest are a scroll away, PageUp). Headlines are bold and coloured. No
/// entry is ever cut: words wrap, and shrink to `FittedParagraph.minimumSize`.
public struct NewsLogPainter {
    /// The caption's style.
    public static let caption = TextStyle(size: 10.5, bold: true, color: Palette.statusCaption)
    /// An event's style.
    public static let event = TextStyle(size: 13.5, bold: true, color: Palette.statusText)
    /// A headline's style.
    public static let headline = TextStyle(size: 13.5, bold: true, color: Palette.noticeHeadline)
    /// Advice's style (a refused move).
    public static let advice = TextStyle(size: 13.5, bold: true, color: Palette.adviceText)
    /// The banner's style.
    public static let bannerText = TextStyle(size: 20, bold: true, color: Palette.statusText)
    /// Lines an entry may take before it shrinks.
    public static let linesPerEntry = 4
    /// Padding inside the box, in points.
    static let inset = 8.0
    /// Where the first entry starts below the box's top: under the caption.
    public static let captionHeight = 18.0

    /// The canvas drawn on.
    public let canvas: Canvas

    /// A painter drawing on `canvas`.
    public init(canvas: Canvas) {
        self.canvas = canvas
    }

    /// The log in `frame`, under the caption `title`.
    public func drawLog(_ feed: NewsFeed, in frame: Rect, title: String = "NEWS") {
        canvas.traceNews(feed.lines)
        canvas.fillRoundedRect(
            x: frame.minX, y: frame.minY, width: frame.width, height: frame.height, radius: 8,
            color: Palette.statusBackground)
        let inner = frame.width - 2 * Self.inset
        let older = max(0, feed.visibleEntries.count - 1)
        // The caption's longest form that fits whole: a narrow box drops the key's name, then the words, never the count.
        let captions =
            feed.hasNewerEntries
            ? ["\(title) · \(feed.scrollback) newer (PgDn)", "\(title) · \(feed.scrollback) newer", "\(title) +\(feed.scrollback)"]
            : older > 0 ? ["\(title) · PgUp: older", "\(title) · PgUp", title] : [title]
        let caption = captions.first { canvas.measureText($0, style: Self.caption).width <= inner } ?? captions[captions.count - 1]
        canvas.drawText(
            canvas.fittedText(caption, maxWidth: inner, style: Self.caption), x: frame.minX + Self.inset, y: frame.minY + 4,
            style: Self.caption)
        var y = frame.minY + Self.captionHeight
        guard !feed.visibleEntries.isEmpty else {
            canvas.drawText("—", x: frame.minX + Self.inset, y: y, style: Self.event)
            return
        }
        for (index, entry) in feed.visibleEntries.enumerated() {
            var style = Self.style(of: entry)
            if index > 0 { style.color = style.color.withAlpha(UInt8(max(110, 230 - 40 * index))) }
            let paragraph = canvas.fitParagraph(entry.text, maxWidth: inner, maxLines: Self.linesPerEntry, style: style)
            let height = Double(paragraph.lines.count) * paragraph.size * 1.25
            // The newest entry is always drawn; older ones only whole.
            if index > 0, y + height > frame.maxY - 4 { break }
            y += canvas.drawParagraph(paragraph, x: frame.minX + Self.inset, y: y, style: style) + 3
        }
    }

    /// The style an entry is drawn in.
    public static func style(of entry: NewsEntry) -> TextStyle {
        switch entry.weight {
        case .event: return event
        case .headline: return headline
        case .advice: return advice
        }
    }

    /// The banner, centred on `frame` (a board the player is not acting on,
    /// so it does not hide what they aim at), wrapped to fit its width.
    public func drawBanner(_ banner: TableBanner, over frame: Rect) {
        canvas.traceBanner(banner.text)
        let width = frame.width - 16
        let paragraph = canvas.fitParagraph(banner.text, maxWidth: width - 24, maxLines: 2, style: Self.bannerText)
        let lineHeight = paragraph.size * 1.25
        let height = Double(paragraph.lines.count) * lineHeight + 38
        let widest =
            paragraph.lines.map { canvas.measureText($0, style: TextStyle(size: paragraph.size, bold: true, color: .init(hex: 0))).width }
            .max() ?? 0
        let boxWidth = min(width, widest + 40)
        let top = frame.midY - height / 2
        canvas.fillRoundedRect(x: frame.midX - boxWidth / 2, y: top, width: boxWidth, height: height, radius: 12, color: Palette.banner)
        canvas.fillRect(x: frame.midX - boxWidth / 2 + 12, y: top, width: boxWidth - 24, height: 3, color: Palette.noticeHeadline)
        let style = TextStyle(size: paragraph.size, bold: true, color: Self.bannerText.color)
        for (index, line) in paragraph.lines.enumerated() {
            canvas.drawText(line, x: frame.midX, y: top + 13 + Double(index) * lineHeight + lineHeight / 2, style: style, alignment: .center)
        }
        let hint = TextStyle(size: 10, color: Palette.statusCaption)
        canvas.drawText("Esc: dismiss", x: frame.midX, y: top + height - 11, style: hint, alignment: .center)
    }
}
