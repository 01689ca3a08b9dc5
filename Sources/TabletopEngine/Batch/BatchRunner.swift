import Foundation

/// Plays a batch of matches between two named bots and adds up the results:
/// the engine behind `duo-server match` and `duo-bench match`.
///
/// Match `i` is seeded from (batch seed, i) alone and the tally is a sum of
/// integers, so the results are the same for any `jobs` and any sharding.
/// The function is `@inlinable` so a game's catalog entry compiles it for
/// that game: the loop then runs with no dynamic dispatch.
public enum BatchRunner {
    /// Plays the matches of `configuration.shard` and reports their results.
    /// - Parameter progress: told after each chunk of matches.
    /// - Throws: ``BatchError`` for a bad configuration, an unknown bot, a
    ///   match that could not finish (the lowest such match index) or a
    ///   replay that could not be written.
    @inlinable
    public static func run<Game: TabletopGame>(
        _ game: Game,
        configuration: BatchConfiguration,
        progress: BatchProgress? = nil
    ) throws(BatchError) -> BatchReport {
        try configuration.validate()
        for seat in Seat.allCases {
            do {
                _ = try game.makeBot(named: configuration.bots[seat], seat: seat, seed: 0)
            } catch {
                throw .unknownBot(error)
            }
        }
        if let directory = configuration.replayDirectory {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw .replayWriteFailed(path: directory.path, reason: error.localizedDescription)
            }
        }
        let range = configuration.shard.matchRange(ofBatch: configuration.games)
        let queue = BatchWorkQueue(range: range, jobs: configuration.jobs, progress: progress)
        let started = ContinuousClock.now
        let work = { @Sendable (_: Int) in
            while let chunk = queue.takeChunk() {
                var partial = BatchTally()
                for index in chunk {
                    do throws(BatchError) {
                        try playOne(game, index: index, configuration: configuration, into: &partial)
                    } catch {
                        queue.fail(index: index, error: error)
                        return
                    }
                }
                queue.finish(partial, count: chunk.count, total: range.count)
            }
        }
        if configuration.jobs == 1 {
            work(0)
        } else {
            DispatchQueue.concurrentPerform(iterations: configuration.jobs) { worker in work(worker) }
        }
        let elapsed = started.duration(to: .now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        let tally = try queue.outcome().get()
        return BatchReport(game: Game.name, variant: game.variant, rulesHash: game.rulesHash,
                           configuration: configuration, tally: tally, elapsedSeconds: seconds)
    }

    /// Plays match `index` and counts it; writes its replay when asked.
    @inlinable
    static func playOne<Game: TabletopGame>(
        _ game: Game, index: Int, configuration: BatchConfiguration, into tally: inout BatchTally
    ) throws(BatchError) {
        let setup = MatchSetup(batchSeed: configuration.seed, matchIndex: index)
        // Names were checked before the batch started, so making bots cannot fail here.
        guard var seat0 = try? game.makeBot(named: configuration.bots.first, seat: .first, seed: setup.botSeed(for: .first)),
              var seat1 = try? game.makeBot(named: configuration.bots.second, seat: .second, seed: setup.botSeed(for: .second))
        else { preconditionFailure("bot names were validated before the batch") }
        do {
            if let directory = configuration.replayDirectory {
                var recorder = ReplayRecorder<Game>(players: configuration.bots)
                let played = try MatchDriver.play(game, setup: setup, seat0: &seat0, seat1: &seat1,
                                                  observer: &recorder, moveLimit: configuration.moveLimit)
                tally.record(played.result, setup: setup, moveCount: played.moveCount)
                try writeReplay(recorder.data, index: index, games: configuration.games, directory: directory)
            } else {
                var observer = NoObserver<Game>()
                let played = try MatchDriver.play(game, setup: setup, seat0: &seat0, seat1: &seat1,
                                                  observer: &observer, moveLimit: configuration.moveLimit)
                tally.record(played.result, setup: setup, moveCount: played.moveCount)
            }
        } catch let error as MatchError {
            throw .matchFailed(index: index, seed: setup.seed, error: error)
        } catch let error as BatchError {
            throw error
        } catch {
            preconditionFailure("unexpected error \(error)")
        }
    }

    /// The replay file name of match `index`: `match-000042.jsonl`, zero-padded
    /// to the width of the batch's last index so names sort in match order.
    public static func replayFileName(index: Int, games: Int) -> String {
        let width = max(6, String(max(0, games - 1)).count)
        let digits = String(index)
        return "match-" + String(repeating: "0", count: max(0, width - digits.count)) + digits + ".jsonl"
    }

    @usableFromInline
    static func writeReplay(_ data: Data, index: Int, games: Int, directory: URL) throws(BatchError) {
        let url = directory.appendingPathComponent(replayFileName(index: index, games: games))
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw .replayWriteFailed(path: url.path, reason: error.localizedDescription)
        }
    }
}
