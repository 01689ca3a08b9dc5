/// What a table has to tell: a log of its news, newest first, that a player
/// can scroll back through, and the banner of the last event that mattered.
///
/// A pure value shared by every table (local, networked, replayed) of every
/// game, so all of them keep, word and retire their news the same way:
/// - events stay in the log (up to ``limit``), whatever comes after them;
/// - a headline (``NewsEntry/Weight/headline``) may raise a banner, which
///   stays until dismissed or until the player acts (``playerActed()``);
/// - advice (a refused move) leaves the log when the player acts again.
public struct NewsFeed: Sendable, Equatable {
    /// How many entries the log keeps for scrolling back.
    public static let limit = 60

    /// The log, newest first (at most ``limit`` entries).
    public private(set) var entries: [NewsEntry] = []
    /// The banner showing, if any.
    public private(set) var banner: TableBanner?
    /// How many of the newest entries the player has scrolled past (0: the newest is on top).
    public private(set) var scrollback = 0

    /// An empty feed.
    public init() {}

    /// The words of every entry, newest first.
    public var lines: [String] { entries.map(\.text) }

    /// The entries from the scroll position on, newest first: what the news box shows.
    public var visibleEntries: ArraySlice<NewsEntry> { entries.dropFirst(scrollback) }

    /// Whether entries newer than the visible ones are scrolled out of sight.
    public var hasNewerEntries: Bool { scrollback > 0 }

    /// Adds an event at the top. While the player reads older news, the
    /// position stays on what they are reading.
    public mutating func say(_ line: String) {
        add(NewsEntry(line, weight: .event))
    }

    /// Adds a headline at the top, with a banner (`banner`, or the line itself)
    /// that stays until dismissed or until the player acts.
    public mutating func announce(_ line: String, banner: String? = nil) {
        add(NewsEntry(line, weight: .headline))
        self.banner = TableBanner(text: banner ?? line)
    }

    /// Adds advice about the player's last action, replacing any advice
    /// still showing; it goes when the player acts again.
    public mutating func advise(_ line: String) {
        removeAdvice()
        add(NewsEntry(line, weight: .advice))
    }

    /// The player did something: advice about their previous action is stale,
    /// and the banner has been seen. Call it before handling the action, so
    /// advice the action itself earns stays.
    public mutating func playerActed() {
        removeAdvice()
        banner = nil
    }

    /// Takes the banner down; returns whether one was showing.
    @discardableResult
    public mutating func dismissBanner() -> Bool {
        defer { banner = nil }
        return banner != nil
    }

    /// Takes the banner down at once (a new match begins).
    public mutating func clearBanner() {
        banner = nil
    }

    /// Empties the log and takes the banner down.
    public mutating func clear() {
        entries = []
        banner = nil
        scrollback = 0
    }

    /// Scrolls by `steps` entries: positive towards older news, negative back
    /// towards the newest. The newest visible entry is never past the oldest one.
    public mutating func scroll(by steps: Int) {
        scrollback = min(max(0, scrollback + steps), max(0, entries.count - 1))
    }

    private mutating func add(_ entry: NewsEntry) {
        entries.insert(entry, at: 0)
        if scrollback > 0 { scrollback += 1 }
        if entries.count > Self.limit { entries.removeLast(entries.count - Self.limit) }
        scrollback = min(scrollback, max(0, entries.count - 1))
    }

    private mutating func removeAdvice() {
        guard let index = entries.firstIndex(where: { $0.weight == .advice }) else { return }
        entries.remove(at: index)
        if scrollback > index { scrollback -= 1 }
    }
}
