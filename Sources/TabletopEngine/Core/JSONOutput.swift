import Foundation

/// Compact JSON written straight into a byte buffer, for the hot paths that
/// `JSONEncoder` makes slow (a view per seat per move, legal-move lists).
///
/// The writer adds no separators or key order of its own: the caller writes
/// keys in sorted order and commas where they go, which is how a game's
/// direct encoding gives exactly the bytes `JSONEncoder` with `.sortedKeys`
/// gives for the same value (tests compare the two on many states).
public struct JSONOutput {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8]

    /// An empty buffer with room for `capacity` bytes.
    public init(capacity: Int = 512) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Appends ASCII text as it is (punctuation, keys with their quotes).
    @inline(__always) public mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends bytes as they are (a fragment encoded earlier).
    @inline(__always) public mutating func raw(_ fragment: [UInt8]) {
        bytes.append(contentsOf: fragment)
    }

    /// Appends one byte.
    @inline(__always) public mutating func byte(_ value: UInt8) {
        bytes.append(value)
    }

    /// Appends a whole number in decimal, as `JSONEncoder` writes it.
    public mutating func integer(_ value: Int) {
        if value >= 0 && value < 10 {
            bytes.append(0x30 &+ UInt8(value))
            return
        }
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[23 - count] = 0x30 &+ UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            bytes.append(contentsOf: buffer[(24 - count)...])
        }
    }

    /// Appends a string with the escapes `JSONEncoder` uses (quote,
    /// backslash, control characters; `/` unescaped).
    public mutating func string(_ text: String) {
        bytes.append(0x22)
        for byte in text.utf8 {
            switch byte {
            case 0x22: bytes.append(0x5C); bytes.append(0x22)
            case 0x5C: bytes.append(0x5C); bytes.append(0x5C)
            case 0x0A: bytes.append(0x5C); bytes.append(0x6E)
            case 0x0D: bytes.append(0x5C); bytes.append(0x72)
            case 0x09: bytes.append(0x5C); bytes.append(0x74)
            case 0x08: bytes.append(0x5C); bytes.append(0x62)
            case 0x0C: bytes.append(0x5C); bytes.append(0x66)
            case 0..<0x20:
                let hex: StaticString = "0123456789abcdef"
                hex.withUTF8Buffer { digits in
                    bytes.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
                }
            default: bytes.append(byte)
            }
        }
        bytes.append(0x22)
    }

    /// Appends `true` or `false`.
    @inline(__always) public mutating func bool(_ value: Bool) {
        if value { raw("true") } else { raw("false") }
    }

    /// The bytes as `Data`.
    public var data: Data { Data(bytes) }
}
