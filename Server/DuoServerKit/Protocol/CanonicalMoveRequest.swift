/// A `move` request read without building a JSON tree, when it is written
/// exactly as clients write it: `{"type":"move","move":M}` with `M` already
/// in the form ``DuoClient/JSONValue/serialized`` gives (compact, object keys
/// in sorted order without repeats, whole numbers, strings of printable
/// ASCII without escapes). Such an `M` is the move's canonical JSON as it
/// stands, so the server hands these bytes to the game as they came instead
/// of parsing the line and writing the move out again.
///
/// Anything else (another field, spaces, an escape, a fraction, nesting
/// deeper than ``maxDepth``) gives nil and goes through ``ClientMessage``,
/// which decodes it, or refuses it, as it always has: this reading accepts
/// only lines that one decodes to the same move (the protocol fuzzer checks
/// it on every input).
struct CanonicalMoveRequest {
    /// The bytes of `M`.
    let move: ArraySlice<UInt8>

    /// Deeper moves are left to the parser (it knows the real limit).
    static let maxDepth = 16

    private static let head: [UInt8] = Array(#"{"type":"move","move":"#.utf8)

    /// Reads `line`, or nil when it is not a canonical move request.
    init?(line: [UInt8]) {
        let head = Self.head
        guard line.count > head.count + 1, line.last == 0x7D, line.starts(with: head) else { return nil }
        let end = line.count - 1
        let found: Int? = line.withUnsafeBufferPointer { bytes in
            var reader = CanonicalJSONReader(bytes: bytes, index: head.count)
            guard reader.value(depth: 1) else { return nil }
            return reader.index
        }
        guard found == end else { return nil }
        move = line[head.count..<end]
    }
}

/// Checks that bytes are one JSON value in canonical form (see
/// ``CanonicalMoveRequest``), moving ``index`` past it.
private struct CanonicalJSONReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index: Int

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func value(depth: Int) -> Bool {
        guard let byte = current else { return false }
        switch byte {
        case 0x7B: return object(depth: depth + 1)
        case 0x5B: return array(depth: depth + 1)
        case 0x22: return string() != nil
        case 0x74: return literal("true")
        case 0x66: return literal("false")
        case 0x6E: return literal("null")
        case 0x2D, 0x30...0x39: return integer()
        default: return false
        }
    }

    private mutating func object(depth: Int) -> Bool {
        guard depth <= CanonicalMoveRequest.maxDepth else { return false }
        index += 1
        if current == 0x7D {
            index += 1
            return true
        }
        var previousKey: Range<Int>?
        while true {
            guard current == 0x22, let key = string() else { return false }
            // Sorted and never repeated: byte order is the order the writer
            // sorts printable ASCII keys in.
            if let previous = previousKey, !Self.precedes(bytes[previous], bytes[key]) { return false }
            previousKey = key
            guard current == 0x3A else { return false }
            index += 1
            guard value(depth: depth) else { return false }
            switch current {
            case 0x2C: index += 1
            case 0x7D:
                index += 1
                return true
            default: return false
            }
        }
    }

    private mutating func array(depth: Int) -> Bool {
        guard depth <= CanonicalMoveRequest.maxDepth else { return false }
        index += 1
        if current == 0x5D {
            index += 1
            return true
        }
        while true {
            guard value(depth: depth) else { return false }
            switch current {
            case 0x2C: index += 1
            case 0x5D:
                index += 1
                return true
            default: return false
            }
        }
    }

    /// A string of printable ASCII without `"` or `\`; its contents' range.
    private mutating func string() -> Range<Int>? {
        index += 1
        let start = index
        while let byte = current {
            if byte == 0x22 {
                index += 1
                return start..<(index - 1)
            }
            guard byte >= 0x20, byte < 0x7F, byte != 0x5C else { return nil }
            index += 1
        }
        return nil
    }

    /// A whole number as the writer writes it: no `-0`, no leading zero,
    /// and few enough digits that it is sure to fit in 64 bits.
    private mutating func integer() -> Bool {
        let negative = current == 0x2D
        if negative { index += 1 }
        let start = index
        while let byte = current, (0x30...0x39).contains(byte) { index += 1 }
        let digits = index - start
        guard digits > 0, digits <= 18 else { return false }
        if bytes[start] == 0x30 && (digits > 1 || negative) { return false }
        if let byte = current, byte == 0x2E || byte == 0x65 || byte == 0x45 { return false }
        return true
    }

    private mutating func literal(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[index + offset] != text.utf8Start[offset] { return false }
        index += count
        return true
    }

    private static func precedes(_ left: Slice<UnsafeBufferPointer<UInt8>>, _ right: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        left.lexicographicallyPrecedes(right)
    }
}
