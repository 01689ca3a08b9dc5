import DuoClient
import TabletopEngine
import Testing

@testable import DuoServerKit

/// Move requests written as clients write them are read without the JSON
/// parser; the reading must give the move the parser gives, and leave every
/// other line to it.
@Suite struct CanonicalMoveRequestTests {
    private func line(_ move: String) -> [UInt8] { Array(#"{"type":"move","move":\#(move)}"#.utf8) }

    /// Random moves as the writer writes them: read directly, to the bytes
    /// the parser's move is written back to.
    @Test func canonicalMovesAreReadAsTheParserReadsThem() throws {
        var generator = SeededGenerator(seed: 24)
        var read = 0
        for _ in 0..<2_000 {
            let move = Self.randomValue(depth: 0, using: &generator)
            let request = line(String(decoding: move.serialized, as: UTF8.self))
            let fast = try #require(CanonicalMoveRequest(line: request), "\(String(decoding: request, as: UTF8.self))")
            #expect(Array(fast.move) == move.serialized)
            #expect(try ClientMessage(line: request) == .move(move))
            read += 1
        }
        #expect(read == 2_000)
    }

    /// Anything another writer might send (another order, spaces, escapes,
    /// fractions, other fields) goes to the parser, which decodes it or
    /// refuses it as before.
    @Test func otherLinesAreLeftToTheParser() {
        let deep = String(repeating: "[", count: CanonicalMoveRequest.maxDepth) + String(repeating: "]", count: CanonicalMoveRequest.maxDepth)
        let others = [
            line(#"{"b":1,"a":2}"#), line(#"{"a":1,"a":2}"#), line(#" {"fire":"B7"}"#), line(#"{"fire": "B7"}"#),
            line(#"{"fire":"B\u0037"}"#), line(#"{"fire":"B/7\\"}"#), line(#"{"fire":"é"}"#), line("1.0"), line("1e3"), line("-0"),
            line("01"), line("1234567890123456789"), line("[1,]"), line("{}}"), line("tru"), line(deep), line(""),
            Array(#"{"type":"move","move":{"fire":"B7"},"x":1}"#.utf8), Array(#"{"move":{"fire":"B7"},"type":"move"}"#.utf8),
            Array(#"{"type":"move","move":{"fire":"B7"}} "#.utf8), Array(#"{"type":"hint"}"#.utf8),
        ]
        for other in others {
            #expect(CanonicalMoveRequest(line: other) == nil, "\(String(decoding: other, as: UTF8.self))")
        }
        // Just inside the depth the reader takes, and the edges of whole numbers.
        let nested =
            String(repeating: "[", count: CanonicalMoveRequest.maxDepth - 1) + String(repeating: "]", count: CanonicalMoveRequest.maxDepth - 1)
        for accepted in [line(nested), line("0"), line("-1"), line("123456789012345678"), line(#"{"":null,"a":[true,false]}"#)] {
            #expect(CanonicalMoveRequest(line: accepted) != nil, "\(String(decoding: accepted, as: UTF8.self))")
        }
    }

    private static func randomValue(depth: Int, using generator: inout SeededGenerator) -> JSONValue {
        switch generator.nextInt(below: depth >= 4 ? 4 : 6) {
        case 0: return .integer(Int64(generator.nextInt(below: 2_000_001)) - 1_000_000)
        case 1: return .string(randomText(using: &generator))
        case 2: return [.null, .bool(true), .bool(false)][generator.nextInt(below: 3)]
        case 3: return .integer(Int64.max / Int64(1 + generator.nextInt(below: 1_000)) * (generator.nextInt(below: 2) == 0 ? 1 : -1) / 100)
        case 4: return .array((0..<generator.nextInt(below: 4)).map { _ in randomValue(depth: depth + 1, using: &generator) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<generator.nextInt(below: 5) { members[randomText(using: &generator)] = randomValue(depth: depth + 1, using: &generator) }
            return .object(members)
        }
    }

    /// Printable ASCII without a quote or a backslash (what needs no escape).
    private static func randomText(using generator: inout SeededGenerator) -> String {
        let alphabet = Array("abcAB09 _-/:{}[],.~".utf8)
        return String(decoding: (0..<generator.nextInt(below: 6)).map { _ in alphabet[generator.nextInt(below: alphabet.count)] }, as: UTF8.self)
    }
}
