import BroadsideDesktop
import DuoDesktop
import DuoPlatform
import DuoSupport
import DuoTestSupport
import Testing

@Suite("PNG encoding")
struct PNGEncoderTests {
    @Test("CRC-32 matches the standard check value")
    func crc32CheckValue() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([UInt8]()) == 0)
    }

    @Test("Adler-32 matches the RFC 1950 example values")
    func adler32KnownValues() {
        #expect(Adler32.checksum(Array("Wikipedia".utf8)) == 0x11E6_0398)
        #expect(Adler32.checksum([]) == 1)
        // Long input exercises the deferred modulo.
        let long = [UInt8](repeating: 255, count: 100_000)
        var low: UInt32 = 1, high: UInt32 = 0
        for byte in long { low = (low + UInt32(byte)) % 65_521; high = (high + low) % 65_521 }
        #expect(Adler32.checksum(long) == (high << 16) | low)
    }

    @Test("Deflate output inflates back to the input, for runs, noise and empty data")
    func deflateRoundTrip() throws {
        var generator = SplitMix64(seed: 7)
        let noise = (0..<20_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        let runs = (0..<50_000).map { UInt8(($0 / 300) % 7) }
        let text = Array(String(repeating: "the fold divides the scene; ", count: 500).utf8)
        for input in [[], [42], noise, runs, text, noise + runs + noise] {
            let compressed = Deflate.zlibCompress(input)
            #expect(try Inflater.zlibDecompress(compressed) == input)
        }
        #expect(Deflate.zlibCompress(runs).count < runs.count / 20, "runs must actually compress")
    }

    @Test("A written PNG decodes to the same pixels")
    func pngRoundTrip() throws {
        var generator = SplitMix64(seed: 11)
        var bytes = [UInt8](repeating: 0, count: 37 * 23 * 4)
        for index in bytes.indices {
            // Half gradient, half noise: exercises every filter choice.
            bytes[index] = index % 2 == 0 ? UInt8(truncatingIfNeeded: index / 7) : UInt8(truncatingIfNeeded: generator.next())
        }
        let image = PixelImage(width: 37, height: 23, rgba: bytes)
        let decoded = try PNGImage(data: PNGEncoder.encode(image))
        #expect(decoded.width == 37)
        #expect(decoded.height == 23)
        #expect(decoded.rgba == bytes)
    }

    @Test("A flat-colour frame compresses to a small file")
    func flatFrameIsSmall() {
        let image = PixelImage(width: 660, height: 932, filledWith: RGBAColor(hex: 0x123456))
        #expect(PNGEncoder.encode(image).count < 40_000)
    }
}
