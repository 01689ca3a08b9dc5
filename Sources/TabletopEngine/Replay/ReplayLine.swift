import Foundation

/// A line of a replay: it writes its fields in the order `docs/REPLAY.md`
/// gives (`type` first), so the same match always gives the same bytes.
public protocol ReplayLine {
    /// Writes the line's fields, in order.
    func write(to object: inout OrderedJSONObject)
}

/// A JSON object written key by key in a fixed order, each value encoded
/// with sorted keys: deterministic bytes (a dictionary-backed encoder
/// gives no key order at all).
public struct OrderedJSONObject {
    private var bytes: [UInt8]
    private var isEmpty = true

    /// An empty object.
    public init() {
        // Room for a move line (about a hundred bytes), so it is not grown on the way.
        bytes = []
        bytes.reserveCapacity(160)
        bytes.append(UInt8(ascii: "{"))
    }

    /// Adds `"key": value`; a nil value is written as `null`.
    ///
    /// Integers, strings, seats and hashes (most of a replay) are written
    /// directly; anything else through `JSONEncoder`. The bytes are the same either way.
    public mutating func add<Value: Encodable>(_ key: String, _ value: Value?) {
        addKey(key)
        guard let value else {
            bytes.append(contentsOf: Array("null".utf8))
            return
        }
        switch value {
        case let number as Int: bytes.append(contentsOf: String(number).utf8)
        case let seat as Seat: bytes.append(contentsOf: String(seat.rawValue).utf8)
        case let text as String: appendString(text)
        case let hash as StableHash: appendString(hash.description)
        default: bytes.append(contentsOf: encoded(value))
        }
    }

    // The fields of every move line, written without the generic path's
    // casts and strings: the same bytes as `add(_:_:)` with an optional.

    mutating func add(_ key: String, _ value: Int) {
        addKey(key)
        appendInteger(value)
    }

    mutating func add(_ key: String, _ value: Seat) {
        addKey(key)
        appendInteger(value.rawValue)
    }

    mutating func add(_ key: String, _ value: String) {
        addKey(key)
        appendString(value)
    }

    mutating func add(_ key: String, _ value: StableHash) {
        addKey(key)
        // 16 lowercase hexadecimal digits, quoted: `StableHash.description`.
        bytes.append(0x22)
        for shift in stride(from: 60, through: 0, by: -4) {
            let digit = UInt8(truncatingIfNeeded: value.value >> UInt64(shift)) & 0x0F
            bytes.append(digit < 10 ? 0x30 &+ digit : 0x57 &+ digit)
        }
        bytes.append(0x22)
    }

    /// The decimal digits of `String(value)`, without making the string.
    private mutating func appendInteger(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var divisor: UInt = 1
        while magnitude / divisor >= 10 { divisor *= 10 }
        repeat {
            bytes.append(0x30 &+ UInt8(truncatingIfNeeded: magnitude / divisor))
            magnitude %= divisor
            divisor /= 10
        } while divisor > 0
    }

    /// Adds `"key": json`, with `json` already encoded (compact, keys sorted).
    public mutating func add(_ key: String, json: Data) {
        addKey(key)
        json.withUnsafeBytes { bytes.append(contentsOf: $0) }
    }

    private mutating func addKey(_ key: String) {
        if !isEmpty { bytes.append(UInt8(ascii: ",")) }
        isEmpty = false
        appendString(key)
        bytes.append(UInt8(ascii: ":"))
    }

    private mutating func appendString(_ text: String) {
        // Plain printable ASCII needs no escape; anything else goes through the encoder.
        guard text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) else {
            bytes.append(contentsOf: encoded(text))
            return
        }
        bytes.append(0x22)
        bytes.append(contentsOf: text.utf8)
        bytes.append(0x22)
    }

    /// The object followed by `\n`.
    public func line() -> Data {
        var line = Data(capacity: bytes.count + 2)
        line.append(contentsOf: bytes)
        line.append(UInt8(ascii: "}"))
        line.append(0x0A)
        return line
    }

    private func encoded<Value: Encodable>(_ value: Value) -> Data {
        // Replay fields are strings, integers, hashes and the game's moves; a
        // move type that cannot encode is a bug in the game, caught by its tests.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else {
            preconditionFailure("a replay field of type \(Value.self) failed to encode")
        }
        return data
    }
}
