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
        let inbox = syncInbox
        pool.sync(match.journal) { error in inbox.add(code: code, upTo: upTo, error: error) }
    }

    /// Syncs came back (a batch, on the loop): each releases what it made durable.
    func synced(_ completions: [SyncCompletionInbox.Completion]) {
        let now = ContinuousClock.now
        for completion in completions {
            synced(completion.code, upTo: completion.upTo, error: completion.error, at: now)
        }
    }

    /// A sync finished: release what it made durable (syncs may finish out
    /// of order; the high-water mark keeps the release in order).
    private func synced(_ code: String, upTo: Int, error: JournalError?, at now: ContinuousClock.Instant) {
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
        observeAcceptedMoves(of: match, at: now)
        plantedFaultBeforeRelease(of: match)
        flush(match)
        closeJournalIfIdle(match)
        if draining { continueDrain() }
    }

    /// Times every move whose line just became durable (its `accepted` leaves now).
    private func observeAcceptedMoves(of match: HostedMatch, at now: ContinuousClock.Instant) {
        guard !match.movesAwaitingSync.isEmpty else { return }
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
        guard match.syncsInFlight == 0 else { return }
        let settled = match.stage == .suspended || match.durableLines == match.appendedLines
        let quiet = match.stage != .live || match.isOver || !match.hasConnectedPlayer
        // The journal's own state last: asking it takes the lock a pool thread may hold.
        guard settled && quiet, match.journal.isOpen else { return }
        do throws(JournalError) {
            try match.journal.close()
        } catch {
            log.error("match \(match.code): closing its journal failed: \(error)")
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
    ///
    /// A send may drop a slow reader, whose close handler may queue news
    /// for the other seat in this very outbox (its line durable too): the
    /// loop reads the outbox as it is now at each step, so that news leaves
    /// in this flush instead of waiting behind nothing for the next one.
    func flush(_ match: HostedMatch) {
        // Called again from a send of this flush: the running one goes on.
        guard !match.isFlushing else { return }
        match.isFlushing = true
        defer { match.isFlushing = false }
        var released = 0
        let bound = plantedFaultFlushBound(match.outbox.count)
        while released < min(match.outbox.count, bound), match.outbox[released].line <= match.durableLines {
            let pending = match.outbox[released]
            released += 1
            deliver(pending, in: match)
        }
        // A suspension on the way has emptied the outbox already.
        if released > 0 && match.stage != .suspended { match.outbox.removeFirst(min(released, match.outbox.count)) }
        releaseHeldConnections(of: match)
        if match.isOver, match.stage == .live, match.durableLines == match.appendedLines, match.syncsInFlight == 0 {
            archive(match)
        }
    }

    private func deliver(_ pending: HostedMatch.Pending, in match: HostedMatch) {
        // A connection that left the match keeps getting what was queued for
        // it while its own answers are still queued behind (its seat taken over).
        func stillFor(_ connection: ConnectionID) -> Bool { clients[connection]?.heldBy == match.code }
        switch pending.delivery {
        case .seatHolder(let seat, let attendance):
            let connection = attendance.connection
            if match.holdsSeat(seat, in: attendance) {
                loop.send(pending.bytes, to: connection)
                if pending.isResult { match.resultSeenBy.insert(seat) }
            } else if stillFor(connection) {
                loop.send(pending.bytes, to: connection)
            }
        case .spectators(let attendances):
            // A spectator that left and watches again is told the match
            // afresh: news queued for its earlier attachment is not for it.
            for attendance in attendances
            where (match.spectators.contains(attendance.connection) && match.isCurrent(attendance)) || stillFor(attendance.connection) {
                loop.send(pending.bytes, to: attendance.connection)
            }
        case .answer(let connection):
            // An answer goes to its connection even if it left the match since.
            if let client = clients[connection], client.match == match.code || client.heldBy == match.code {
                loop.send(pending.bytes, to: connection)
            }
        }
    }

    /// Lets go of connections that left the match once their answers are out.
    private func releaseHeldConnections(of match: HostedMatch) {
        guard !match.answersHeldFor.isEmpty else { return }
        for connection in match.answersHeldFor.sorted() where !match.holdsAnswers(for: connection) {
            match.answersHeldFor.remove(connection)
            if clients[connection]?.heldBy == match.code { clients[connection]?.heldBy = nil }
        }
    }

    /// The journal failed: the match stops taking anything, its players are
    /// told, and the next start resumes it from what the journal holds.
    func suspend(_ match: HostedMatch, because reason: String) {
        guard match.stage != .suspended else { return }
        log.error("match \(match.code) suspended: journal failed: \(reason)")
        match.stage = .suspended
        match.outbox.removeAll()
        // Connections whose seat was taken over while answers to them waited
        // here lose those answers too: they are told, as the others are.
        let held = match.answersHeldFor.sorted().filter { clients[$0]?.heldBy == match.code }
        releaseHeldConnections(of: match)
        match.movesAwaitingSync.removeAll()
        cancelTimers(of: match)
        updateWaiting(match)
        closeJournalIfIdle(match)
        metrics.errorsByCode[ErrorCode.storageFailed.rawValue, default: 0] += UInt64(match.playerSeats.count + match.spectators.count + held.count)
        let error = ServerLine.error(
            ProtocolError(.storageFailed, "match \(match.code) is suspended: its journal could not be written; it resumes when the server restarts"))
        for seat in match.playerSeats {
            if let connection = match.connection(of: seat) { loop.send(error, to: connection) }
        }
        for connection in match.spectators { loop.send(error, to: connection) }
        for connection in held { loop.send(error, to: connection) }
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
            log.warning("match \(code): replay not written (\(error)); the journal is kept")
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
