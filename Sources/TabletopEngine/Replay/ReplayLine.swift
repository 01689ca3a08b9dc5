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
    private var bytes: [UInt8] = [UInt8(ascii: "{")]
    private var isEmpty = true

    /// An empty object.
    public init() {}

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

    /// Adds `"key": json`, with `json` already encoded (compact, keys sorted).
    public mutating func add(_ key: String, json: Data) {
        addKey(key)
        bytes.append(contentsOf: json)
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
        var line = bytes
        line.append(contentsOf: Array("}\n".utf8))
        return Data(line)
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
