import DuoTestSupport
import Foundation
import Testing

/// `duo-server match` as a CI job uses it: paired games, the rating, the
/// SPRT, outside bots, expectations and JUnit, and the results file formats.
@Suite struct CIMatchCommandTests {
    let server: BuiltExecutable
    init() throws { server = try BuiltExecutable(named: "duo-server") }

    func temporaryDirectory() throws -> URL {
        try ScratchFolder.make("duo-ci")
    }

    func json(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func pairedGamesReportThePentanomialTheRatingAndTheFirstSeatAdvantage() throws {
        let run = try server.run(["match", "--bots", "density,hunt", "--pairs", "--games", "40", "--seed", "3", "--json", "-", "--quiet"])
        #expect(run.status == 0, "\(run.errorOutput)")
        let report = try json(run.stdout)
        #expect(report["paired"] as? Bool == true)
        let outcomes = try #require(report["botOutcomes"] as? [String: Any])
        let pentanomial = try #require(outcomes["pentanomial"] as? [Int])
        #expect(pentanomial.count == 5 && pentanomial.reduce(0, +) == 20)
        #expect(pentanomial[1] == 0 && pentanomial[3] == 0, "Broadside has no draws: a pair scores 0, 1 or 2")
        let rating = try #require(report["rating"] as? [String: Any])
        let interval = try #require(rating["eloCI95"] as? [Double])
        let elo = try #require(rating["elo"] as? Double)
        #expect(interval[0] <= elo && elo <= interval[1])
        #expect(report["firstSeatCI95"] as? [Double] != nil)
        let text = try server.run(["match", "--bots", "density,hunt", "--pairs", "--games", "40", "--seed", "3", "--quiet"])
        #expect(text.output.contains("20 pairs: each deal twice, seats swapped"))
        #expect(text.output.contains("pairs by density's points (0, 1/2, 1, 3/2, 2): \(pentanomial.map(String.init).joined(separator: " "))"))
        #expect(text.output.contains("first-seat advantage: the seat that moved first won"))
        #expect(text.output.contains("Elo "))
    }

    @Test func anSPRTBetweenDensityAndRandomAcceptsH1InFewGamesTheSameForAnyJobs() throws {
        var reports: [[String: Any]] = []
        for jobs in ["1", "2"] {
            let run = try server.run([
                "match", "--bots", "density,random", "--sprt", "elo0=0,elo1=10,alpha=0.05,beta=0.05",
                "--games", "1000", "--jobs", jobs, "--json", "-", "--quiet",
            ])
            #expect(run.status == 0, "H1 accepted is status 0: \(run.errorOutput)")
            reports.append(try json(run.stdout))
        }
        let sprt = try #require(reports[0]["sprt"] as? [String: Any])
        #expect(sprt["verdict"] as? String == "H1")
        let games = try #require(sprt["games"] as? Int)
        #expect(games < 50, "density never loses to random: a few games decide")
        #expect(reports[0]["games"] as? Int == games)
        #expect(NSDictionary(dictionary: sprt).isEqual(to: try #require(reports[1]["sprt"] as? [String: Any])))
        let weaker = try server.run(["match", "--bots", "random,density", "--sprt", "elo0=0,elo1=10", "--games", "1000", "--quiet"])
        #expect(weaker.status == 4, "H0 accepted")
        #expect(weaker.output.contains("H0 accepted"))
        let short = try server.run(["match", "--bots", "hunt,random", "--sprt", "elo0=0,elo1=10", "--games", "2", "--quiet"])
        #expect(short.status == 5, "undecided at the game limit")
        #expect(short.output.contains("undecided after 2 games"))
    }

    @Test func thePythonExampleBotPlaysABatchAgainstRandom() throws {
        let run = try server.run([
            "match", "--bots", "exec:Examples/ExecBot/random_bot.py,random", "--games", "6", "--pairs",
            "--json", "-", "--quiet",
        ])
        #expect(run.status == 0, "\(run.errorOutput)")
        let report = try json(run.stdout)
        #expect(report["games"] as? Int == 6)
        #expect((report["forfeits"] as? [Any])?.isEmpty == true, "the example bot plays by the rules: \(report["forfeits"] ?? "")")
        #expect((report["wins"] as? [Int])?.reduce(0, +) == 6)
    }

    @Test func aBuildsOwnBotPlaysAsAnOutsideBotOfAnotherBatch() throws {
        let command = "exec:\(server.url.path) bot random"
        let run = try server.run(["match", "--bots", "\(command),random", "--games", "4", "--json", "-", "--quiet"])
        #expect(run.status == 0, "\(run.errorOutput)")
        let report = try json(run.stdout)
        #expect((report["forfeits"] as? [Any])?.isEmpty == true, "\(report["forfeits"] ?? "")")
        #expect((report["wins"] as? [Int])?.reduce(0, +) == 4)
        let unknown = try server.run(["bot", "oracle"])
        #expect(unknown.status == 2 && unknown.errorOutput.contains("unknown bot 'oracle'"))
    }

    @Test(arguments: [
        ("crash", "crashed (exit status 3)"),
        ("hang", "sent no move within 400 ms"),
        ("garbage", "wrote garbage instead of a move"),
        ("cheat", "illegal move: {\"fire\":\"P16\"} refused: cellOffBoard"),
        ("vertical", "illegal move: {\"place\":{\"at\":"),
        ("close", "closed its standard output"),
        ("long", "wrote a line longer than 1048576 bytes"),
    ])
    func aBrokenOutsideBotForfeitsOnlyItsOwnMatchNamedWithTheReason(mode: String, reason: String) throws {
        let run = try server.run([
            "match", "--bots", "exec:Examples/ExecBot/faulty_bot.py \(mode),random", "--games", "4",
            "--move-time-ms", "400", "--json", "-", "--quiet",
        ])
        #expect(run.status == 0, "the batch goes on: \(run.errorOutput)")
        let report = try json(run.stdout)
        let forfeits = try #require(report["forfeits"] as? [[String: Any]])
        #expect(forfeits.count == 1, "\(forfeits)")
        #expect(forfeits.first?["match"] as? Int == 1)
        #expect((forfeits.first?["reason"] as? String)?.contains(reason) == true, "\(forfeits)")
        #expect(report["games"] as? Int == 4)
        let text = try server.run([
            "match", "--bots", "exec:Examples/ExecBot/faulty_bot.py \(mode),random", "--games", "2",
            "--move-time-ms", "400", "--quiet",
        ])
        #expect(text.output.contains("match 1: exec:Examples/ExecBot/faulty_bot.py \(mode) (seat 0) "))
    }

    @Test func aBotThatForfeitsIsEndedAndTheNextMatchGetsAFreshProcess() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = directory.appendingPathComponent("pids.txt")
        let junit = directory.appendingPathComponent("report.xml")
        let run = try server.run(
            [
                "match", "--bots", "exec:Examples/ExecBot/faulty_bot.py cheat,random", "--games", "4", "--jobs", "1",
                "--json", "-", "--junit", junit.path, "--quiet",
            ], environment: ["FAULTY_BOT_LOG": log.path])
        #expect(run.status == 0, "a forfeit alone does not fail the run: \(run.errorOutput)")
        let pids = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map { $0.split(separator: " ") }
        #expect(pids.map { $0.first.map(String.init) } == ["match-0", "match-1", "match-2", "match-3"])
        #expect(pids[0][1] == pids[1][1], "one process plays match after match")
        #expect(pids[2][1] != pids[1][1], "the match after a forfeit starts a fresh process")
        #expect(pids[3][1] == pids[2][1])
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains("tests=\"1\" failures=\"1\""), "the batch is a test case, failed by the forfeit: \(xml)")
        #expect(xml.contains("name=\"batch 4 matches\"><failure message=\"1 forfeit:"))
    }

    @Test func aProgramIsFoundOnThePathAndEachGameHasItsOwnDefaultBots() throws {
        let run = try server.run([
            "match", "--bots", "exec:python3 Examples/ExecBot/random_bot.py,random", "--games", "2", "--json", "-", "--quiet",
        ])
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect((try json(run.stdout)["forfeits"] as? [Any])?.isEmpty == true)
        // One game: the pair is the batch's, whatever its length (a debug golf match is 3 s of CPU).
        let golf = try server.run(["match", "--game", "minigolf", "--games", "1", "--json", "-", "--quiet"])
        #expect(golf.status == 0, "\(golf.errorOutput)")
        #expect(try json(golf.stdout)["bots"] as? [String] == ["aim:medium", "aim:easy"])
        let broadside = try server.run(["match", "--games", "2", "--json", "-", "--quiet"])
        #expect(try json(broadside.stdout)["bots"] as? [String] == ["density", "hunt"])
    }

    @Test func theSummaryAndJSONGiveEachBotsMeanScoreToWin() throws {
        let run = try server.run(["match", "--bots", "density,hunt", "--games", "20", "--json", "-", "--quiet"])
        let report = try json(run.stdout)
        let means = try #require(report["botMeanScoreToWin"] as? [Any])
        #expect(means.count == 2)
        let byBot = try #require(report["botScoresToWin"] as? [[String: Any]])
        #expect(byBot.map { $0["matches"] as? Int ?? -1 }.reduce(0, +) == (report["scoresToWin"] as? [String: Any])?["matches"] as? Int)
        let text = try server.run(["match", "--bots", "density,hunt", "--games", "20", "--quiet"])
        #expect(text.output.contains("  mean by bot: density "), "\(text.output)")
        #expect(text.output.contains("; hunt "))
    }

    @Test func expectationsGateTheRunAndGoToJUnit() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let junit = directory.appendingPathComponent("report.xml")
        let passing = try server.run([
            "match", "--bots", "density,random", "--games", "20", "--quiet", "--expect", "score(A)>=0.9",
            "--expect", "elo>=0", "--junit", junit.path,
        ])
        #expect(passing.status == 0, "\(passing.errorOutput)")
        #expect(passing.output.contains("expect ok     score(A)>=0.9: score(A) is 1.0000"))
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains("tests=\"3\" failures=\"0\""), "the batch and its two expectations")
        let failing = try server.run([
            "match", "--bots", "density,random", "--games", "20", "--quiet", "--expect", "elo>=0",
            "--expect", "firstSeat<=0.1", "--junit", junit.path, "--json", "-",
        ])
        #expect(failing.status == 1)
        #expect(failing.errorOutput.contains("expectation failed: firstSeat<=0.1: firstSeat is 0.5000 (95% CI "), "\(failing.errorOutput)")
        #expect(!failing.errorOutput.contains("elo>=0"), "only the failed expectation is named")
        let report = try json(failing.stdout)
        let results = try #require(report["expectations"] as? [[String: Any]])
        #expect(results.map { $0["passed"] as? Bool } == [true, false])
        let failedXML = try String(contentsOf: junit, encoding: .utf8)
        #expect(failedXML.contains("failures=\"1\"") && failedXML.contains("<failure message=\"firstSeat&lt;=0.1"))
        // The same gates after merging shards.
        var shards: [String] = []
        for index in 0..<2 {
            let file = directory.appendingPathComponent("shard-\(index).json").path
            _ = try server.run(["match", "--bots", "density,random", "--games", "20", "--quiet", "--shard", "\(index)/2", "--json", file])
            shards.append(file)
        }
        let mergedPass = try server.run(["merge"] + shards + ["--expect", "score(A)>=0.9", "--junit", junit.path])
        #expect(mergedPass.status == 0, "\(mergedPass.errorOutput)")
        #expect(try String(contentsOf: junit, encoding: .utf8).contains("tests=\"2\" failures=\"0\""))
        let mergedFail = try server.run(["merge"] + shards + ["--expect", "score(B)>=0.5"])
        #expect(mergedFail.status == 1)
        #expect(mergedFail.errorOutput.contains("expectation failed: score(B)>=0.5: score(B) is 0.0000"), "\(mergedFail.errorOutput)")
        let bad = try server.run(["match", "--expect", "strength>=1"])
        #expect(bad.status == 2 && bad.errorOutput.contains("unknown figure 'strength'"))
    }

    @Test func resultsAndReplaysOfTheOlderFormatAreReadOrRefusedWithTheReason() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try server.run(["match", "--games", "2", "--quiet", "--replays", directory.path])
        #expect(run.status == 0)
        // A version 1 replay (older builds): `shots` where version 2 says `scores`.
        let replay = directory.appendingPathComponent("match-000000.jsonl")
        let old = try String(contentsOf: replay, encoding: .utf8)
            .replacingOccurrences(of: "\"version\":2", with: "\"version\":1").replacingOccurrences(of: "\"scores\":", with: "\"shots\":")
        let oldReplay = directory.appendingPathComponent("old.jsonl")
        try old.write(to: oldReplay, atomically: true, encoding: .utf8)
        let verified = try server.run(["replay", oldReplay.path])
        #expect(verified.status == 0, "\(verified.errorOutput)")
        #expect(verified.output.contains("shots; every state hash matches") || verified.output.contains("every state hash matches"))
        // A version 1 results file is refused, saying why.
        let oldResults = directory.appendingPathComponent("old.json")
        try #"{"game":"broadside","games":2,"shotsToWin":{"matches":2,"total":190,"min":94,"max":96,"counts":[[94,1],[96,1]]}}"#
            .write(to: oldResults, atomically: true, encoding: .utf8)
        let refused = try server.run(["merge", oldResults.path])
        #expect(refused.status == 1)
        #expect(refused.errorOutput.contains("written by an older duo-server (results version 1"), "\(refused.errorOutput)")
    }
}
