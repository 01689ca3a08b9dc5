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
    private var bytes = Data("{".utf8)
    private var isEmpty = true
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// An empty object.
    public init() {}

    /// Adds `"key": value`; a nil value is written as `null`.
    public mutating func add<Value: Encodable>(_ key: String, _ value: Value?) {
        if !isEmpty { bytes.append(UInt8(ascii: ",")) }
        isEmpty = false
        bytes.append(encoded(key))
        bytes.append(UInt8(ascii: ":"))
        if let value { bytes.append(encoded(value)) } else { bytes.append(contentsOf: Array("null".utf8)) }
    }

    /// The object followed by `\n`.
    public func line() -> Data {
        var line = bytes
        line.append(contentsOf: Array("}\n".utf8))
        return line
    }

    private func encoded<Value: Encodable>(_ value: Value) -> Data {
        // Replay fields are strings, integers, hashes and the game's moves; a
        // move type that cannot encode is a bug in the game, caught by its tests.
        guard let data = try? encoder.encode(value) else {
            preconditionFailure("a replay field of type \(Value.self) failed to encode")
        }
        return data
    }
}
