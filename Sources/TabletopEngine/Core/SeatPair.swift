/// One value per seat, stored inline (no allocation), indexed by ``Seat``.
///
/// Encoded in JSON as a two-element array `[first, second]`.
@frozen
public struct SeatPair<Value> {
    /// The value of seat 0.
    public var first: Value
    /// The value of seat 1.
    public var second: Value

    /// Makes a pair from the value of each seat.
    @inlinable public init(_ first: Value, _ second: Value) {
        self.first = first
        self.second = second
    }

    /// Makes a pair with the same value for both seats.
    @inlinable public init(repeating value: Value) {
        self.first = value
        self.second = value
    }

    /// The value of `seat`.
    @inlinable public subscript(seat: Seat) -> Value {
        // A select the compiler makes branch-free (a conditional move of the
        // value or of its address), reading the pair where it lies. Reading
        // at an offset through `withUnsafePointer(to: self)` copied the pair
        // to the stack first, and the wide loads of that fresh copy stalled
        // on its narrower stores: a fifth of Broadside's match loop.
        get { seat == .first ? first : second }
        set {
            if seat == .first { first = newValue } else { second = newValue }
        }
    }

    /// Calls `body` with `seat`'s value and the other seat's, both in place,
    /// and returns what it returns: a change through ``subscript(_:)``
    /// reads the value out and writes it back whole, where this changes
    /// only what `body` changes.
    @inlinable public mutating func modify<Result>(
        _ seat: Seat, _ body: (_ seats: inout Value, _ opponents: inout Value) throws -> Result
    ) rethrows -> Result {
        seat == .first ? try body(&first, &second) : try body(&second, &first)
    }

    /// Both values, in seat order.
    @inlinable public var values: [Value] { [first, second] }

    /// A pair made by transforming each value.
    @inlinable public func map<Other>(_ transform: (Value) throws -> Other) rethrows -> SeatPair<Other> {
        SeatPair<Other>(try transform(first), try transform(second))
    }
}

extension SeatPair: Equatable where Value: Equatable {}
extension SeatPair: Hashable where Value: Hashable {}
extension SeatPair: Sendable where Value: Sendable {}

extension SeatPair: Encodable where Value: Encodable {
    /// Encodes as `[first, second]`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(first)
        try container.encode(second)
    }
}

extension SeatPair: Decodable where Value: Decodable {
    /// Decodes `[first, second]`; any other element count is an error.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        if let count = container.count, count != 2 {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "expected one value per seat (2), found \(count)"))
        }
        first = try container.decode(Value.self)
        second = try container.decode(Value.self)
    }
}
