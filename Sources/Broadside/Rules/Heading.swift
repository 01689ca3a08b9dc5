/// Which way a ship lies from its first cell.
public enum Heading: String, CaseIterable, Codable, Hashable, Sendable {
    /// Left to right along a row.
    case across
    /// Top to bottom along a column.
    case down

    /// The index step from one cell of the ship to the next (cells are `row * 16 + column`).
    public var step: Int { self == .across ? 1 : 16 }
}
