import DuoClient
import DuoNet
import Foundation
import TabletopEngine

extension MatchServer {
    /// Asks the pool to make the match's journal durable up to its last
    /// line; the held-back messages leave when it is.
    func requestSync(of match: HostedMatch) {
        guard match.stage != .suspended else { return }
        guard match.appendedLines > match.syncRequestedUpTo else {
            flush(match)
            return
        }
        let upTo = match.appendedLines
        match.syncRequestedUpTo = upTo
        match.syncsInFlight += 1
        let code = match.code
        let server = LoopBound(self, loop: loop)
        let loop = self.loop
        pool.sync(match.journal) { error in
            loop.execute { server.value.synced(code, upTo: upTo, error: error) }
        }
    }

    /// A sync finished: release what it made durable (syncs may finish out
    /// of order; the high-water mark keeps the release in order).
    private func synced(_ code: String, upTo: Int, error: JournalError?) {
        guard let match = matches[code] else { return }
        match.syncsInFlight -= 1
        guard match.stage != .suspended else {
            closeJournalIfIdle(match)
            return
        }
        if let error {
            suspend(match, because: "\(error)")
            return
        }
        match.durableLines = max(match.durableLines, upTo)
        observeAcceptedMoves(of: match)
        flush(match)
        closeJournalIfIdle(match)
        if draining { continueDrain() }
    }

    /// Times every move whose line just became durable (its `accepted` leaves now).
    private func observeAcceptedMoves(of match: HostedMatch) {
        guard !match.movesAwaitingSync.isEmpty else { return }
        let now = ContinuousClock.now
        var done = 0
        for move in match.movesAwaitingSync {
            guard move.line <= match.durableLines else { break }
            metrics.moveLatency.observe(now - move.since)
            done += 1
        }
        match.movesAwaitingSync.removeFirst(done)
    }

    /// Gives the journal's descriptor back when nobody will write to it
    /// soon: no sync in flight, every line durable (or the match suspended),
    /// and no player connected (or the match over). The next append opens
    /// it again, so descriptors follow connections, not matches.
    func closeJournalIfIdle(_ match: HostedMatch) {
        guard match.syncsInFlight == 0, match.journal.isOpen else { return }
        let settled = match.stage == .suspended || match.durableLines == match.appendedLines
        let quiet = match.stage != .live || match.isOver || !match.hasConnectedPlayer
        guard settled && quiet else { return }
        do throws(JournalError) {
            try match.journal.close()
        } catch {
            log("match \(match.code): closing its journal failed: \(error)")
        }
    }

    /// Closes every journal (the loop has stopped: nothing writes any more).
    func closeAllJournals() {
        for match in matches.values {
            try? match.journal.close()
        }
        removeSpareJournals()
    }

    /// Sends every held-back message whose journal line is durable, in order.
    func flush(_ match: HostedMatch) {
        var released = 0
        for pending in match.outbox {
            guard pending.line <= match.durableLines else { break }
            released += 1
            deliver(pending.bytes, to: pending.recipient, in: match)
            if pending.isResult, case .seat(let seat) = pending.recipient, match.connection(of: seat) != nil {
                match.resultSeenBy.insert(seat)
            }
        }
        if released > 0 { match.outbox.removeFirst(released) }
        if match.isOver, match.stage == .live, match.durableLines == match.appendedLines, match.syncsInFlight == 0 {
            archive(match)
        }
    }

    private func deliver(_ bytes: [UInt8], to recipient: HostedMatch.Recipient, in match: HostedMatch) {
        switch recipient {
        case .seat(let seat):
            if let connection = match.connection(of: seat) { loop.send(bytes, to: connection) }
        case .spectators:
            for connection in match.spectators { loop.send(bytes, to: connection) }
        case .connection(let connection):
            if clients[connection]?.match == match.code { loop.send(bytes, to: connection) }
        }
    }

    /// The journal failed: the match stops taking anything, its players are
    /// told, and the next start resumes it from what the journal holds.
    func suspend(_ match: HostedMatch, because reason: String) {
        guard match.stage != .suspended else { return }
        log("match \(match.code) suspended: journal failed: \(reason)")
        match.stage = .suspended
        match.outbox.removeAll()
        match.movesAwaitingSync.removeAll()
        cancelTimers(of: match)
        updateWaiting(match)
        closeJournalIfIdle(match)
        metrics.errorsByCode[ErrorCode.storageFailed.rawValue, default: 0] += UInt64(match.playerSeats.count + match.spectators.count)
        let error = ServerLine.error(
            ProtocolError(.storageFailed, "match \(match.code) is suspended: its journal could not be written; it resumes when the server restarts"))
        for seat in match.playerSeats {
            if let connection = match.connection(of: seat) { loop.send(error, to: connection) }
        }
        for connection in match.spectators { loop.send(error, to: connection) }
    }

    /// Writes a finished match's replay and removes its journal, off the loop.
    private func archive(_ match: HostedMatch) {
        match.stage = .archiving
        metrics.matchesFinished += 1
        cancelTimers(of: match)
        updateWaiting(match)
        // Every line is durable and no sync is in flight: the journal is
        // written for the last time. Its descriptor goes back now, once.
        closeJournalIfIdle(match)
        let store = self.store
        let code = match.code
        let replay = match.session.replay
        let server = LoopBound(self, loop: loop)
        let loop = self.loop
        pool.perform {
            var outcome: JournalError?
            do throws(JournalError) {
                try store.archive(code: code, replay: replay)
            } catch {
                outcome = error
            }
            let failure = outcome
            loop.execute { server.value.archived(code, error: failure) }
        }
    }

    private func archived(_ code: String, error: JournalError?) {
        guard let match = matches[code] else { return }
        if let error {
            // The journal is still there with its result line: the next
            // start archives it again. Nothing is lost.
            log("match \(code): replay not written (\(error)); the journal is kept")
        }
        match.stage = .archived
        // Keep a finished match a while, so a player who drops out at the
        // end can still resume and see the result.
        let retention = configuration.idleTimeout ?? .seconds(600)
        match.retentionTimer = loop.schedule(after: retention) { [weak self] in
            guard let self, let match = self.matches[code] else { return }
            self.forget(match)
        }
        forgetIfDone(match)
        if draining { continueDrain() }
    }

    /// Drops a finished match from memory once every player has seen the
    /// result and left (else the retention timer does, later).
    func forgetIfDone(_ match: HostedMatch) {
        guard match.stage == .archived else { return }
        let attached = match.playerSeats.contains { match.connection(of: $0) != nil } || !match.spectators.isEmpty
        if !attached && Set(match.playerSeats).isSubset(of: match.resultSeenBy) { forget(match) }
    }

    private func forget(_ match: HostedMatch) {
        if let timer = match.retentionTimer { loop.cancel(timer) }
        for seat in match.playerSeats {
            if let connection = match.connection(of: seat) {
                clients[connection]?.match = nil
                clients[connection]?.seat = nil
                restartIdleTimer(of: connection)
            }
        }
        for connection in match.spectators {
            clients[connection]?.match = nil
            restartIdleTimer(of: connection)
        }
        updateWaiting(match)
        try? match.journal.close()
        matches[match.code] = nil
    }
}
