import Foundation
import Testing

@testable import TabletopEngine

/// The rating (score, Elo, LOS) and the SPRT, on counts and on simulated
/// matches between bots of known strength.
@Suite struct RatingAndSPRTTests {
    @Test func eloFollowsTheLogisticCurveAndItsIntervalHoldsTheScore() {
        var counts = OutcomeCounts()
        for _ in 0..<75 { counts.add(.win) }
        for _ in 0..<25 { counts.add(.loss) }
        let rating = Rating(counts)
        #expect(abs(rating.score - 0.75) < 1e-12)
        #expect(abs(rating.elo - 190.85) < 0.01, "400 log10(3)")
        #expect(rating.eloCI95[0] < rating.elo && rating.elo < rating.eloCI95[1])
        #expect(rating.los > 0.999)
        #expect(abs(Rating.score(ofElo: rating.elo) - 0.75) < 1e-12)
    }

    @Test func identicalBotsInPairsHaveAnEloIntervalAroundZero() throws {
        let game = TakeAway(pile: 21, maximumTake: 3)
        let report = try BatchRunner.run(
            game,
            configuration: BatchConfiguration(
                games: 400, seed: 8, bots: SeatPair("random", "random"), paired: true, jobs: 2))
        #expect(report.botOutcomes.pairs == 200)
        #expect(report.botOutcomes.pentanomial.reduce(0, +) == 200)
        #expect(report.rating.eloCI95[0] <= 0 && 0 <= report.rating.eloCI95[1], "\(report.rating)")
        // Each seat draws from the same seed in both matches of a pair, so the
        // same bot in both seats replays the deal exactly: every pair is 1-1.
        #expect(report.botOutcomes.pentanomial == [0, 0, 200, 0, 0])
        let unpaired = try BatchRunner.run(
            game,
            configuration: BatchConfiguration(
                games: 400, seed: 8, bots: SeatPair("random", "random"), jobs: 2))
        #expect(unpaired.rating.eloCI95[0] < 0 && 0 < unpaired.rating.eloCI95[1], "\(unpaired.rating)")
        let width = { (rating: Rating) in rating.eloCI95[1] - rating.eloCI95[0] }
        #expect(width(report.rating) < width(unpaired.rating), "pairing takes the deal's luck out of the interval")
    }

    @Test func bothMatchesOfAPairShareTheDealWithTheSeatsSwapped() {
        let configuration = BatchConfiguration(games: 10, seed: 3, bots: SeatPair("a", "b"), paired: true)
        for pair in 0..<5 {
            #expect(configuration.setup(ofMatch: 2 * pair) == configuration.setup(ofMatch: 2 * pair + 1))
            #expect(configuration.seating(ofMatch: 2 * pair) == SeatPair("a", "b"))
            #expect(configuration.seating(ofMatch: 2 * pair + 1) == SeatPair("b", "a"))
        }
        #expect(configuration.setup(ofMatch: 0).firstSeat != configuration.setup(ofMatch: 2).firstSeat, "the first mover alternates by pair")
        let shards = (0..<3).map { index in
            var sharded = configuration
            sharded.shard = try! Shard(index: index, count: 3)
            return sharded.matchRange
        }
        #expect(shards.allSatisfy { $0.lowerBound % 2 == 0 && $0.count % 2 == 0 }, "a shard never splits a pair")
        #expect(shards.map(\.count).reduce(0, +) == 10)
    }

    /// Runs `runs` SPRTs on simulated games where A scores `p` per game (no
    /// draws), each game a coin from a seeded generator, and counts the verdicts.
    func simulate(p: Double, settings: SPRTSettings, paired: Bool, runs: Int, seed: UInt64) -> (h1: Int, h0: Int) {
        var generator = SeededGenerator(seed: seed)
        var h1 = 0
        var h0 = 0
        for _ in 0..<runs {
            var test = SequentialTest(settings: settings, paired: paired)
            var decided = false
            var games = 0
            while !decided && games < 200_000 {
                let first: GameOutcome = Double.random(in: 0..<1, using: &generator) < p ? .win : .loss
                if paired {
                    let second: GameOutcome = Double.random(in: 0..<1, using: &generator) < p ? .win : .loss
                    decided = test.addPair(first, second)
                    games += 2
                } else {
                    decided = test.add(first)
                    games += 1
                }
            }
            if test.verdict == .h1 { h1 += 1 }
            if test.verdict == .h0 { h0 += 1 }
        }
        return (h1, h0)
    }

    @Test(arguments: [false, true])
    func forIdenticalBotsH1IsAcceptedAtMostAlphaOfTheTimePlusThreeStandardErrors(paired: Bool) throws {
        let settings = try SPRTSettings(elo0: 0, elo1: 40, alpha: 0.05, beta: 0.05)
        let runs = 600
        let (h1, h0) = simulate(p: 0.5, settings: settings, paired: paired, runs: runs, seed: paired ? 11 : 12)
        let bound = settings.alpha + 3 * (settings.alpha * (1 - settings.alpha) / Double(runs)).squareRoot()
        #expect(Double(h1) / Double(runs) <= bound, "H1 accepted in \(h1) of \(runs) runs")
        #expect(h1 + h0 == runs, "every run decides")
    }

    @Test func whenAIsElo1StrongerH0IsAcceptedAtMostBetaOfTheTimePlusThreeStandardErrors() throws {
        let settings = try SPRTSettings(elo0: 0, elo1: 40, alpha: 0.05, beta: 0.05)
        let runs = 600
        let (_, h0) = simulate(p: Rating.score(ofElo: 40), settings: settings, paired: false, runs: runs, seed: 13)
        let bound = settings.beta + 3 * (settings.beta * (1 - settings.beta) / Double(runs)).squareRoot()
        #expect(Double(h0) / Double(runs) <= bound, "H0 accepted in \(h0) of \(runs) runs")
    }

    @Test func anSPRTStopsAtTheSameMatchWhateverTheJobsAndShards() throws {
        let game = TakeAway(pile: 30, maximumTake: 4)
        let settings = try SPRTSettings(parsing: "elo0=0,elo1=50")
        let base = BatchConfiguration(games: 4000, seed: 5, bots: SeatPair("greedy", "random"), paired: true, sprt: settings)
        var reports: [BatchReport] = []
        for jobs in [1, 3] {
            var configuration = base
            configuration.jobs = jobs
            reports.append(try BatchRunner.run(game, configuration: configuration))
        }
        let sprt = try #require(reports[0].sprt)
        #expect(sprt.verdict == .h1)
        #expect(sprt.games < 4000 && sprt.games % 2 == 0)
        #expect(reports[0].games == sprt.games, "the tally stops where the test stopped")
        #expect(reports[0].tally == reports[1].tally && reports[0].sprt == reports[1].sprt)
        let shards = try (0..<4).map { index in
            var configuration = base
            configuration.shard = try Shard(index: index, count: 4)
            return try BatchRunner.run(game, configuration: configuration)
        }
        #expect(shards.allSatisfy { $0.sprt?.covers == .shardOnly })
        let merged = try BatchReport.merge(shards.reversed())
        #expect(merged.sprt?.verdict == sprt.verdict && merged.sprt?.games == sprt.games && merged.sprt?.llr == sprt.llr)
        #expect(merged.rating == reports[0].rating)
    }

    @Test func anSPRTKeepsTheReplaysOfTheMatchesItCountedOnly() throws {
        let game = TakeAway(pile: 30, maximumTake: 4)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sprt-replays-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let report = try BatchRunner.run(
            game,
            configuration: BatchConfiguration(
                games: 2000, seed: 5, bots: SeatPair("greedy", "random"), sprt: try SPRTSettings(parsing: "elo0=0,elo1=50"), jobs: 2,
                replayDirectory: directory))
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(report.games < 2000)
        #expect(files.count == report.games)
        #expect(files.sorted().last == BatchRunner.replayFileName(index: report.games - 1, games: 2000))
    }

    @Test func sprtSettingsAndExpectationsAreParsedOrRefusedWithTheReason() throws {
        #expect(try SPRTSettings(parsing: "elo0=0,elo1=10,alpha=0.05,beta=0.05") == SPRTSettings())
        #expect(throws: BatchError.self) { try SPRTSettings(parsing: "elo0=10,elo1=0") }
        #expect(throws: BatchError.self) { try SPRTSettings(parsing: "alpha=0.7") }
        #expect(throws: BatchError.self) { try SPRTSettings(parsing: "elo2=3") }
        let expectation = try BatchExpectation(parsing: "score(A) >= 0.9")
        #expect(expectation.description == "score(A)>=0.9")
        #expect(throws: BatchError.self) { try BatchExpectation(parsing: "strength>=1") }
        #expect(throws: BatchError.self) { try BatchExpectation(parsing: "elo=3") }
    }

    @Test func aShardWhoseNumbersDoNotAddUpIsRefused() throws {
        let game = TakeAway(pile: 30, maximumTake: 4)
        var report = try BatchRunner.run(
            game,
            configuration: BatchConfiguration(
                games: 100, seed: 2, bots: SeatPair("greedy", "random"), shard: Shard(index: 0, count: 2)))
        try report.checkSums()
        report.wins.first += 5
        #expect(throws: BatchError.self) { try report.checkSums() }
        #expect(throws: BatchError.self) { try BatchReport.merge([report]) }
    }
}
