import DuoClient
import DuoNet
import Foundation
import TabletopEngine

extension MatchServer {
    /// Resumes every unfinished match found in the data directory (after a
    /// crash or a drain), with the same codes and tokens, and archives any
    /// finished one whose replay was not written yet. A journal that cannot
    /// be used is logged and left untouched; it never stops the server.
    func recoverMatches() {
        for url in store.journals() {
            recover(url)
        }
    }

    private func recover(_ url: URL) {
        let name = url.deletingPathExtension().lastPathComponent
        do {
            let (file, contents) = try JournalFile.openForAppending(url, log: log)
            let journal = try RecoveredJournal(lines: contents.lines)
            guard journal.code == name else {
                throw JournalReadError(line: 1, problem: "the journal names match \(journal.code), not \(name)")
            }
            let game = try loadGame(named: journal.header.game, variant: journal.header.variant).get()
            let session = try game.resumeSession(from: journal.replay)
            if session.result != nil {
                try store.archive(code: name, replay: session.replay)
                log("match \(name): finished before the restart; replay written")
                return
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
            let match = HostedMatch(code: name, game: game, session: session, journal: file, holders: holders, lines: contents.lines.count)
            matches[name] = match
            // A crash between a player's move and the bot's answer leaves the
            // bot to move: let it, as it would have.
            runBots(in: match)
            updateTimers(of: match, moved: nil)
            requestSync(of: match)
            log("match \(name): resumed after restart at move \(session.moveCount)")
        } catch {
            log("journal \(url.lastPathComponent): not resumed: \(error); the file is left as it is")
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
