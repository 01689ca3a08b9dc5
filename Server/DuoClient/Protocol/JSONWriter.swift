import TabletopEngine

/// Writes compact JSON by hand, so a message can carry a game's view as the
/// raw bytes the game encoded, without decoding and re-encoding it.
package struct JSONWriter {
    package private(set) var bytes: [UInt8] = []

    package init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    package mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    package mutating func raw<Bytes: Sequence>(bytes other: Bytes) where Bytes.Element == UInt8 {
        // Contiguous bytes (an array, `Data`) in one copy, not byte by byte.
        let copied: Void? = other.withContiguousStorageIfAvailable { bytes.append(contentsOf: $0) }
        if copied == nil { bytes.append(contentsOf: other) }
    }

    package mutating func string(_ text: String) {
        var text = text
        // Codes, names and keys need no escape: copied in one go.
        let plain = text.withUTF8 { utf8 in
            guard utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C }) else { return false }
            bytes.append(0x22)
            bytes.append(contentsOf: utf8)
            bytes.append(0x22)
            return true
        }
        if !plain { escapedString(text) }
    }

    private mutating func escapedString(_ text: String) {
        bytes.append(0x22)
        for byte in text.utf8 {
            switch byte {
            case 0x22: bytes.append(contentsOf: [0x5C, 0x22])
            case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: bytes.append(contentsOf: [0x5C, 0x6E])
            case 0x0D: bytes.append(contentsOf: [0x5C, 0x72])
            case 0x09: bytes.append(contentsOf: [0x5C, 0x74])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(0x22)
    }

    package mutating func integer<Number: BinaryInteger>(_ value: Number) {
        guard let small = Int64(exactly: value) else {
            bytes.append(contentsOf: String(value).utf8)
            return
        }
        // Digits from the right into a stack buffer: no string made per number.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var magnitude = small.magnitude
            var start = 20
            repeat {
                start -= 1
                digits[start] = 0x30 &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if small < 0 { bytes.append(0x2D) }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start..<20]))
        }
    }

    package mutating func bool(_ value: Bool) {
        if value { raw("true") } else { raw("false") }
    }

    package mutating func write(_ value: JSONValue) {
        switch value {
        case .null: raw("null")
        case .bool(let flag): bool(flag)
        case .integer(let number): integer(number)
        case .number(let number):
            // JSON has no NaN or infinity; the parser never produces them.
            if number.isFinite { bytes.append(contentsOf: "\(number)".utf8) } else { raw("null") }
        case .string(let text): string(text)
        case .array(let items):
            bytes.append(0x5B)
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(0x2C) }
                write(item)
            }
            bytes.append(0x5D)
        case .object(let members):
            bytes.append(0x7B)
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { bytes.append(0x2C) }
                string(key)
                bytes.append(0x3A)
                write(members[key]!)
            }
            bytes.append(0x7D)
        }
    }
}

/// Builds one JSON object field by field, in the order written.
package struct JSONObjectWriter {
    private var writer: JSONWriter
    private var empty = true

    package init() {
        self.init(capacity: 256)
    }

    /// Starts an object with room for `capacity` bytes (a line with a view
    /// in it sizes it for the view, so it is not grown on the way).
    package init(capacity: Int) {
        writer = JSONWriter(capacity: capacity)
        writer.raw("{")
    }

    private mutating func key(_ name: String) {
        if !empty { writer.raw(",") }
        empty = false
        writer.string(name)
        writer.raw(":")
    }

    package mutating func field(_ name: String, _ value: String) {
        key(name)
        writer.string(value)
    }

    package mutating func field(_ name: String, _ value: Int) {
        key(name)
        writer.integer(value)
    }

    package mutating func field(_ name: String, _ value: Bool) {
        key(name)
        writer.bool(value)
    }

    package mutating func field(_ name: String, _ value: JSONValue) {
        key(name)
        writer.write(value)
    }

    package mutating func field(_ name: String, integers: [Int]) {
        key(name)
        writer.raw("[")
        for (index, value) in integers.enumerated() {
            if index > 0 { writer.raw(",") }
            writer.integer(value)
        }
        writer.raw("]")
    }

    /// The seats' indices as an array, in seat order.
    package mutating func field(_ name: String, seats: SeatSet) {
        key(name)
        writer.raw("[")
        var first = true
        for seat in Seat.allCases where seats.contains(seat) {
            if !first { writer.raw(",") }
            first = false
            writer.integer(seat.index)
        }
        writer.raw("]")
    }

    package mutating func field(_ name: String, strings: [String]) {
        key(name)
        writer.raw("[")
        for (index, value) in strings.enumerated() {
            if index > 0 { writer.raw(",") }
            writer.string(value)
        }
        writer.raw("]")
    }

    /// A field whose value is JSON text already encoded (a game's view).
    package mutating func field<Bytes: Sequence>(_ name: String, rawJSON: Bytes) where Bytes.Element == UInt8 {
        key(name)
        writer.raw(bytes: rawJSON)
    }

    package mutating func nullField(_ name: String) {
        key(name)
        writer.raw("null")
    }

    package consuming func finish() -> [UInt8] {
        writer.raw("}")
        return writer.bytes
    }
}
