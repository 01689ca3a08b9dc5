import Foundation

/// Plays a batch of matches between two named bots and adds up the results:
/// the engine behind `duo-server match` and `duo-bench match`.
///
/// Match `i` is seeded from (batch seed, i) alone (paired: from the pair's
/// index) and the tally is a sum of integers, so the results are the same for
/// any `jobs` and any sharding. An SPRT is fed in match-index order, so it
/// stops at the same match whatever the threads. The function is `@inlinable`
/// so a game's catalog entry compiles it for that game: the loop then runs
/// with no dynamic dispatch.
public enum BatchRunner {
    /// Plays the matches of `configuration.shard` and reports their results.
    /// - Parameters:
    ///   - game: the loaded variant both bots play.
    ///   - configuration: the bots, the number of matches, the seed, the shard and the rest.
    ///   - progress: told after each chunk of matches.
    /// - Throws: ``BatchError`` for a bad configuration, an unknown bot, a
    ///   match that could not finish (the lowest such match index) or a
    ///   replay that could not be written. A match an outside bot breaks is
    ///   not an error: that bot forfeits it.
    @inlinable
    public static func run<Game: TabletopGame>(
        _ game: Game,
        configuration: BatchConfiguration,
        progress: BatchProgress? = nil
    ) throws(BatchError) -> BatchReport {
        try configuration.validate()
        var commands: [ExternalBotCommand?] = []
        for name in configuration.bots.values {
            let command = try ExternalBotCommand(name: name)
            commands.append(command)
            guard command == nil else { continue }
            do {
                _ = try game.makeBot(named: name, seat: .first, seed: 0)
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
        let externals = SeatPair(commands[0], commands[1])
        let range = configuration.matchRange
        let queue = BatchWorkQueue(
            configuration: configuration, range: range, jobs: configuration.jobs, paired: configuration.paired,
            sprt: configuration.sprt, stops: configuration.shard == .whole, progress: progress)
        let started = ContinuousClock.now
        let work = { @Sendable (_: Int) in
            // Each worker has its own child processes for outside bots, kept across its matches.
            let processes = externals.map { command in command.map { ExternalBotProcess(command: $0) } }
            defer { for process in processes.values { process?.stop(graceful: true) } }
            while let chunk = queue.takeChunk() {
                var partial = BatchTally()
                var records: [BatchGameRecord] = []
                var forfeits: [BatchForfeit] = []
                var firstOfPair: GameOutcome?
                for index in chunk {
                    let setup = configuration.setup(ofMatch: index)
                    let seatOfA = configuration.seatOfA(inMatch: index)
                    let played: (result: MatchResult, moves: Int)
                    do throws(BatchError) {
                        if processes.first == nil && processes.second == nil {
                            played = try playBuiltIn(game, index: index, setup: setup, configuration: configuration)
                        } else {
                            let seated = seatOfA == .first ? processes : SeatPair(processes.second, processes.first)
                            let outcome = try playWithOutside(
                                game, index: index, setup: setup, configuration: configuration,
                                processes: seated)
                            played = (outcome.result, outcome.moves)
                            if let forfeit = outcome.forfeit { forfeits.append(forfeit) }
                        }
                    } catch {
                        queue.fail(index: index, error: error)
                        queue.finish(
                            partial, records: records, forfeits: forfeits, start: chunk.lowerBound,
                            count: records.count, total: range.count)
                        return
                    }
                    if queue.keepsRecords {
                        records.append(
                            BatchGameRecord(
                                index: index, result: played.result, setup: setup,
                                moves: played.moves, seatOfA: seatOfA))
                    } else {
                        let segment = configuration.trendSegment(ofMatch: index)
                        partial.record(played.result, setup: setup, moveCount: played.moves, seatOfA: seatOfA, index: index, segment: segment)
                        if configuration.paired {
                            let outcome = GameOutcome(winner: played.result.winner, seatOfA: seatOfA)
                            if let first = firstOfPair {
                                partial.recordPair(first, outcome, segment: segment)
                                firstOfPair = nil
                            } else {
                                firstOfPair = outcome
                            }
                        }
                    }
                }
                queue.finish(
                    partial, records: records, forfeits: forfeits, start: chunk.lowerBound,
                    count: chunk.count, total: range.count)
            }
        }
        if configuration.jobs == 1 {
            work(0)
        } else {
            DispatchQueue.concurrentPerform(iterations: configuration.jobs) { worker in work(worker) }
        }
        let elapsed = started.duration(to: .now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        let outcome = try queue.outcome().get()
        if configuration.sprt != nil, let directory = configuration.replayDirectory, outcome.tally.games < range.count {
            // Matches in flight when the SPRT stopped were played past its stop: their replays are not the batch's.
            for index in (range.lowerBound + outcome.tally.games)..<range.upperBound {
                let url = directory.appendingPathComponent(replayFileName(index: index, games: configuration.games))
                try? FileManager.default.removeItem(at: url)
            }
        }
        var report = BatchReport(
            game: Game.name, variant: game.variant, rulesHash: game.rulesHash, scoreUnit: Game.scoreUnit,
            configuration: configuration, tally: outcome.tally, elapsedSeconds: seconds)
        report.forfeits = outcome.forfeits
        report.matchesPlayedPastStop = outcome.playedPastStop
        if let test = outcome.test {
            report.sprt = BatchSPRT(
                test: test, games: outcome.tally.games,
                covers: configuration.shard == .whole ? .wholeBatch : .shardOnly)
            report.outcomes = String(outcome.outcomes.map(\.rawValue))
            // The rating of a whole batch's SPRT is that of the games the test used.
            let tally = report.tally
            report.tally = tally
        }
        return report
    }

    /// Plays match `index` between two of the game's bots and writes its replay when asked.
    @inlinable
    static func playBuiltIn<Game: TabletopGame>(
        _ game: Game, index: Int, setup: MatchSetup, configuration: BatchConfiguration
    ) throws(BatchError) -> (result: MatchResult, moves: Int) {
        let names = configuration.seating(ofMatch: index)
        // Names were checked before the batch started, so making bots cannot fail here.
        guard var seat0 = try? game.makeBot(named: names.first, seat: .first, seed: setup.botSeed(for: .first)),
            var seat1 = try? game.makeBot(named: names.second, seat: .second, seed: setup.botSeed(for: .second))
        else { preconditionFailure("bot names were validated before the batch") }
        do {
            if let directory = configuration.replayDirectory {
                var recorder = ReplayRecorder<Game>(players: names)
                let played = try MatchDriver.play(
                    game, setup: setup, seat0: &seat0, seat1: &seat1,
                    observer: &recorder, moveLimit: configuration.moveLimit)
                try writeReplay(recorder.data, index: index, games: configuration.games, directory: directory)
                return (played.result, played.moveCount)
            } else {
                var observer = NoObserver<Game>()
                let played = try MatchDriver.play(
                    game, setup: setup, seat0: &seat0, seat1: &seat1,
                    observer: &observer, moveLimit: configuration.moveLimit)
                return (played.result, played.moveCount)
            }
        } catch let error as MatchError {
            throw .matchFailed(index: index, seed: setup.seed, error: error)
        } catch let error as BatchError {
            throw error
        } catch {
            preconditionFailure("unexpected error \(error)")
        }
    }

    /// Plays match `index` with an outside bot in at least one seat
    /// (`processes` by seat). A seat whose outside bot crashes, hangs, writes
    /// garbage or plays an illegal move forfeits the match.
    @usableFromInline
    static func playWithOutside<Game: TabletopGame>(
        _ game: Game, index: Int, setup: MatchSetup, configuration: BatchConfiguration,
        processes: SeatPair<ExternalBotProcess?>
    ) throws(BatchError) -> (result: MatchResult, moves: Int, forfeit: BatchForfeit?) {
        let names = configuration.seating(ofMatch: index)
        let code = "match-\(index)"
        func player(_ seat: Seat) -> BatchPlayer<Game> {
            if let process = processes[seat] {
                return .external(
                    ExternalBot(
                        process: process, game: game, seat: seat, code: code, opponent: names[seat.opponent],
                        moveTimeMilliseconds: configuration.moveTimeMilliseconds))
            }
            guard let bot = try? game.makeBot(named: names[seat], seat: seat, seed: setup.botSeed(for: seat)) else {
                preconditionFailure("bot names were validated before the batch")
            }
            return .builtIn(bot)
        }
        var seat0 = player(.first)
        var seat1 = player(.second)
        var recorder = LastStateObserver(ReplayRecorder<Game>(players: names))
        var result: MatchResult
        var moves: Int
        var forfeit: BatchForfeit?
        do {
            let played = try MatchDriver.play(
                game, setup: setup, seat0: &seat0, seat1: &seat1,
                observer: &recorder, moveLimit: configuration.moveLimit)
            result = played.result
            moves = played.moveCount
        } catch {
            guard let seat = error.seat, (seat == .first ? seat0 : seat1).isExternal,
                error.kind == .noMove || error.kind == .invalidMove, let state = recorder.state
            else {
                throw .matchFailed(index: index, seed: setup.seed, error: error)
            }
            let reason = (seat == .first ? seat0 : seat1).failure ?? "illegal move: \(error.detail)"
            result = MatchResult.forfeit(by: seat, scores: game.scores(in: state))
            moves = error.moveNumber
            forfeit = BatchForfeit(match: index, seat: seat, bot: names[seat], reason: reason)
            recorder.matchDidEnd(result, game: game, state: state)
        }
        seat0.matchEnded(result)
        seat1.matchEnded(result)
        if let directory = configuration.replayDirectory {
            try writeReplay(recorder.inner.data, index: index, games: configuration.games, directory: directory)
        }
        return (result, moves, forfeit)
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
