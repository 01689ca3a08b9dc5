import Foundation
import TabletopEngine
import Testing

@testable import Broadside

/// Batches and replays recorded with the engine before its match loop was
/// made faster (issue 24, commit 1df5550): a speed-up must play the very
/// same matches, so the same seed gives the same wins, moves and histogram of
/// shots, and the same replay bytes.
@Suite struct RecordedBatchTests {
    /// One recorded batch: what `duo-server match --jobs 1 --json` gave for it.
    struct Recorded: Sendable, CustomTestStringConvertible {
        var variant: String
        var bots: (String, String)
        var games: Int
        var seed: UInt64
        /// `wins first second, draws, firstSeatWins, moves, scoresToWin` (its JSON).
        var summary: String

        var testDescription: String { "\(variant) \(bots.0),\(bots.1) x\(games) seed \(seed)" }
    }

    static let batches: [Recorded] = [
        Recorded(
            variant: "classic", bots: ("random", "random"), games: 2_000, seed: 42,
            summary:
                "wins 1020 980, draws 0, firstSeatWins 1056, moves 390904, scoresToWin {\"counts\":[[66,1],[69,1],[70,1],[71,2],[72,3],[73,2],[74,1],[75,4],[76,6],[77,8],[78,9],[79,10],[80,10],[81,16],[82,14],[83,17],[84,31],[85,34],[86,43],[87,54],[88,68],[89,74],[90,98],[91,128],[92,128],[93,143],[94,174],[95,172],[96,192],[97,197],[98,167],[99,128],[100,64]],\"matches\":2000,\"max\":100,\"min\":66,\"total\":185980}"
        ),
        Recorded(
            variant: "classic", bots: ("hunt", "hunt"), games: 1_000, seed: 42,
            summary:
                "wins 501 499, draws 0, firstSeatWins 521, moves 101115, scoresToWin {\"counts\":[[21,1],[23,1],[25,2],[26,2],[27,4],[28,4],[29,4],[30,7],[31,11],[32,12],[33,12],[34,19],[35,21],[36,26],[37,21],[38,28],[39,26],[40,44],[41,34],[42,43],[43,45],[44,54],[45,60],[46,49],[47,48],[48,49],[49,56],[50,47],[51,37],[52,27],[53,38],[54,27],[55,39],[56,22],[57,18],[58,14],[59,13],[60,9],[61,8],[62,9],[63,5],[64,1],[65,2],[66,1]],\"matches\":1000,\"max\":66,\"min\":21,\"total\":45818}"
        ),
        Recorded(
            variant: "classic", bots: ("density", "density"), games: 200, seed: 42,
            summary:
                "wins 105 95, draws 0, firstSeatWins 97, moves 17921, scoresToWin {\"counts\":[[24,1],[27,4],[28,5],[29,4],[30,3],[31,3],[32,10],[33,5],[34,15],[35,8],[36,10],[37,7],[38,7],[39,13],[40,11],[41,9],[42,11],[43,8],[44,7],[45,17],[46,4],[47,5],[48,10],[49,4],[50,5],[51,4],[52,4],[53,2],[54,2],[55,1],[57,1]],\"matches\":200,\"max\":57,\"min\":24,\"total\":8009}"
        ),
        Recorded(
            variant: "classic", bots: ("density", "hunt:spread"), games: 200, seed: 7,
            summary:
                "wins 148 52, draws 0, firstSeatWins 96, moves 18620, scoresToWin {\"counts\":[[25,1],[26,1],[28,1],[30,2],[31,3],[32,4],[33,6],[34,6],[35,6],[36,8],[37,12],[38,10],[39,7],[40,17],[41,12],[42,16],[43,23],[44,9],[45,4],[46,15],[47,4],[48,5],[49,3],[50,4],[51,4],[52,7],[53,2],[54,2],[55,2],[56,1],[58,1],[60,1],[61,1]],\"matches\":200,\"max\":61,\"min\":25,\"total\":8358}"
        ),
        Recorded(
            variant: "salvo", bots: ("random", "hunt"), games: 300, seed: 42,
            summary:
                "wins 0 300, draws 0, firstSeatWins 150, moves 32222, scoresToWin {\"counts\":[[35,3],[38,1],[40,5],[43,1],[45,14],[46,1],[47,1],[49,1],[50,33],[51,3],[53,1],[54,1],[55,33],[56,1],[57,2],[58,2],[59,5],[60,41],[61,4],[62,1],[63,6],[64,5],[65,54],[66,1],[67,4],[68,4],[69,3],[70,39],[71,2],[73,1],[74,1],[75,18],[76,1],[77,1],[78,1],[79,1],[80,3],[81,1]],\"matches\":300,\"max\":81,\"min\":35,\"total\":18251}"
        ),
    ]

    /// The summary of a batch as the recorded lines give it.
    static func summary(of report: BatchReport) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let histogram = String(decoding: try encoder.encode(report.scoresToWin), as: UTF8.self)
        return "wins \(report.wins.first) \(report.wins.second), draws \(report.draws), firstSeatWins \(report.firstSeatWins), "
            + "moves \(report.moves), scoresToWin \(histogram)"
    }

    @Test(arguments: batches)
    func aFixedSeedGivesTheRecordedBatch(_ recorded: Recorded) throws {
        for jobs in [1, 2] {
            let report = try BatchRunner.run(
                try Fixture.game(recorded.variant),
                configuration: BatchConfiguration(
                    games: recorded.games, seed: recorded.seed, bots: SeatPair(recorded.bots.0, recorded.bots.1), jobs: jobs))
            #expect(try Self.summary(of: report) == recorded.summary, "jobs \(jobs)")
        }
    }

    /// FNV-1a (64 bits) of a file's bytes: the recorded replays' fingerprints.
    static func fingerprint(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    @Test func aFixedSeedGivesTheRecordedReplayBytes() throws {
        let recorded: [(variant: String, bots: (String, String), files: [String])] = [
            ("classic", ("density", "hunt"), ["6846 e8d3a4c3350a0fd0", "8343 bd446ce842e15a6", "9153 3c0c245e09f74f11"]),
            ("salvo", ("random", "density"), ["7875 a550cc47fd20a43a", "7872 9b110c329cf0b508", "8354 b79fbf5f5908bcbd"]),
        ]
        for entry in recorded {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("recorded-replays-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: directory) }
            var configuration = BatchConfiguration(games: 3, seed: 42, bots: SeatPair(entry.bots.0, entry.bots.1), jobs: 1)
            configuration.replayDirectory = directory
            _ = try BatchRunner.run(try Fixture.game(entry.variant), configuration: configuration)
            var files: [String] = []
            for index in 0..<3 {
                let url = directory.appendingPathComponent(BatchRunner.replayFileName(index: index, games: 3))
                let data = try Data(contentsOf: url)
                files.append("\(data.count) \(Self.fingerprint(data))")
            }
            #expect(files == entry.files, "\(entry.variant) \(entry.bots)")
        }
    }
}
