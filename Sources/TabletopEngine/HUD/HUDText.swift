/// A text a game shows in one of its HUD elements, as the game's painter
/// sets it: what `duo lint` measures with the real font in every situation,
/// so a status line that would be cut or overflow is found before a player
/// sees it. A game lists its longest texts per element (every wording of the
/// turn cell, the longest news line, each button's label).
public struct HUDText: Sendable, Hashable {
    /// The element it is drawn in.
    public var element: String
    /// The words.
    public var text: String
    /// The size, in points, the painter sets it at first.
    public var size: Double
    /// Whether it is bold.
    public var bold: Bool
    /// How many lines the element gives it.
    public var maxLines: Int
    /// The padding on each side, in points: the text's width is the element's less twice this.
    public var horizontalInset: Double
    /// The room above the text (a caption), in points.
    public var topInset: Double
    /// The room below the text, in points.
    public var bottomInset: Double
    /// The distance from one line to the next, as a multiple of the size.
    public var lineSpacing: Double

    /// A text from its parts.
    public init(
        element: String, text: String, size: Double, bold: Bool = true, maxLines: Int = 1, horizontalInset: Double = 8,
        topInset: Double = 0, bottomInset: Double = 0, lineSpacing: Double = 1.25
    ) {
        self.element = element
        self.text = text
        self.size = size
        self.bold = bold
        self.maxLines = maxLines
        self.horizontalInset = horizontalInset
        self.topInset = topInset
        self.bottomInset = bottomInset
        self.lineSpacing = lineSpacing
    }

    /// How many lines an element `height` points tall gives the text: its
    /// ``maxLines``, or fewer when the element is too short for them (at least one).
    public func lines(inHeight height: Double) -> Int {
        let room = height - topInset - bottomInset
        return max(1, min(maxLines, Int((room / (size * lineSpacing) + 0.01).rounded(.down))))
    }
}

/// The text-fit rule: every ``HUDText`` of an element that is placed fits
/// the element's width in its lines, wrapped and shrunk down to
/// ``FittedParagraph/minimumSize`` at the least, as the painters draw it.
public struct HUDTextLint {
    /// How wide a string is in points: (text, size, bold) -> width. The real
    /// font's metrics in `duo lint`; anything in a test.
    public typealias Measure = (String, Double, Bool) -> Double

    private struct Key: Hashable {
        var text: HUDText
        var width: Double
        var lines: Int
    }

    private let measure: Measure
    private var verdicts: [Key: FittedParagraph] = [:]

    /// A rule measuring with `measure`; it remembers each verdict, as a sweep
    /// meets the same element width in many situations.
    public init(measure: @escaping Measure) {
        self.measure = measure
    }

    /// A violation for each text of `texts` that does not fit its element in `layout`.
    public mutating func check(_ layout: HUDLayout, texts: [HUDText]) -> [HUDViolation] {
        var violations: [HUDViolation] = []
        for text in texts {
            guard let frame = layout.frame(of: text.element) else { continue }
            let width = frame.width - 2 * text.horizontalInset
            let lines = text.lines(inHeight: frame.height)
            let key = Key(text: text, width: (width * 100).rounded() / 100, lines: lines)
            let paragraph: FittedParagraph
            if let known = verdicts[key] {
                paragraph = known
            } else {
                paragraph = FittedParagraph.fit(text.text, maxWidth: width, maxLines: lines, size: text.size) { words, size in
                    measure(words, size, text.bold)
                }
                verdicts[key] = paragraph
            }
            guard !paragraph.fits else { continue }
            violations.append(
                HUDViolation(
                    kind: .textDoesNotFit, element: text.element, frame: frame,
                    detail: "'\(text.text)' needs \(paragraph.lines.count) line\(paragraph.lines.count == 1 ? "" : "s") of "
                        + "\(HUDLint.formatted(width)) pt at \(HUDLint.formatted(paragraph.size)) pt, the element gives \(lines)"))
        }
        return violations
    }
}
