/// A message a table shows in a status strip of its own, bigger than the
/// others: a networked game's connection (the match code to read out while
/// waiting for the opponent, reconnecting, lost). Drawn in the HUD element
/// ``elementID``, which the table adds to its screen while it has a notice,
/// so the fold-aware layout places it like any strip (upright half).
public struct TableNotice: Sendable, Hashable {
    /// The HUD element id of the notice strip.
    public static let elementID = "notice"
    /// The strip's height in points: room for a headline readable across a table.
    public static let height = 96.0

    /// The small caption above ("MATCH CODE", "RECONNECTING").
    public var caption: String
    /// The big line (the code itself, "Connection lost").
    public var headline: String
    /// One line of detail under it (how to join, why, what to press).
    public var detail: String
    /// Whether it reports trouble (drawn in the warning colour).
    public var isWarning: Bool

    /// A notice from its parts.
    public init(caption: String, headline: String, detail: String, isWarning: Bool = false) {
        self.caption = caption
        self.headline = headline
        self.detail = detail
        self.isWarning = isWarning
    }
}
