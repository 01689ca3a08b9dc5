import TabletopEngine

/// What a table says about a view it was shown (``SeatTable/show(_:session:news:)``),
/// in the game's own words: events, and headlines that raise a banner. The
/// engine puts them in the seat's news (``SeatSession/feed``) once the table
/// shows the move they are about.
public struct SeatNews: Sendable, Equatable {
    /// One thing said: an entry of the log, and the banner a headline raises.
    public struct Item: Sendable, Equatable {
        /// The log's entry (an event or a headline).
        public var entry: NewsEntry
        /// The banner's words, for a headline (nil: no banner).
        public var banner: String?

        /// An item from its parts.
        public init(entry: NewsEntry, banner: String? = nil) {
            self.entry = entry
            self.banner = banner
        }
    }

    /// What was said, in order.
    public private(set) var items: [Item] = []

    /// Nothing said yet.
    public init() {}

    /// An event: a line in the log (a shot, a stroke).
    public mutating func say(_ line: String) {
        items.append(Item(entry: NewsEntry(line, weight: .event)))
    }

    /// A headline (a ship sunk, a hole finished, the match won): a line in the
    /// log drawn stronger, with a banner (`banner`, or the line itself).
    public mutating func announce(_ line: String, banner: String? = nil) {
        items.append(Item(entry: NewsEntry(line, weight: .headline), banner: banner ?? line))
    }

    /// Whether a headline was said.
    public var hasHeadline: Bool { items.contains { $0.entry.weight == .headline } }
}
