import Foundation
import Testing

@testable import TabletopEngine

@Suite struct StableHashTests {
    @Test func hasherIsSixtyFourBitFNV1a() {
        var hasher = StableHasher()
        hasher.combine(UInt8(ascii: "a"))
        #expect(hasher.finalize().value == 0xAF63_DC4C_8601_EC8C)
    }

    @Test func integersAreHashedAsLittleEndianBytes() {
        var words = StableHasher()
        var bytes = StableHasher()
        words.combine(0x0102_0304_0506_0708 as UInt64)
        for byte: UInt8 in [8, 7, 6, 5, 4, 3, 2, 1] { bytes.combine(byte) }
        #expect(words.finalize() == bytes.finalize())
    }

    @Test func stringsAreLengthPrefixedSoConcatenationsDiffer() {
        var ab = StableHasher()
        var a = StableHasher()
        ab.combine("ab")
        ab.combine("c")
        a.combine("a")
        a.combine("bc")
        #expect(ab.finalize() != a.finalize())
    }

    @Test func hashesAreSixteenHexDigitsInJSONAndRoundTrip() throws {
        let hash = StableHash(0xAB)
        #expect(hash.description == "00000000000000ab")
        let data = try JSONEncoder().encode([hash])
        #expect(String(decoding: data, as: UTF8.self) == "[\"00000000000000ab\"]")
        #expect(try JSONDecoder().decode([StableHash].self, from: data) == [hash])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([StableHash].self, from: Data("[\"xyz\"]".utf8)) }
    }
}
