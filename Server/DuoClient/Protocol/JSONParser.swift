/// A strict RFC 8259 JSON parser over bytes, written for hostile input: it
/// never recurses deeper than ``JSONValue/maxDepth``, rejects invalid UTF-8,
/// lone surrogates, control characters in strings, duplicate keys and
/// trailing bytes, and fails with a position instead of trapping.
///
/// It is the first code every client line meets, which is why it is small,
/// self-contained, and the target of `scripts/fuzz-protocol.sh`.
package struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0

    /// Parses `bytes` as exactly one JSON value.
    package static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw .invalid }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    private mutating func expect(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw .invalid }
        let matches = literal.withUTF8Buffer { buffer in
            for offset in 0..<count where bytes[index + offset] != buffer[offset] { return false }
            return true
        }
        guard matches else { throw .invalid }
        index += count
    }

    private mutating func value(depth: Int) throws(JSONParseError) -> JSONValue {
        guard let byte = current else { throw .invalid }
        switch byte {
        case 0x7B: return try object(depth: depth + 1)
        case 0x5B: return try array(depth: depth + 1)
        case 0x22: return .string(try string())
        case 0x74:
            try expect("true")
            return .bool(true)
        case 0x66:
            try expect("false")
            return .bool(false)
        case 0x6E:
            try expect("null")
            return .null
        case 0x2D, 0x30...0x39: return try number()
        default: throw .invalid
        }
    }

    private mutating func object(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= JSONValue.maxDepth else { throw .tooDeep(limit: JSONValue.maxDepth) }
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if current == 0x7D {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == 0x22 else { throw .invalid }
            let key = try string()
            skipWhitespace()
            guard current == 0x3A else { throw .invalid }
            index += 1
            skipWhitespace()
            let member = try value(depth: depth)
            // A key given twice is ambiguous (which one wins differs between
            // parsers): refuse it rather than guess.
            guard members.updateValue(member, forKey: key) == nil else { throw .invalid }
            skipWhitespace()
            switch current {
            case 0x2C: index += 1
            case 0x7D:
                index += 1
                return .object(members)
            default: throw .invalid
            }
        }
    }

    private mutating func array(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= JSONValue.maxDepth else { throw .tooDeep(limit: JSONValue.maxDepth) }
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if current == 0x5D {
            index += 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            items.append(try value(depth: depth))
            skipWhitespace()
            switch current {
            case 0x2C: index += 1
            case 0x5D:
                index += 1
                return .array(items)
            default: throw .invalid
            }
        }
    }

    private mutating func string() throws(JSONParseError) -> String {
        index += 1
        var utf8: [UInt8] = []
        while true {
            guard let byte = current else { throw .invalid }
            index += 1
            switch byte {
            case 0x22:
                guard let text = String(validating: utf8, as: UTF8.self) else { throw .invalid }
                return text
            case 0x5C:
                guard let escape = current else { throw .invalid }
                index += 1
                switch escape {
                case 0x22, 0x5C, 0x2F: utf8.append(escape)
                case 0x62: utf8.append(0x08)
                case 0x66: utf8.append(0x0C)
                case 0x6E: utf8.append(0x0A)
                case 0x72: utf8.append(0x0D)
                case 0x74: utf8.append(0x09)
                case 0x75: try unicodeEscape(into: &utf8)
                default: throw .invalid
                }
            case 0..<0x20:
                throw .invalid
            default:
                utf8.append(byte)
            }
        }
    }

    private mutating func hexQuad() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw .invalid }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            index += 1
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: throw .invalid
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private mutating func unicodeEscape(into utf8: inout [UInt8]) throws(JSONParseError) {
        var scalar = try hexQuad()
        if (0xD800...0xDBFF).contains(scalar) {
            // A high surrogate must be followed by an escaped low surrogate.
            guard index + 2 <= bytes.count, bytes[index] == 0x5C, bytes[index + 1] == 0x75 else { throw .invalid }
            index += 2
            let low = try hexQuad()
            guard (0xDC00...0xDFFF).contains(low) else { throw .invalid }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalar) {
            throw .invalid
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw .invalid }
        utf8.append(contentsOf: String(Character(unicode)).utf8)
    }

    private mutating func number() throws(JSONParseError) -> JSONValue {
        let start = index
        var isInteger = true
        if current == 0x2D { index += 1 }
        guard let first = current, (0x30...0x39).contains(first) else { throw .invalid }
        if first == 0x30 {
            index += 1
        } else {
            skipDigits()
        }
        if current == 0x2E {
            isInteger = false
            index += 1
            guard let digit = current, (0x30...0x39).contains(digit) else { throw .invalid }
            skipDigits()
        }
        if current == 0x65 || current == 0x45 {
            isInteger = false
            index += 1
            if current == 0x2B || current == 0x2D { index += 1 }
            guard let digit = current, (0x30...0x39).contains(digit) else { throw .invalid }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let integer = Int64(text) { return .integer(integer) }
        guard let double = Double(text), double.isFinite else { throw .invalid }
        return .number(double)
    }

    private mutating func skipDigits() {
        while let byte = current, (0x30...0x39).contains(byte) { index += 1 }
    }
}
