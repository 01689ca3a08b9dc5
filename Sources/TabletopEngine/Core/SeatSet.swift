/// A set of seats, for example the seats allowed to move now.
///
/// During a simultaneous phase (both players hiding their pieces) both seats
/// may move; on an ordinary turn only one; once the match is over, none.
@frozen
public struct SeatSet: OptionSet, Hashable, Sendable, Codable {
    /// Bit 0 is seat 0, bit 1 is seat 1.
    public var rawValue: UInt8

    /// Makes a set from its bits.
    @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The set holding just `seat`.
    @inlinable public init(_ seat: Seat) { self.rawValue = 1 << UInt8(seat.rawValue) }

    /// No seat: nobody may move.
    public static let none: SeatSet = []
    /// Seat 0 only.
    public static let first = SeatSet(.first)
    /// Seat 1 only.
    public static let second = SeatSet(.second)
    /// Both seats.
    public static let both: SeatSet = [.first, .second]

    /// Whether `seat` is in the set.
    @inlinable public func contains(_ seat: Seat) -> Bool { rawValue & (1 << UInt8(seat.rawValue)) != 0 }

    /// The seats in the set, in seat order.
    public var seats: [Seat] { Seat.allCases.filter(contains) }
}
