import DuoClient
import DuoNet
import TabletopEngine

extension MatchServer {
    /// Sets the turn timers and the idle timer after a change.
    ///
    /// A seat's turn timer runs while a player must move there and the match
    /// has both its seats; it restarts when the seat moves or its turn
    /// begins. The idle timer restarts on every change: it ends a match in
    /// which nothing happens (nobody joins, nobody moves) for the idle timeout.
    ///
    /// A restart only moves the deadline: the loop timer already armed
    /// (due earlier) stays, and when it fires before the deadline it is armed
    /// again for it. Most moves restart both timers, so this spares the loop
    /// a cancel and a new timer (a closure, a heap entry kept until its old
    /// deadline) per timer and move.
    func updateTimers(of match: HostedMatch, moved: Seat?) {
        updateWaiting(match)
        guard match.stage == .live, !match.isOver else {
            cancelTimers(of: match)
            return
        }
        let toMove = match.isFull ? match.session.seatsToMove : .none
        let now = loop.clock.now
        if let timeout = configuration.turnTimeout {
            for seat in Seat.allCases {
                let mustMove = toMove.contains(seat) && match.isPlayer(seat)
                if !mustMove {
                    match.turnDeadlines[seat] = nil
                } else if match.turnDeadlines[seat] == nil || moved == seat || !match.timedSeats.contains(seat) {
                    match.turnDeadlines[seat] = now.advanced(by: timeout)
                    armTurnTimer(of: match, seat: seat, after: timeout)
                }
            }
        }
        match.timedSeats = toMove
        if let timeout = configuration.idleTimeout {
            match.idleDeadline = now.advanced(by: timeout)
            armIdleTimer(of: match, after: timeout)
        }
    }

    func cancelTimers(of match: HostedMatch) {
        for seat in Seat.allCases {
            if let timer = match.turnTimers[seat] { loop.cancel(timer) }
            match.turnTimers[seat] = nil
            match.turnDeadlines[seat] = nil
        }
        if let timer = match.idleTimer { loop.cancel(timer) }
        match.idleTimer = nil
        match.idleDeadline = nil
        match.timedSeats = .none
    }

    /// Arms the seat's turn timer for its deadline unless one is armed already.
    private func armTurnTimer(of match: HostedMatch, seat: Seat, after timeout: Duration) {
        guard match.turnTimers[seat] == nil, let deadline = match.turnDeadlines[seat] else { return }
        let code = match.code
        match.turnTimers[seat] = loop.schedule(at: deadline) { [weak self] in
            self?.turnTimerFired(code, seat: seat, after: timeout)
        }
    }

    /// Arms the idle timer for its deadline unless one is armed already.
    private func armIdleTimer(of match: HostedMatch, after timeout: Duration) {
        guard match.idleTimer == nil, let deadline = match.idleDeadline else { return }
        let code = match.code
        match.idleTimer = loop.schedule(at: deadline) { [weak self] in
            self?.idleTimerFired(code, after: timeout)
        }
    }

    private func turnTimerFired(_ code: String, seat: Seat, after timeout: Duration) {
        guard let match = matches[code] else { return }
        match.turnTimers[seat] = nil
        guard let deadline = match.turnDeadlines[seat], match.stage == .live, !match.isOver else { return }
        if loop.clock.now < deadline {
            // The turn restarted since this timer was armed.
            armTurnTimer(of: match, seat: seat, after: timeout)
            return
        }
        match.turnDeadlines[seat] = nil
        log("match \(code): \(seat) did not move within \(timeout) and forfeits")
        forfeit(match, by: seat)
    }

    /// Nothing happened for the idle timeout: the seat nobody took, or else
    /// the seat that was to move, forfeits.
    private func idleTimerFired(_ code: String, after timeout: Duration) {
        guard let match = matches[code] else { return }
        match.idleTimer = nil
        guard let deadline = match.idleDeadline, match.stage == .live, !match.isOver else { return }
        if loop.clock.now < deadline {
            // Something happened since this timer was armed.
            armIdleTimer(of: match, after: timeout)
            return
        }
        match.idleDeadline = nil
        let loser = match.openSeat ?? match.session.seatsToMove.seats.first ?? .second
        log("match \(code): idle for \(timeout); \(loser) forfeits")
        forfeit(match, by: loser)
    }

    // MARK: Matches waiting for an opponent

    /// Brings the counts of waiting matches (in all, by creator's address)
    /// and the match's waiting timer in line with whether it waits now.
    /// Idempotent: call it after anything that may change that.
    func updateWaiting(_ match: HostedMatch) {
        let waits = match.isWaiting && matches[match.code] === match
        if waits && !match.hasConnectedPlayer {
            if match.abandonedSince == nil { match.abandonedSince = loop.clock.now }
        } else {
            match.abandonedSince = nil
        }
        guard waits != match.countedAsWaiting else { return }
        match.countedAsWaiting = waits
        let host = match.creatorHost ?? ""
        if waits {
            waitingCount += 1
            waitingByHost[host, default: 0] += 1
            if let timeout = configuration.waitingTimeout {
                let code = match.code
                match.waitingTimer = loop.schedule(after: timeout) { [weak self] in
                    self?.waitingExpired(code, after: timeout)
                }
            }
        } else {
            waitingCount -= 1
            let left = waitingByHost[host, default: 1] - 1
            waitingByHost[host] = left > 0 ? left : nil
            if let timer = match.waitingTimer { loop.cancel(timer) }
            match.waitingTimer = nil
        }
    }

    /// Makes room under the cap on waiting matches by ending the one
    /// abandoned longest ago, if one has been abandoned (nobody connected
    /// to it) for longer than the grace: one party's matches, created and
    /// dropped, cannot keep everyone else from creating.
    /// - Returns: whether a place was freed.
    func dropOldestAbandonedWaitingMatch() -> Bool {
        guard let grace = configuration.abandonedWaitingGrace else { return false }
        let now = loop.clock.now
        var oldest: (since: ClockInstant, match: HostedMatch)?
        for match in matches.values where match.countedAsWaiting {
            guard let since = match.abandonedSince, since.advanced(by: grace) <= now else { continue }
            if let current = oldest, (current.since, current.match.code) < (since, match.code) { continue }
            oldest = (since, match)
        }
        guard let (since, match) = oldest, let seat = match.openSeat else { return false }
        log("match \(match.code): abandoned while waiting for an opponent since \(since.duration(to: now)) ago; ended to make room for a new match")
        forfeit(match, by: seat)
        return !match.countedAsWaiting
    }

    /// Nobody joined within the waiting timeout: the empty seat forfeits,
    /// which ends the match like any other (result journaled, replay written).
    private func waitingExpired(_ code: String, after timeout: Duration) {
        guard let match = matches[code], match.isWaiting, let seat = match.openSeat else { return }
        match.waitingTimer = nil
        log("match \(code): nobody joined within \(timeout); it expires (the empty \(seat) forfeits)")
        forfeit(match, by: seat)
    }
}
