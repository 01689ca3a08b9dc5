import DuoClient
import DuoNet
import Foundation
import TabletopEngine

extension MatchServer {
    /// Resumes every unfinished match found in the data directory (after a
    /// crash or a drain), with the same codes and tokens, and archives any
    /// finished one whose replay was not written yet. A journal that cannot
    /// be used is logged and left untouched; it never stops the server.
    ///
    /// Runs on the loop a few journals per round, so `/readyz`, `/metrics`
    /// and signals are answered meanwhile; a drain begun during recovery
    /// stops it (the journals not yet read stay as they are). Game
    /// connections are accepted once it is done: the kernel queues them.
    func beginRecovery() {
        // Spares left by an earlier run are empty and no match's: made afresh.
        removeSpareJournals()
        recoverStep(store.journals()[...], resumed: 0)
    }

    private func recoverStep(_ pending: ArraySlice<URL>, resumed: Int) {
        var rest = pending
        var resumed = resumed
        for _ in 0..<16 {
            guard !draining, let url = rest.popFirst() else { break }
            if recover(url) { resumed += 1 }
        }
        if !rest.isEmpty && !draining {
            let server = LoopBound(self, loop: loop)
            loop.execute { [rest, resumed] in server.value.recoverStep(rest, resumed: resumed) }
            return
        }
        recovered = true
        recoveryFinished?()
        recoveryFinished = nil
        if draining {
            log.warning("recovery stopped by the drain: \(rest.count) journals left as they are")
            continueDrain()
            return
        }
        log("recovery done: \(resumed) unfinished matches resumed")
        if let listener { loop.startAccepting(listener) }
    }

    /// - Returns: whether an unfinished match was resumed.
    @discardableResult
    private func recover(_ url: URL) -> Bool {
        let name = url.deletingPathExtension().lastPathComponent
        do {
            let (file, contents) = try JournalFile.openForAppending(url, log: log, observer: fsyncObserver)
            let journal = try RecoveredJournal(lines: contents.lines)
            guard journal.code == name else {
                throw JournalReadError(line: 1, problem: "the journal names match \(journal.code), not \(name)")
            }
            let game = try loadGame(named: journal.header.game, variant: journal.header.variant).get()
            let session = try game.resumeSession(from: journal.replay)
            if session.result != nil {
                try store.archive(code: name, replay: session.replay)
                log("match \(name): finished before the restart; replay written")
                return false
            }
            var holders = SeatPair<HostedMatch.Holder>(.open, .open)
            for seat in Seat.allCases {
                switch journal.holders[seat] {
                case nil: break
                case .player(let token)?: holders[seat] = .player(token: token, connection: nil)
                case .bot(let bot)?:
                    try session.attachBot(named: bot, to: seat)
                    holders[seat] = .bot(name: bot)
                }
            }
            let match = HostedMatch(
                code: name, game: game, session: session, journal: file, holders: holders, lines: contents.lines.count,
                creatorHost: nil)
            matches[name] = match
            // A crash between a player's move and the bot's answer leaves the
            // bot to move: let it, as it would have.
            runBots(in: match)
            updateTimers(of: match, moved: nil)
            requestSync(of: match)
            log("match \(name): resumed after restart at move \(session.moveCount)")
            return true
        } catch {
            log.error("journal \(url.lastPathComponent): not resumed: \(error); the file is left as it is")
            return false
        }
    }

    // MARK: Draining

    /// Stops taking connections and matches, lets every journal finish,
    /// tells every client, closes them, then calls `finished`.
    func beginDrain(then finished: @escaping () -> Void) {
        guard !draining else { return }
        draining = true
        drainFinished = finished
        log("draining: no new connections; finishing journals")
        if let listener { loop.stopListening(listener) }
        continueDrain()
    }

    /// Moves the drain on as journals become durable and connections close.
    func continueDrain() {
        guard draining else { return }
        let writing = matches.values.contains { match in
            match.stage == .archiving || (match.stage != .suspended && match.durableLines < match.appendedLines)
        }
        if writing { return }
        if !closingConnections {
            closingConnections = true
            let stopping = ProtocolError(.serverStopping, "the server is stopping; resume your seat with its token when it is back")
            for connection in clients.keys.sorted() {
                send(stopping, to: connection)
                loop.close(connection)
            }
        }
        if clients.isEmpty, let finished = drainFinished {
            drainFinished = nil
            log("drained: \(matches.values.filter { !$0.isOver }.count) unfinished matches kept in journals")
            finished()
        }
    }
}
