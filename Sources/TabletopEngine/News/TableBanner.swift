/// A message shown across the table (a ship sunk, a hole finished, the match
/// won or lost). It stays until the player dismisses it or acts again, so an
/// event that matters cannot be missed by looking away for a second.
public struct TableBanner: Sendable, Equatable {
    /// The words.
    public var text: String

    /// A banner showing `text`.
    public init(text: String) {
        self.text = text
    }
}
