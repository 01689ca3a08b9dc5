import DuoClient
import DuoNet

/// Seat tokens: the secret that lets a player take its seat back.
///
/// 128 bits from the system's secure random source, written as 32
/// lowercase hexadecimal digits. Never derived from a match's seed, which
/// is reproducible on purpose.
public enum SeatToken {
    /// A new token.
    /// - Throws: `SocketError` when the secure random source fails.
    public static func make() throws -> String {
        try SecureRandom.hexString(byteCount: 16)
    }

    /// `bytes` as lowercase hexadecimal digits (a token from bytes drawn elsewhere).
    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Compares a presented token with the real one in time that does not
    /// depend on where they differ, so timing does not leak the token.
    public static func matches(_ presented: String, _ real: String) -> Bool {
        let a = Array(presented.utf8)
        let b = Array(real.utf8)
        var difference = UInt8(truncatingIfNeeded: a.count ^ b.count)
        for index in 0..<b.count {
            difference |= (index < a.count ? a[index] : 0) ^ b[index]
        }
        return difference == 0
    }
}
