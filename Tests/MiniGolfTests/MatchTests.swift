import Foundation
import TabletopEngine
import Testing

@testable import MiniGolf

@Suite("Mini golf on the engine: bots, batches, replays, sessions")
struct MatchTests {
    @Test("bots always offer legal strokes and finish the course")
    func botsFinishTheCourse() throws {
        let game = GolfFixtures.meadow
        for names in [("random", "aim"), ("aim", "random")] {
            var seat0 = try game.makeBot(named: names.0, seat: .first, seed: 11)
            var seat1 = try game.makeBot(named: names.1, seat: .second, seed: 12)
            var observer = NoObserver<MiniGolf>()
            let played = try MatchDriver.play(game, setup: MatchSetup(seed: 5), seat0: &seat0, seat1: &seat1, observer: &observer)
            #expect(played.finalState.hole == game.rules.holes.count)
            #expect(played.result.scores.first + played.result.scores.second >= 2 * game.rules.holes.count)
        }
        #expect(throws: UnknownBotError.self) { _ = try game.makeBot(named: "caddie", seat: .first, seed: 1) }
    }

    @Test("the aiming bot beats the random one, near par, from either seat")
    func aimBeatsRandom() throws {
        let entry = MiniGolf.catalogEntry
        let game = try entry.load(variant: "meadow", rulesData: GolfFixtures.meadow.rulesJSON)
        // Aim beats random by some fifty strokes: two matches each way (each seat moving first once) are plenty.
        let report = try game.runBatch(BatchConfiguration(games: 2, seed: 99, bots: SeatPair("aim", "random")))
        #expect(report.wins == SeatPair(2, 0))
        let swapped = try game.runBatch(BatchConfiguration(games: 2, seed: 98, bots: SeatPair("random", "aim")))
        #expect(swapped.wins == SeatPair(0, 2))
        let par = GolfFixtures.meadow.rules.holes.map(\.par).reduce(0, +)
        let mean = try #require(report.meanScoreToWin)
        #expect(mean <= Double(par), "aim averages \(mean) strokes against par \(par)")
    }

    @Test("a batch gives the same results whatever the jobs and shards")
    func batchIsDeterministic() throws {
        let game = AnyGame(GolfFixtures.meadow)
        let base = BatchConfiguration(games: 6, seed: 3, bots: SeatPair("random", "random"))
        let one = try game.runBatch(base)
        var two = base
        two.jobs = 2
        let parallel = try game.runBatch(two)
        #expect(one.tally == parallel.tally)
        var shards: [BatchReport] = []
        for index in 0..<3 {
            var part = base
            part.shard = try Shard(index: index, count: 3)
            shards.append(try game.runBatch(part))
        }
        #expect(try BatchReport.merge(shards).tally == one.tally)
        #expect(one.game == "minigolf")
    }

    @Test("a recorded match replays exactly, and a corrupt line is named")
    func replayRoundTrip() throws {
        let game = GolfFixtures.meadow
        // Random strokes visit every surface and end the shortest way: the cheapest full match to record.
        var seat0 = try game.makeBot(named: "random", seat: .first, seed: 1)
        var seat1 = try game.makeBot(named: "random", seat: .second, seed: 2)
        var recorder = ReplayRecorder<MiniGolf>(players: SeatPair("random", "random"))
        let played = try MatchDriver.play(
            game, setup: MatchSetup(seed: 77, firstSeat: .second),
            seat0: &seat0, seat1: &seat1, observer: &recorder)
        let summary = try ReplaySummary(verifying: recorder.data, game: game)
        #expect(summary.result == played.result)
        #expect(summary.moveCount == played.moveCount)
        #expect(summary.header.game == "minigolf")
        // Through the type-erased catalog path too.
        let erased = AnyGame(game)
        #expect(try erased.verifyReplay(recorder.data).result == played.result)
        let frames = try erased.replayFrames(recorder.data, viewer: .second)
        #expect(frames.count == played.moveCount)
        #expect(frames.last?.picture.contains("all 9 holes played") == true)
        // Change one stroke's power: the line is refused or its hash disagrees.
        var lines = String(decoding: recorder.data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let target = 3
        let original = lines[target - 1]
        let powerRange = try #require(original.range(of: #""power":\d+"#, options: .regularExpression))
        let power = Int(original[powerRange].dropFirst(8))!
        lines[target - 1] = original.replacingCharacters(in: powerRange, with: "\"power\":\(power == 100 ? 99 : power + 1)")
        let tampered = Data(lines.joined(separator: "\n").utf8)
        #expect(throws: ReplayError.self) { try ReplaySummary(verifying: tampered, game: game) }
        do {
            _ = try ReplaySummary(verifying: tampered, game: game)
        } catch {
            #expect(error.line == target)
            #expect(error.code == .hashMismatch)
        }
        // A truncated log names the line after its end.
        let truncated = Data(lines.prefix(4).joined(separator: "\n").utf8)
        #expect(throws: ReplayError.self) { try ReplaySummary(verifying: truncated, game: game) }
    }

    @Test("after a forfeit the hosted session's views name no seat to play, as after the last hole")
    func forfeitedViewsNameNoSeatToPlay() throws {
        let game = AnyGame(GolfFixtures.meadow)
        let session = game.makeSession(setup: MatchSetup(seed: 4), players: SeatPair("alice", "bob"))
        let before = try JSONDecoder().decode(MiniGolfSeatView.self, from: session.seatViewJSON(for: .second))
        #expect(before.table.toMove == .first)
        _ = try #require(session.forfeit(by: .first))
        for seat in Seat.allCases {
            let view = try JSONDecoder().decode(MiniGolfSeatView.self, from: session.seatViewJSON(for: seat))
            #expect(view.table.toMove == nil && view.table.hole == before.table.hole)
        }
        #expect(try JSONDecoder().decode(MiniGolfPublicView.self, from: session.publicViewJSON()).toMove == nil)
    }

    @Test("a hosted session takes JSON strokes and refuses bad ones with stable codes")
    func hostedSession() throws {
        let game = AnyGame(GolfFixtures.meadow)
        let session = game.makeSession(setup: MatchSetup(seed: 4), players: SeatPair("alice", "aim"))
        #expect(session.seatsToMove == .first)
        guard case .failure(let bad) = session.submit(Data(#"{"angle": "north"}"#.utf8), by: .first) else {
            Issue.record("a malformed stroke was accepted")
            return
        }
        #expect(bad.code == SessionRejection.badMoveCode)
        guard case .failure(let range) = session.submit(Data(#"{"angle": 400, "power": 10}"#.utf8), by: .first) else {
            Issue.record("an out-of-range stroke was accepted")
            return
        }
        #expect(range.code == "angleOutOfRange")
        guard case .success(let receipt) = session.submit(Data(#"{"angle": 270, "power": 40}"#.utf8), by: .first) else {
            Issue.record("a good stroke was refused")
            return
        }
        #expect(receipt.number == 1)
        try session.attachBot(named: "aim", to: .second)
        let botMove = try #require(session.botMoveJSON(for: .second))
        guard case .success = session.submit(botMove, by: .second) else {
            Issue.record("the bot's stroke was refused")
            return
        }
        let view = try JSONDecoder().decode(MiniGolfSeatView.self, from: session.seatViewJSON(for: .first))
        #expect(view.table.scorecard.first == [1])
        #expect(view.table.lastShot?.seat == .second)
    }
}
