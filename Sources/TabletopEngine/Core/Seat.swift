/// One of the two places at the table.
///
/// Every game on the engine is played by two seats. A seat is encoded in JSON
/// as its index (`0` or `1`), which is how replays, views and the network name it.
public enum Seat: Int, CaseIterable, Codable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Seat 0: in a batch, the first bot named in `--bots A,B`.
    case first = 0
    /// Seat 1: in a batch, the second bot named in `--bots A,B`.
    case second = 1

    /// The other seat.
    @inlinable public var opponent: Seat { self == .first ? .second : .first }

    /// The seat's index, 0 or 1.
    @inlinable public var index: Int { rawValue }

    /// The seat with this index, or nil when the index is neither 0 nor 1.
    @inlinable public init?(index: Int) { self.init(rawValue: index) }

    /// Orders seats by index.
    @inlinable public static func < (lhs: Seat, rhs: Seat) -> Bool { lhs.rawValue < rhs.rawValue }

    /// "seat 0" or "seat 1".
    public var description: String { "seat \(rawValue)" }
}
