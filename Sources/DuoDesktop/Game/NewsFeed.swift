/// A message shown across the boards for a moment (a ship sunk, the match won).
public struct TableBanner: Sendable, Equatable {
    /// The words.
    public var text: String
    /// Seconds left on screen.
    public var remaining: Double

    /// A banner showing `text` for `remaining` seconds.
    public init(text: String, remaining: Double) {
        self.text = text
        self.remaining = remaining
    }
}

/// What a table has to tell: the latest news lines, newest first, and the
/// banner showing for a moment. Shared by the local and the networked
/// table, so both word and age their news the same way.
public struct NewsFeed: Sendable, Equatable {
    /// How many lines are kept.
    public static let limit = 6

    /// News, newest first (at most ``limit``).
    public private(set) var lines: [String] = []
    /// The banner showing, if any.
    public private(set) var banner: TableBanner?

    /// An empty feed.
    public init() {}

    /// Adds a line at the top.
    public mutating func say(_ line: String) {
        lines.insert(line, at: 0)
        if lines.count > Self.limit { lines.removeLast(lines.count - Self.limit) }
    }

    /// Shows a banner for `seconds` (replacing the one showing).
    public mutating func show(_ text: String, for seconds: Double) {
        banner = TableBanner(text: text, remaining: seconds)
    }

    /// Takes the banner down at once.
    public mutating func clearBanner() {
        banner = nil
    }

    /// Lets time pass: the banner fades and goes.
    public mutating func advance(by seconds: Double) {
        guard seconds > 0, var current = banner else { return }
        current.remaining -= seconds
        banner = current.remaining > 0 ? current : nil
    }
}
