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

    // Computed rather than stored: a stored static is a lazily initialised
    // global, checked on every use in the match loop.
    /// No seat: nobody may move.
    @inlinable public static var none: SeatSet { SeatSet(rawValue: 0) }
    /// Seat 0 only.
    @inlinable public static var first: SeatSet { SeatSet(rawValue: 1) }
    /// Seat 1 only.
    @inlinable public static var second: SeatSet { SeatSet(rawValue: 2) }
    /// Both seats.
    @inlinable public static var both: SeatSet { SeatSet(rawValue: 3) }

    /// Whether `seat` is in the set.
    @inlinable public func contains(_ seat: Seat) -> Bool { rawValue & (1 << UInt8(seat.rawValue)) != 0 }

    /// The seat that moves next when these seats may: the one seat, or, when
    /// both may, the one after `lastMover` (the first seat when nobody has
    /// moved yet); nil when none may. How ``MatchDriver`` takes turns.
    @inlinable public func nextMover(after lastMover: Seat?) -> Seat? {
        if self == .both { return lastMover?.opponent ?? .first }
        if contains(.first) { return .first }
        return contains(.second) ? .second : nil
    }

    /// The seats in the set, in seat order.
    public var seats: [Seat] { Seat.allCases.filter(contains) }
}
