/// What a table has to tell: a log of its news, newest first, that a player
/// can scroll back through, and the banner of the last event that mattered.
///
/// A pure value shared by every table (local, networked, replayed) of every
/// game, so all of them keep, word and retire their news the same way:
/// - events stay in the log (up to ``limit``), whatever comes after them;
/// - a headline (``NewsEntry/Weight/headline``) may raise a banner, which
///   stays until dismissed or until the player acts (``playerActed()``); a
///   banner raised while another shows waits its turn (``queuedBanners``):
///   the one showing stays at least ``bannerSeconds`` (or until dismissed),
///   so two headlines close together are both seen;
/// - advice (a refused move) leaves the log when the player acts again.
public struct NewsFeed: Sendable, Equatable {
    /// How many entries the log keeps for scrolling back.
    public static let limit = 60

    /// The log, newest first (at most ``limit`` entries).
    public private(set) var entries: [NewsEntry] = []
    /// The banner showing, if any.
    public private(set) var banner: TableBanner?
    /// The banners raised while one showed, oldest first: each shows in turn.
    public private(set) var queuedBanners: [TableBanner] = []
    /// How long the banner showing has been up, in seconds.
    public private(set) var bannerAge = 0.0
    /// The shortest time a banner shows before a queued one replaces it, in seconds.
    public static let bannerSeconds = 2.5
    /// How many banners may wait (the oldest waiting goes first beyond it: a whole salvo of sinkings stays readable).
    public static let queuedBannerLimit = 4
    /// How many of the newest entries the player has scrolled past (0: the newest is on top).
    public private(set) var scrollback = 0

    /// An empty feed.
    public init() {}

    /// The words of every entry, newest first.
    public var lines: [String] { entries.map(\.text) }

    /// The same feed with each entry's words as `words` gives them (its weight, banner and
    /// scroll position kept): what a news box draws where a table words its lines for the board as drawn.
    public func reworded(_ words: (String) -> String) -> NewsFeed {
        var feed = self
        feed.entries = entries.map { NewsEntry(words($0.text), weight: $0.weight) }
        return feed
    }

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
        let raised = TableBanner(text: banner ?? line)
        if self.banner == nil {
            (self.banner, bannerAge) = (raised, 0)
        } else {
            queuedBanners.append(raised)
            if queuedBanners.count > Self.queuedBannerLimit { queuedBanners.removeFirst(queuedBanners.count - Self.queuedBannerLimit) }
        }
    }

    /// Lets `seconds` pass: a banner up for ``bannerSeconds`` gives way to the next one waiting.
    public mutating func advance(by seconds: Double) {
        guard banner != nil else { return }
        bannerAge += max(0, seconds)
        if bannerAge >= Self.bannerSeconds, !queuedBanners.isEmpty { showNextBanner() }
    }

    /// Shows the newest banner at once and drops those waiting: for moves
    /// shown all at once, with no time to read each (demo turns).
    public mutating func showNewestBanner() {
        guard let newest = queuedBanners.last else { return }
        (banner, queuedBanners, bannerAge) = (newest, [], 0)
    }

    /// The next banner waiting, or none.
    private mutating func showNextBanner() {
        banner = queuedBanners.isEmpty ? nil : queuedBanners.removeFirst()
        bannerAge = 0
    }

    /// Adds advice about the player's last action, replacing any advice
    /// still showing; it goes when the player acts again.
    public mutating func advise(_ line: String) {
        removeAdvice()
        add(NewsEntry(line, weight: .advice))
    }

    /// The player did something: advice about their previous action is stale,
    /// and the banner showing has been seen (the next one waiting shows).
    /// Call it before handling the action, so advice the action itself earns stays.
    public mutating func playerActed() {
        removeAdvice()
        showNextBanner()
    }

    /// Takes the banner down (the next one waiting shows); returns whether one was showing.
    @discardableResult
    public mutating func dismissBanner() -> Bool {
        defer { showNextBanner() }
        return banner != nil
    }

    /// Takes the banner and those waiting down at once (a new match begins).
    public mutating func clearBanner() {
        (banner, queuedBanners, bannerAge) = (nil, [], 0)
    }

    /// Empties the log and takes the banner down.
    public mutating func clear() {
        entries = []
        clearBanner()
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
