/// Words laid out to fit a box: wrapped at the style's size if they can be,
/// else at smaller sizes down to ``minimumSize``, and never cut short. Pure,
/// given how wide a string is at a size, so it is tested without a font and
/// `duo lint` can ask the same question with the real one.
public struct FittedParagraph: Sendable, Equatable {
    /// The smallest size, in points, text is shrunk to before it is allowed
    /// to overflow: about the smallest a phone UI uses for a caption.
    public static let minimumSize = 10.0
    /// How much smaller each attempt is, in points.
    static let sizeStep = 0.5

    /// The lines, in order; together they hold every word of the text.
    public var lines: [String]
    /// The size, in points, the lines are set at.
    public var size: Double
    /// Whether the lines fit the width and the line count; false when even at
    /// ``minimumSize`` they do not (the lines are then all the words at the
    /// minimum size, more lines than asked or wider: overflowing, never cut).
    public var fits: Bool

    /// A paragraph from its parts (``fit(_:maxWidth:maxLines:size:minimumSize:width:)`` makes them).
    public init(lines: [String], size: Double, fits: Bool) {
        self.lines = lines
        self.size = size
        self.fits = fits
    }

    /// Fits `text` into `maxLines` lines of `maxWidth` points.
    /// - Parameters:
    ///   - text: the words, split at spaces.
    ///   - maxWidth: the width of a line, in points.
    ///   - maxLines: how many lines the words may take.
    ///   - size: the size to try first (the style's).
    ///   - minimumSize: the smallest size allowed (at most `size`).
    ///   - width: how wide a string is, in points, at a size.
    public static func fit(
        _ text: String, maxWidth: Double, maxLines: Int, size: Double, minimumSize: Double = Self.minimumSize,
        width: (String, Double) -> Double
    ) -> FittedParagraph {
        let floor = min(size, minimumSize)
        var current = size
        while true {
            let lines = wrap(text, maxWidth: maxWidth, size: current, width: width)
            let fits = lines.count <= max(1, maxLines) && lines.allSatisfy { width($0, current) <= maxWidth }
            if fits || current <= floor { return FittedParagraph(lines: lines, size: current, fits: fits) }
            current = max(floor, current - sizeStep)
        }
    }

    /// Greedy word wrap at one size; a word wider than the line is broken
    /// between characters rather than left to overflow.
    static func wrap(_ text: String, maxWidth: Double, size: Double, width: (String, Double) -> Double) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ").map(String.init) {
            let candidate = line.isEmpty ? word : line + " " + word
            if width(candidate, size) <= maxWidth {
                line = candidate
                continue
            }
            if !line.isEmpty { lines.append(line) }
            line = ""
            if width(word, size) <= maxWidth {
                line = word
                continue
            }
            for character in word {
                let longer = line + String(character)
                if !line.isEmpty, width(longer, size) > maxWidth {
                    lines.append(line)
                    line = String(character)
                } else {
                    line = longer
                }
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
