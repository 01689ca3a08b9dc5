/// Any JSON value, kept as a tree: how the server holds a message before it
/// knows its fields, and a game's move or view before the game decodes it.
///
/// Integers and fractional numbers are kept apart so a move's `3` goes back
/// out as `3`, never `3.0`.
public enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number without a fraction or exponent that fits 64 bits.
    case integer(Int64)
    /// Any other number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object; key order is not kept (JSON objects are unordered).
    case object([String: JSONValue])

    /// The deepest nesting of arrays and objects accepted (a guard against
    /// stack exhaustion from hostile input such as 30,000 `[`).
    public static let maxDepth = 64

    /// Parses one JSON text, strictly (RFC 8259: no duplicate keys, invalid UTF-8 or trailing bytes).
    /// - Throws: ``JSONParseError`` when the bytes are not JSON or nest too deeply.
    public init(parsing bytes: [UInt8]) throws(JSONParseError) {
        self = try JSONParser.parse(bytes)
    }

    /// Whether a number written with a fraction or an exponent (`1.0`,
    /// `1e0`) is anywhere in the value: the protocol's integers never are.
    public var containsNonIntegerNumber: Bool {
        switch self {
        case .number: true
        case .array(let items): items.contains { $0.containsNonIntegerNumber }
        case .object(let members): members.values.contains { $0.containsNonIntegerNumber }
        default: false
        }
    }

    /// The JSON text of the value: compact, object keys sorted.
    public var serialized: [UInt8] {
        var writer = JSONWriter()
        writer.write(self)
        return writer.bytes
    }
}

extension JSONValue: Codable {
    /// Decodes whatever JSON value is there.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Encodes the value as it is.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

/// Bytes that are not one JSON text.
public enum JSONParseError: Error, Equatable, Sendable {
    /// Not valid JSON.
    case invalid
    /// Arrays and objects nest deeper than `limit`.
    case tooDeep(limit: Int)
}
