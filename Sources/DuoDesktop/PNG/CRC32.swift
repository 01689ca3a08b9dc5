/// The CRC-32 checksum of ISO 3309 / ITU-T V.42 (polynomial 0xEDB88320,
/// reflected), as PNG uses to guard every chunk.
public struct CRC32: Sendable {
    /// One entry per byte value, built once: the usual table-driven form.
    private static let table: [UInt32] = (0..<256).map { byte -> UInt32 in
        var value = UInt32(byte)
        for _ in 0..<8 {
            value = (value & 1) != 0 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
        }
        return value
    }

    /// The running register (kept inverted, as the algorithm defines).
    private var register: UInt32 = 0xFFFF_FFFF

    /// A checksum of no bytes yet.
    public init() {}

    /// Adds `bytes` to the checksum.
    public mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        let table = Self.table
        var value = register
        for byte in bytes {
            value = table[Int((value ^ UInt32(byte)) & 0xFF)] ^ (value >> 8)
        }
        register = value
    }

    /// The checksum of every byte added so far.
    public var value: UInt32 { register ^ 0xFFFF_FFFF }

    /// The checksum of `bytes` in one call.
    public static func checksum<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        var crc = CRC32()
        crc.update(bytes)
        return crc.value
    }
}
