import DuoPlatform
import TabletopEngine

/// Draws a table's news log into its HUD element, its banner and the
/// engine's notices (``TableNotice``): the same for every game, so news reads alike everywhere. The newest entry is on
/// top in full and the one before it always under it (both in fewer lines,
/// smaller, while they do not fit at their size: ``fittedEntries(_:width:room:)``);
/// older ones follow, dimmer, as long as they fit whole (the rest are a
/// scroll away, PageUp). Headlines are bold and coloured. No
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

    /// The log in `frame`, under the caption `title`; with a notice
    /// (``SeatSession/notice``), a prominent one takes the whole box (the
    /// log's entries come back when it goes) and a quiet one takes the caption.
    public func drawLog(_ feed: NewsFeed, in frame: Rect, title: String = "NEWS", notice: TableNotice? = nil) {
        canvas.traceNews(feed.lines)
        if let notice, notice.isProminent { return drawNotice(notice, in: frame) }
        canvas.fillRoundedRect(
            x: frame.minX, y: frame.minY, width: frame.width, height: frame.height, radius: 8,
            color: Palette.statusBackground)
        let inner = frame.width - 2 * Self.inset
        let older = max(0, feed.visibleEntries.count - 1)
        var y = frame.minY + Self.captionHeight
        if let notice {
            y = frame.minY + 4 + drawQuietCaption(notice, x: frame.minX + Self.inset, y: frame.minY + 4, width: inner) + 1
        } else {
            // The caption's longest form that fits whole: a narrow box drops the key's name, then the words, never the count.
            let captions =
                feed.hasNewerEntries
                ? ["\(title) · \(feed.scrollback) newer (PgDn)", "\(title) · \(feed.scrollback) newer", "\(title) +\(feed.scrollback)"]
                : older > 0 ? ["\(title) · PgUp: older", "\(title) · PgUp", title] : [title]
            let caption = captions.first { canvas.measureText($0, style: Self.caption).width <= inner } ?? captions[captions.count - 1]
            canvas.drawText(
                canvas.fittedText(caption, maxWidth: inner, style: Self.caption), x: frame.minX + Self.inset, y: frame.minY + 4,
                style: Self.caption)
        }
        guard !feed.visibleEntries.isEmpty else {
            canvas.drawText("—", x: frame.minX + Self.inset, y: y, style: Self.event)
            return
        }
        for (index, shown) in fittedEntries(feed.visibleEntries, width: inner, room: frame.maxY - 4 - y).enumerated() {
            var style = Self.style(of: shown.entry)
            if index > 0 { style.color = style.color.withAlpha(UInt8(max(110, 230 - 40 * index))) }
            y += canvas.drawParagraph(shown.paragraph, x: frame.minX + Self.inset, y: y, style: style) + Self.entryGap
        }
    }

    /// Points between two entries.
    public static let entryGap = 3.0

    /// The height a fitted entry takes in the log (its lines, no gap).
    public static func height(of paragraph: FittedParagraph) -> Double { Double(paragraph.lines.count) * paragraph.size * 1.25 }

    /// The entries the log shows in `room` points (from the first entry's top
    /// to the box's inner bottom) `width` points wide, newest first: the two
    /// newest always, so two headlines close together are both seen (in
    /// fewer lines each, smaller down to the minimum size, while both do not
    /// fit at their own size), then older ones while they fit whole.
    public func fittedEntries(_ entries: ArraySlice<NewsEntry>, width: Double, room: Double) -> [(entry: NewsEntry, paragraph: FittedParagraph)] {
        let newest = Array(entries.prefix(2))
        guard !newest.isEmpty else { return [] }
        func fit(_ entry: NewsEntry, lines: Int) -> FittedParagraph {
            canvas.fitParagraph(entry.text, maxWidth: width, maxLines: lines, style: Self.style(of: entry))
        }
        func total(_ paragraphs: [FittedParagraph]) -> Double {
            paragraphs.map(Self.height(of:)).reduce(0, +) + Self.entryGap * Double(paragraphs.count - 1)
        }
        // At their own size if both fit; else both smaller, wrapped on more lines, down to the minimum size (never one hidden).
        let own = newest.map { fit($0, lines: Self.linesPerEntry) }
        var chosen = own
        if total(own) > room {
            let sizes = stride(from: Self.event.size - 0.5, through: FittedParagraph.minimumSize, by: -0.5)
            let tries = sizes.map { size in
                newest.map { entry in
                    var style = Self.style(of: entry)
                    style.size = size
                    return canvas.fitParagraph(entry.text, maxWidth: width, maxLines: 3 * Self.linesPerEntry, style: style)
                }
            }
            chosen = tries.first { total($0) <= room } ?? tries.last ?? own
        }
        var shown = Array(zip(newest, chosen).map { (entry: $0, paragraph: $1) })
        var used = total(chosen)
        for entry in entries.dropFirst(newest.count) {
            let paragraph = fit(entry, lines: Self.linesPerEntry)
            let height = Self.entryGap + Self.height(of: paragraph)
            guard used + height <= room else { break }
            shown.append((entry, paragraph))
            used += height
        }
        return shown
    }

    /// A quiet notice in the caption's place: its caption and headline, in the notice's colour, on one or two lines.
    /// - Returns: the height it took.
    private func drawQuietCaption(_ notice: TableNotice, x: Double, y: Double, width: Double) -> Double {
        var style = Self.caption
        style.color = Palette.noticeHeadline
        let fitted = canvas.fitParagraph(notice.quietLine, maxWidth: width, maxLines: 2, style: style)
        return canvas.drawParagraph(fitted, x: x, y: y, style: style)
    }

    /// A notice filling `frame` (the news box, or the notice strip of a
    /// screen with none): a prominent one's caption at the top, its detail at
    /// the bottom (up to three lines) and between them a headline as big as
    /// the room allows, up to 36 pt to read out across a table; a quiet
    /// one's caption over its headline and detail. Every text shrinks to
    /// fit, down to 10 pt, and is never cut.
    public func drawNotice(_ notice: TableNotice, in frame: Rect) {
        canvas.fillRoundedRect(
            x: frame.minX, y: frame.minY, width: frame.width, height: frame.height, radius: 10,
            color: notice.isWarning ? Palette.noticeWarning : Palette.notice)
        let inner = frame.width - 2 * Self.noticeInset
        let x = frame.minX + Self.noticeInset
        let caption = canvas.fitParagraph(notice.caption, maxWidth: inner, maxLines: 2, style: Self.caption)
        let captionBottom = frame.minY + 5 + canvas.drawParagraph(caption, x: x, y: frame.minY + 5, style: Self.caption)
        guard notice.isProminent else {
            let line = canvas.fitParagraph("\(notice.headline) · \(notice.detail)", maxWidth: inner, maxLines: 2, style: Self.event)
            canvas.drawParagraph(line, x: x, y: captionBottom + 1, style: Self.event)
            return
        }
        let detail = canvas.fitParagraph(notice.detail, maxWidth: inner, maxLines: 3, style: Self.noticeDetail)
        let detailHeight = Double(detail.lines.count) * detail.size * 1.25
        let detailTop = frame.maxY - 5 - detailHeight
        let detailStyle = TextStyle(size: detail.size, color: Self.noticeDetail.color)
        for (index, line) in detail.lines.enumerated() {
            canvas.drawText(line, x: frame.midX, y: detailTop + Double(index) * detail.size * 1.25, style: detailStyle, alignment: .top)
        }
        // The headline takes the room between: as big as it fits, up to 36 pt; it shrinks only if the box is too small.
        let room = detailTop - captionBottom - 2
        let headlineStyle = TextStyle(
            size: max(FittedParagraph.minimumSize, min(TableNotice.headlineSize, room / 1.2)), bold: true,
            color: notice.isWarning ? Palette.noticeWarningText : Palette.noticeHeadline)
        let headline = canvas.fitParagraph(notice.headline, maxWidth: inner, maxLines: 1, style: headlineStyle)
        canvas.drawText(
            headline.lines.joined(separator: " "), x: frame.midX, y: captionBottom + 1 + room / 2,
            style: TextStyle(size: headline.size, bold: true, color: headlineStyle.color), alignment: .center)
    }

    /// The padding inside a notice, in points.
    static let noticeInset = 10.0

    /// A notice's detail line style.
    public static let noticeDetail = TextStyle(size: 11, color: Palette.statusText)

    /// The style an entry is drawn in.
    public static func style(of entry: NewsEntry) -> TextStyle {
        switch entry.weight {
        case .event: return event
        case .headline: return headline
        case .advice: return advice
        }
    }

    /// The smallest size of a banner's words: under it, a banner is not drawn there (``isLegible(_:over:)``).
    public static let bannerMinimumSize = 14.0

    /// The banner's words fitted over `frame`: two lines at most, 20 pt down to ``bannerMinimumSize``.
    func bannerParagraph(_ banner: TableBanner, over frame: Rect) -> FittedParagraph {
        canvas.fitParagraph(banner.text, maxWidth: frame.width - 40, maxLines: 2, style: Self.bannerText, minimumSize: Self.bannerMinimumSize)
    }

    /// The banner's height for its fitted words: the lines, the top rule and the hint.
    static func bannerHeight(_ paragraph: FittedParagraph) -> Double { Double(paragraph.lines.count) * paragraph.size * 1.25 + 38 }

    /// Whether `banner` is legible over `frame`: its words whole in two lines
    /// at ``bannerMinimumSize`` or more, and the whole banner inside the frame.
    public func isLegible(_ banner: TableBanner, over frame: Rect) -> Bool {
        let paragraph = bannerParagraph(banner, over: frame)
        return paragraph.fits && paragraph.size >= Self.bannerMinimumSize && Self.bannerHeight(paragraph) <= frame.height
    }

    /// The banner, centred on `frame` (a board the player is not acting on,
    /// so it does not hide what they aim at), wrapped to fit its width.
    public func drawBanner(_ banner: TableBanner, over frame: Rect) {
        canvas.traceBanner(banner.text)
        let width = frame.width - 16
        let paragraph = bannerParagraph(banner, over: frame)
        let lineHeight = paragraph.size * 1.25
        let height = Self.bannerHeight(paragraph)
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
