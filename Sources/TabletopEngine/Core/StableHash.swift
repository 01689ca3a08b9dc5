/// A 64-bit hash that is the same on every machine and in every run: the
/// state hashes and rules hashes of replays.
///
/// Written in JSON as 16 lowercase hexadecimal digits.
@frozen
public struct StableHash: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The hash bits.
    public var value: UInt64

    /// Wraps hash bits.
    @inlinable public init(_ value: UInt64) { self.value = value }

    /// Parses 16 hexadecimal digits; nil for anything else.
    public init?(hex: String) {
        guard hex.utf8.count == 16, let value = UInt64(hex, radix: 16) else { return nil }
        self.value = value
    }

    /// The 16 lowercase hexadecimal digits.
    public var description: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Decodes 16 hexadecimal digits.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let hash = StableHash(hex: text) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "expected 16 hexadecimal digits, found '\(text)'"))
        }
        self = hash
    }

    /// Encodes as 16 hexadecimal digits.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
