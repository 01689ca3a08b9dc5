import Foundation
import Testing

@testable import TabletopEngine

@Suite struct ReplayTests {
    let game = TakeAway(pile: 15, maximumTake: 3)

    /// Integers, seats, strings and hashes, which every move line has, are
    /// written without the generic path; the bytes are that path's.
    @Test func replayFieldsWrittenDirectlyAreTheGenericBytes() {
        func generic<Value: Encodable>(_ value: Value) -> Data {
            var object = OrderedJSONObject()
            object.add("k", Optional(value))
            return object.line()
        }
        func direct(_ write: (inout OrderedJSONObject) -> Void) -> Data {
            var object = OrderedJSONObject()
            write(&object)
            return object.line()
        }
        for number in [0, 7, 9, 10, 99, 100, 12_345, -1, -10, Int.max, Int.min] {
            #expect(direct { $0.add("k", number) } == generic(number), "\(number)")
        }
        for seat in Seat.allCases { #expect(direct { $0.add("k", seat) } == generic(seat)) }
        for text in ["move", "", "a b/c", "quote\"", "é"] { #expect(direct { $0.add("k", text) } == generic(text), "\(text)") }
        for bits: UInt64 in [0, 1, 0xABCDEF, 0x0123_4567_89AB_CDEF, .max] {
            #expect(direct { $0.add("k", StableHash(bits)) } == generic(StableHash(bits)), "\(bits)")
        }
        #expect(String(decoding: direct { $0.add("n", 12) }, as: UTF8.self) == "{\"n\":12}\n")
    }

    /// A recorded match between two random bots.
    func recordedMatch(seed: UInt64 = 11) throws -> Data {
        let setup = MatchSetup(seed: seed, firstSeat: .second)
        var a = try game.makeBot(named: "random", seat: .first, seed: setup.botSeed(for: .first))
        var b = try game.makeBot(named: "random", seat: .second, seed: setup.botSeed(for: .second))
        var recorder = ReplayRecorder<TakeAway>(players: SeatPair("random", "random"))
        _ = try MatchDriver.play(game, setup: setup, seat0: &a, seat1: &b, observer: &recorder)
        return recorder.data
    }

    func lines(_ data: Data) -> [String] {
        String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    func joined(_ lines: [String]) -> Data { Data(lines.joined(separator: "\n").utf8) }

    func replayError(_ data: Data) -> ReplayError? {
        do {
            _ = try ReplayPlayback(data, game: game)
            return nil
        } catch {
            return error
        }
    }

    @Test func aRecordedMatchVerifiesWithItsResult() throws {
        let data = try recordedMatch()
        let summary = try ReplaySummary(verifying: data, game: game)
        #expect(summary.header.game == "takeaway")
        #expect(summary.header.firstSeat == .second)
        #expect(summary.header.players == SeatPair("random", "random"))
        #expect(summary.moveCount == lines(data).count - 3)
        #expect(summary.result.reason == "lastToken")
    }

    @Test func theSameMatchAlwaysGivesTheSameBytesWithTypeFirst() throws {
        let data = try recordedMatch()
        #expect(data == (try recordedMatch()))
        #expect(lines(data).dropLast().allSatisfy { $0.hasPrefix(#"{"type":""#) })
        #expect(lines(data)[1].hasPrefix(#"{"type":"move","n":1,"seat":"#))
    }

    @Test func theHeaderHoldsTheFieldsOtherToolsRead() throws {
        let header = try JSONSerialization.jsonObject(with: Data(lines(try recordedMatch())[0].utf8)) as? [String: Any]
        for key in ["type", "format", "version", "game", "variant", "rulesVersion", "rulesHash", "seed", "firstSeat", "players", "initialHash"] {
            #expect(header?[key] != nil, "header lacks \(key)")
        }
        #expect(header?["seed"] as? String == "11")
    }

    @Test func aTruncatedLogNamesTheLineAfterItsEnd() throws {
        var text = lines(try recordedMatch())
        text.removeLast(2)  // the trailing empty piece and the result line
        let error = replayError(joined(text))
        #expect(error?.code == .truncated)
        #expect(error?.line == text.count + 1)
    }

    @Test func aLineCutInTheMiddleIsMalformedAtThatLine() throws {
        var text = lines(try recordedMatch())
        text[2] = String(text[2].prefix(text[2].count / 2))
        #expect(replayError(joined(text)) == ReplayError(line: 3, code: .malformedLine, message: "not valid JSON (truncated or corrupt)"))
    }

    @Test func aTamperedStateHashIsReportedAtItsLine() throws {
        var text = lines(try recordedMatch())
        text[3] = text[3].replacingOccurrences(of: #""hash":""#, with: #""hash":"f"#).replacingOccurrences(
            of: #"f(.)([0-9a-f]{15})"#, with: "f$2", options: .regularExpression)
        let error = replayError(joined(text))
        #expect(error?.line == 4)
        #expect(error?.code == .hashMismatch)
    }

    @Test func aMoveTheRulesRefuseIsReportedAtItsLine() throws {
        var text = lines(try recordedMatch())
        let index = text.firstIndex { $0.contains("\"take\"") }!
        text[index] = text[index].replacingOccurrences(of: #""_0":[0-9]+"#, with: #""_0":99"#, options: .regularExpression)
        #expect(text[index].contains(#""_0":99"#))
        let error = replayError(joined(text))
        #expect(error?.line == index + 1)
        #expect(error?.code == .moveRefused)
        #expect(error?.message.contains("badCount") == true)
    }

    @Test func aMissingFieldIsNamed() throws {
        var text = lines(try recordedMatch())
        text[1] = text[1].replacingOccurrences(of: #","seat":[01]"#, with: "", options: .regularExpression)
        #expect(replayError(joined(text)) == ReplayError(line: 2, code: .malformedLine, message: "seat: is missing"))
    }

    @Test func otherRulesAreRefusedAtTheHeader() throws {
        let data = try recordedMatch()
        #expect {
            try ReplayPlayback(data, game: TakeAway(pile: 16, maximumTake: 3))
        } throws: { ($0 as? ReplayError)?.code == .rulesMismatch && ($0 as? ReplayError)?.line == 1 }
    }

    @Test func anEmptyFileAndALineAfterTheResultAreErrors() throws {
        #expect(replayError(Data())?.code == .empty)
        var text = lines(try recordedMatch())
        text.insert(text[1], at: text.count - 1)
        #expect(replayError(joined(text))?.code == .unexpectedLine)
        #expect(replayError(joined(text))?.line == text.count - 1)
    }

    @Test func aForfeitVerifiesOnlyWhileTheRulesHadNotEndedTheMatch() throws {
        let session = MatchSession(game: game, setup: MatchSetup(seed: 2), players: SeatPair("x", "y"))
        _ = session.submit(move: .ready(note: 4), by: .first)
        _ = session.submit(move: .ready(note: 5), by: .second)
        #expect(session.forfeit(by: .second) != nil)
        let summary = try ReplaySummary(verifying: session.replay, game: game)
        #expect(summary.result.winner == .first)
        #expect(summary.result.forfeitedBy == .second)
        // A forfeit appended after the rules ended the match is refused.
        var text = lines(try recordedMatch())
        text[text.count - 2] = #"{"type":"result","winner":0,"reason":"forfeit","shots":[0,0],"forfeitedBy":1,"hash":"0000000000000000"}"#
        #expect(replayError(joined(text))?.code == .resultMismatch)
    }

    @Test func aSeatsReplayShowsOnlyWhatThatSeatSaw() throws {
        let data = try recordedMatch()
        let frames = try ReplayFrameText.frames(of: data, game: game, viewer: .first)
        #expect(frames.count == lines(data).count - 3)
        // The other seat's ready move carries its secret note: hidden from seat 0.
        let readies = frames.prefix(2)
        #expect(readies.contains { $0.mover == .second && $0.move == nil })
        #expect(readies.contains { $0.mover == .first && $0.move?.contains("ready") == true })
        #expect(frames.allSatisfy { $0.viewJSON.contains("\"seat\":0") })
        let spectator = try ReplayFrameText.frames(of: data, game: game, viewer: nil)
        #expect(spectator.prefix(2).allSatisfy { $0.move == nil })
    }
}
