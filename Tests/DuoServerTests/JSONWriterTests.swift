import DuoClient
import Foundation
import Testing

/// The writer every server line is built with: numbers, strings and raw
/// bytes as compact JSON, whatever path each takes inside.
@Suite struct JSONWriterTests {
    private func written(_ write: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter()
        write(&writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test func integersAreTheirDecimalDigits() {
        for number in [0, 5, 9, 10, 42, 100, 1_000_007, -1, -9, -10, -987_654, Int.max, Int.min] {
            #expect(written { $0.integer(number) } == String(number))
        }
        #expect(written { $0.integer(UInt64.max) } == String(UInt64.max), "past Int64 too")
        #expect(written { $0.integer(Int8(-128)) } == "-128")
    }

    @Test func stringsAreEscapedOnlyWhereJSONNeedsIt() {
        #expect(written { $0.string("K7QF2M") } == #""K7QF2M""#)
        #expect(written { $0.string("") } == #""""#)
        #expect(written { $0.string("a/b é ~\u{7F}") } == "\"a/b é ~\u{7F}\"")
        #expect(written { $0.string("say \"hi\"\\") } == #""say \"hi\"\\""#)
        #expect(written { $0.string("a\nb\rc\td\u{01}\u{1F}") } == #""a\nb\rc\td\u0001\u001f""#)
    }

    @Test func rawBytesAreCopiedAsTheyAre() {
        #expect(written { $0.raw(bytes: Data("[1,2]".utf8)) } == "[1,2]")
        #expect(written { $0.raw(bytes: Array("{}".utf8)[...]) } == "{}")
        #expect(written { $0.raw(bytes: "abc".utf8.lazy.map { $0 }) } == "abc", "a sequence that is not contiguous")
    }
}
