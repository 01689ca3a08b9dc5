import Foundation
import Testing

@testable import TabletopEngine

@Suite struct BatchTests {
    let game = TakeAway(pile: 30, maximumTake: 4)

    func run(_ configuration: BatchConfiguration) throws -> BatchReport {
        try BatchRunner.run(game, configuration: configuration)
    }

    @Test func resultsAreTheSameWhateverTheNumberOfJobs() throws {
        let one = try run(BatchConfiguration(games: 500, seed: 9, bots: SeatPair("random", "greedy"), jobs: 1))
        let three = try run(BatchConfiguration(games: 500, seed: 9, bots: SeatPair("random", "greedy"), jobs: 3))
        #expect(one.tally == three.tally)
        #expect(one.meanScoreToWin == three.meanScoreToWin)
        #expect(one.wins.first + one.wins.second + one.draws == 500)
    }

    @Test func shardsMergeIntoExactlyTheUnshardedTotals() throws {
        let whole = try run(BatchConfiguration(games: 301, seed: 4, bots: SeatPair("random", "random"), jobs: 2))
        let shards = try (0..<3).map { index in
            try run(
                BatchConfiguration(
                    games: 301, seed: 4, bots: SeatPair("random", "random"), jobs: 1,
                    shard: Shard(index: index, count: 3)))
        }
        #expect(shards.map(\.games).reduce(0, +) == 301)
        let merged = try BatchReport.merge(shards.reversed())
        #expect(merged.tally == whole.tally)
        #expect(merged.meanScoreToWin == whole.meanScoreToWin)
        #expect(merged.winRateCI95 == whole.winRateCI95)
        #expect(merged.shards == [0, 1, 2])
        #expect(merged.isComplete)
    }

    @Test func anotherSeedGivesOtherResults() throws {
        let a = try run(BatchConfiguration(games: 200, seed: 1, bots: SeatPair("random", "random")))
        let b = try run(BatchConfiguration(games: 200, seed: 2, bots: SeatPair("random", "random")))
        #expect(a.tally != b.tally)
    }

    @Test func shardsOfDifferentBatchesOrTheSameShardTwiceAreNotMerged() throws {
        let a = try run(BatchConfiguration(games: 20, seed: 1, bots: SeatPair("random", "random"), shard: Shard(index: 0, count: 2)))
        let b = try run(BatchConfiguration(games: 20, seed: 2, bots: SeatPair("random", "random"), shard: Shard(index: 1, count: 2)))
        #expect(throws: BatchError.mergeConflict("results of different batches: seed 1 vs 2")) { try BatchReport.merge([a, b]) }
        #expect(throws: BatchError.mergeConflict("shard 0 given twice")) { try BatchReport.merge([a, a]) }
        #expect(try BatchReport.merge([a]).isComplete == false)
    }

    @Test func theJSONReportRoundTripsWithTheRequiredKeys() throws {
        let report = try run(BatchConfiguration(games: 50, seed: 3, bots: SeatPair("greedy", "random")))
        let data = report.jsonData()
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        for key in ["games", "seed", "bots", "variant", "wins", "meanScoreToWin", "matchesPerSecond"] {
            #expect(object?[key] != nil, "report lacks \(key)")
        }
        #expect(try JSONDecoder().decode(BatchReport.self, from: data) == report)
    }

    @Test func everyMatchCanBeKeptAsAVerifiableReplay() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("replays-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let report = try run(
            BatchConfiguration(
                games: 12, seed: 5, bots: SeatPair("random", "greedy"), jobs: 2,
                replayDirectory: directory))
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(files.count == 12)
        #expect(files.first == "match-000000.jsonl")
        var wins = SeatPair(0, 0)
        for file in files {
            let summary = try ReplaySummary(verifying: try Data(contentsOf: directory.appendingPathComponent(file)), game: game)
            wins[summary.result.winner!] += 1
        }
        #expect(wins == report.wins)
    }

    @Test func badSettingsAndUnknownBotsAreTypedErrors() throws {
        #expect(throws: BatchError.invalidConfiguration("games must be at least 1, not 0")) {
            try run(BatchConfiguration(games: 0, seed: 1, bots: SeatPair("random", "random")))
        }
        #expect(throws: BatchError.unknownBot(UnknownBotError(name: "genius", known: ["random", "greedy"]))) {
            try run(BatchConfiguration(games: 1, seed: 1, bots: SeatPair("random", "genius")))
        }
        #expect(throws: BatchError.self) { try Shard(parsing: "2/2") }
        #expect(throws: BatchError.self) { try Shard(parsing: "x") }
    }

    @Test func shardRangesPartitionTheBatch() throws {
        for count in 1...7 {
            let ranges = try (0..<count).map { try Shard(index: $0, count: count).matchRange(ofBatch: 100) }
            #expect(ranges.first?.lowerBound == 0)
            #expect(ranges.last?.upperBound == 100)
            for (a, b) in zip(ranges, ranges.dropFirst()) { #expect(a.upperBound == b.lowerBound) }
        }
    }

    @Test func winIntervalsAreWilsonScoreIntervals() {
        let half = WinInterval(wins: 50, games: 100)
        #expect(abs(half.lower - 0.4038) < 0.0005)
        #expect(abs(half.upper - 0.5962) < 0.0005)
        let none = WinInterval(wins: 0, games: 20)
        #expect(none.lower == 0)
        #expect(abs(none.upper - 0.1611) < 0.0005)
    }

    @Test func theSummaryNamesBotsIntervalsAndAHistogram() throws {
        let report = try run(BatchConfiguration(games: 100, seed: 3, bots: SeatPair("greedy", "random")))
        let text = report.summaryText
        #expect(text.contains("greedy vs random"))
        #expect(text.contains("95% CI"))
        #expect(text.contains("moves to win: mean"), "a game that names no unit counts moves")
        #expect(text.contains("|#"))
    }
}
