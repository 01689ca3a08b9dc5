#if canImport(Glibc)
import Glibc
#endif

/// Bytes from the operating system's secure random source (`getrandom(2)`
/// through `getentropy`, falling back to `/dev/urandom`).
///
/// This is what secrets are drawn from: seat tokens, match codes. Never a
/// match's seeded generator, which is reproducible, and so predictable, on
/// purpose.
public enum SecureRandom {
    /// `count` unpredictable bytes.
    /// - Throws: ``SocketError`` when neither source can be read, which on
    ///   Linux means the system is badly broken.
    public static func bytes(_ count: Int) throws -> [UInt8] {
        var result = [UInt8](repeating: 0, count: count)
        var filled = 0
        var useDevice = false
        while filled < count && !useDevice {
            // getentropy gives at most 256 bytes per call.
            let chunk = min(256, count - filled)
            let status = result.withUnsafeMutableBytes { getentropy($0.baseAddress! + filled, chunk) }
            if status == 0 { filled += chunk } else { useDevice = true }
        }
        if filled < count {
            try readDevice(into: &result, from: filled)
        }
        return result
    }

    /// A uniformly drawn index in `0..<upperBound`, without modulo bias.
    public static func index(below upperBound: Int) throws -> Int {
        precondition(upperBound > 0 && upperBound <= 256, "index(below:) draws one byte")
        // Reject the top of the byte range that would favour small values.
        let limit = 256 - 256 % upperBound
        while true {
            for byte in try bytes(16) where Int(byte) < limit {
                return Int(byte) % upperBound
            }
        }
    }

    /// `byteCount` secure random bytes as lowercase hexadecimal text.
    public static func hexString(byteCount: Int) throws -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(byteCount * 2)
        for byte in try bytes(byteCount) {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static func readDevice(into result: inout [UInt8], from start: Int) throws {
        let descriptor = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw SocketError.last("open", subject: "/dev/urandom") }
        defer { Glibc.close(descriptor) }
        var filled = start
        while filled < result.count {
            let count = result.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count > 0 {
                filled += count
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                throw SocketError.last("read", subject: "/dev/urandom")
            }
        }
    }
}
