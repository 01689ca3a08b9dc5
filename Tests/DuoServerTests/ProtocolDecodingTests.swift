import DuoClient
import DuoServerKit
import Foundation
import TabletopEngine
import Testing

@Suite struct ProtocolDecodingTests {
    private func decode(_ text: String) throws(ProtocolError) -> ClientMessage {
        try ClientMessage(line: Array(text.utf8))
    }

    private func code(of text: String) -> String? {
        do {
            _ = try decode(text)
            return nil
        } catch {
            return error.code
        }
    }

    @Test func everyClientMessageDecodes() throws {
        #expect(try decode(#"{"type":"hello","version":1,"client":"duo","match":"K7QF2M"}"#) == .hello(version: 1, client: "duo", match: "K7QF2M"))
        #expect(
            try decode(#"{"type":"create","game":"broadside","variant":"salvo","bot":"hunt","seat":1}"#)
                == .create(CreateRequest(game: "broadside", variant: "salvo", bot: "hunt", seat: .second)))
        #expect(try decode(#"{"type":"create"}"#) == .create(CreateRequest()))
        #expect(try decode(#"{"type":"join","code":"k7qf2m"}"#) == .join(code: "k7qf2m"))
        #expect(try decode(#"{"type":"watch","code":"K7QF2M"}"#) == .watch(code: "K7QF2M"))
        #expect(try decode(#"{"type":"resume","code":"K7QF2M","seat":1,"token":"ab12"}"#) == .resume(code: "K7QF2M", seat: .second, token: "ab12"))
        #expect(try decode(#"{"type":"move","move":{"fire":"B7"}}"#) == .move(.object(["fire": .string("B7")])))
        #expect(try decode(#" {"type":"legal"} "#) == .legal)
        #expect(try decode(#"{"type":"resign"}"#) == .resign)
        #expect(try decode(#"{"type":"ping","extra":[1,2,3]}"#) == .ping)
    }

    @Test func badLinesGetTheirStableCodes() {
        #expect(code(of: "{not json") == "badJSON")
        #expect(code(of: "") == "badJSON")
        #expect(code(of: #"{"type":"ping"} trailing"#) == "badJSON")
        #expect(code(of: #"{"type":"ping","type":"hello"}"#) == "badJSON")
        #expect(code(of: "[1,2]") == "notAnObject")
        #expect(code(of: #""hello""#) == "notAnObject")
        #expect(code(of: #"{"version":1}"#) == "missingField")
        #expect(code(of: #"{"type":7}"#) == "wrongFieldType")
        #expect(code(of: #"{"type":"dance"}"#) == "unknownType")
        #expect(code(of: #"{"type":"hello"}"#) == "missingField")
        #expect(code(of: #"{"type":"hello","version":"1"}"#) == "wrongFieldType")
        #expect(code(of: #"{"type":"hello","version":1.5}"#) == "wrongFieldType")
        #expect(code(of: #"{"type":"join"}"#) == "missingField")
        #expect(code(of: #"{"type":"join","code":""}"#) == "invalidValue")
        #expect(code(of: #"{"type":"join","code":"has space"}"#) == "invalidValue")
        #expect(code(of: #"{"type":"resume","code":"K7QF2M","seat":2,"token":"x"}"#) == "invalidValue")
        #expect(code(of: #"{"type":"resume","code":"K7QF2M","seat":"0","token":"x"}"#) == "wrongFieldType")
        #expect(code(of: #"{"type":"move"}"#) == "missingField")
        #expect(code(of: #"{"type":"create","bot":5}"#) == "wrongFieldType")
    }

    @Test func deepNestingIsRefusedWithoutRecursingIntoIt() {
        let deep = String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000)
        #expect(code(of: #"{"type":"move","move":\#(deep)}"#) == "badJSON")
        let justDeepEnough = String(repeating: "[", count: 60) + String(repeating: "]", count: 60)
        #expect(code(of: #"{"type":"move","move":\#(justDeepEnough)}"#) == nil)
    }

    @Test func parserFollowsTheJSONGrammar() throws {
        #expect(
            try JSONValue(parsing: Array(#"{"a":[1,-2.5e3,true,false,null,"x\u00e9\ud83d\ude00\n"]}"#.utf8))
                == .object(["a": .array([.integer(1), .number(-2500), .bool(true), .bool(false), .null, .string("xé😀\n")])]))
        for bad in ["01", "1.", ".5", "-", "+1", "1e", "[1,]", "{\"a\":1,}", "\"\\ud800\"", "\"\\x\"", "\"a\u{01}\"", "nul", "[", "{\"a\" 1}", "NaN"]
        {
            #expect(throws: JSONParseError.self, "\(bad)") { try JSONValue(parsing: Array(bad.utf8)) }
        }
        // Invalid UTF-8 inside a string.
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: [0x22, 0xFF, 0x22]) }
        // Integers keep their form; huge ones become numbers.
        #expect(try JSONValue(parsing: Array("9223372036854775807".utf8)) == .integer(.max))
        #expect(try JSONValue(parsing: Array("92233720368547758070".utf8)) == .number(92_233_720_368_547_758_080))
    }

    @Test func serializedValuesParseBackToThemselves() throws {
        let value = JSONValue.object(["b": .array([.integer(3), .number(0.25), .string("quote \" slash \\ tab \t")]), "a": .null])
        #expect(String(decoding: value.serialized, as: UTF8.self) == #"{"a":null,"b":[3,0.25,"quote \" slash \\ tab \t"]}"#)
        #expect(try JSONValue(parsing: value.serialized) == value)
    }

    @Test func serverLinesDecodeOnTheClientSide() throws {
        let ticket = SeatTicket(code: "K7QF2M", seat: .second, token: "0123abcd")
        let lines: [([UInt8], ServerMessage)] = [
            (ServerLine.welcome(server: "EU1", games: ["broadside"]), .welcome(version: 1, server: "EU1", games: ["broadside"])),
            (
                ServerLine.seated("joined", ticket: ticket, game: "broadside", variant: "classic", rules: Data(#"{"n":1}"#.utf8), opponent: "player"),
                .seated(kind: "joined", ticket: ticket, game: "broadside", variant: "classic", rules: .object(["n": .integer(1)]), opponent: "player")
            ),
            (
                ServerLine.view(code: "K7QF2M", seat: .first, moves: 4, toMove: .both, view: Data("{}".utf8)),
                .view(ViewUpdate(code: "K7QF2M", seat: .first, moves: 4, toMove: .both, view: .object([:])))
            ),
            (ServerLine.accepted(number: 9), .accepted(number: 9)),
            (ServerLine.opponent(.disconnected), .opponent(.disconnected)),
            (
                ServerLine.ended(code: "K7QF2M", result: .forfeit(by: .first, scores: SeatPair(3, 4))),
                .ended(code: "K7QF2M", result: .forfeit(by: .first, scores: SeatPair(3, 4)))
            ),
            (ServerLine.legal(moves: Data(#"[{"fire":"A1"}]"#.utf8)), .legal(moves: [.object(["fire": .string("A1")])])),
            (ServerLine.pong(), .pong),
            (ServerLine.error(ProtocolError(.wrongToken, "no", inReplyTo: "resume")), .error(ProtocolError(.wrongToken, "no", inReplyTo: "resume"))),
            (
                ServerLine.error(ProtocolError(.tooManyMoves, "many", inReplyTo: "legal", moveSpace: Self.space)),
                .error(ProtocolError(.tooManyMoves, "many", inReplyTo: "legal", moveSpace: Self.space))
            ),
        ]
        for (line, expected) in lines {
            #expect(try ServerMessage(line: line) == expected)
        }
    }

    static let space = MoveSpace(everyCombinationOf: [MoveSpace.Field("angle", 0...359), MoveSpace.Field("power", 1...100)])

    @Test func anErrorWithAMalformedSpaceIsUnreadable() {
        #expect(throws: ProtocolError.self) {
            try ServerMessage(line: Array(#"{"type":"error","code":"tooManyMoves","message":"m","re":"legal","space":{"count":"x"}}"#.utf8))
        }
    }

    @Test func matchCodesAreShortUnambiguousAndNameTheirServer() throws {
        let plain = try MatchCodes(serverID: nil).make()
        #expect(plain.count == 6 && MatchCodes.isWellFormed(plain))
        #expect(!plain.contains { "01OIL".contains($0) })
        let named = try MatchCodes(serverID: "eu1").make()
        #expect(named.hasPrefix("EU1-") && MatchCodes.isWellFormed(named))
        #expect(MatchCodes.normalize(" eu1-k7qf2m ") == "EU1-K7QF2M")
        #expect(!MatchCodes.isWellFormed("../../etc"))
        #expect(throws: ServerIDError.self) { try MatchCodes(serverID: "eu-1") }
    }

    @Test func seatTokensAre128SecretBitsComparedWhole() throws {
        let token = try SeatToken.make()
        #expect(token.count == 32)
        #expect(try SeatToken.make() != token)
        #expect(SeatToken.matches(token, token))
        #expect(!SeatToken.matches(String(token.dropLast()), token))
        #expect(!SeatToken.matches(token + "0", token))
        #expect(!SeatToken.matches("", token))
    }
}
