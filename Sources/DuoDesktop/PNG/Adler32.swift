/// The Adler-32 checksum of RFC 1950, which closes every zlib stream.
public struct Adler32: Sendable {
    /// The largest prime below 2^16.
    private static let modulus: UInt32 = 65_521
    /// How many bytes can be summed before the sums must be reduced
    /// (the largest n with 255 n (n + 1) / 2 + (n + 1)(modulus - 1) < 2^32).
    private static let blockLength = 5_552

    private var low: UInt32 = 1
    private var high: UInt32 = 0

    /// A checksum of no bytes yet.
    public init() {}

    /// Adds `bytes` to the checksum.
    public mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
        var index = 0
        while index < bytes.count {
            let end = min(index + Self.blockLength, bytes.count)
            while index < end {
                low &+= UInt32(bytes[index])
                high &+= low
                index += 1
            }
            low %= Self.modulus
            high %= Self.modulus
        }
    }

    /// The checksum of every byte added so far.
    public var value: UInt32 { (high << 16) | low }

    /// The checksum of `bytes` in one call.
    public static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var adler = Adler32()
        bytes.withUnsafeBufferPointer { adler.update($0) }
        return adler.value
    }
}
