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
    func updateTimers(of match: HostedMatch, moved: Seat?) {
        updateWaiting(match)
        guard match.stage == .live, !match.isOver else {
            cancelTimers(of: match)
            return
        }
        let toMove = match.isFull ? match.session.seatsToMove : .none
        if let timeout = configuration.turnTimeout {
            for seat in Seat.allCases {
                let mustMove = toMove.contains(seat) && match.playerSeats.contains(seat)
                if !mustMove {
                    if let timer = match.turnTimers[seat] { loop.cancel(timer) }
                    match.turnTimers[seat] = nil
                } else if match.turnTimers[seat] == nil || moved == seat || !match.timedSeats.contains(seat) {
                    if let timer = match.turnTimers[seat] { loop.cancel(timer) }
                    let code = match.code
                    match.turnTimers[seat] = loop.schedule(after: timeout) { [weak self] in
                        self?.turnTimedOut(code, seat: seat, after: timeout)
                    }
                }
            }
        }
        match.timedSeats = toMove
        if let timeout = configuration.idleTimeout {
            if let timer = match.idleTimer { loop.cancel(timer) }
            let code = match.code
            match.idleTimer = loop.schedule(after: timeout) { [weak self] in
                self?.matchIdled(code, after: timeout)
            }
        }
    }

    func cancelTimers(of match: HostedMatch) {
        for seat in Seat.allCases {
            if let timer = match.turnTimers[seat] { loop.cancel(timer) }
            match.turnTimers[seat] = nil
        }
        if let timer = match.idleTimer { loop.cancel(timer) }
        match.idleTimer = nil
        match.timedSeats = .none
    }

    private func turnTimedOut(_ code: String, seat: Seat, after timeout: Duration) {
        guard let match = matches[code], match.stage == .live, !match.isOver else { return }
        match.turnTimers[seat] = nil
        log("match \(code): \(seat) did not move within \(timeout) and forfeits")
        forfeit(match, by: seat)
    }

    /// Nothing happened for the idle timeout: the seat nobody took, or else
    /// the seat that was to move, forfeits.
    private func matchIdled(_ code: String, after timeout: Duration) {
        guard let match = matches[code], match.stage == .live, !match.isOver else { return }
        match.idleTimer = nil
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

    /// Nobody joined within the waiting timeout: the empty seat forfeits,
    /// which ends the match like any other (result journaled, replay written).
    private func waitingExpired(_ code: String, after timeout: Duration) {
        guard let match = matches[code], match.isWaiting, let seat = match.openSeat else { return }
        match.waitingTimer = nil
        log("match \(code): nobody joined within \(timeout); it expires (the empty \(seat) forfeits)")
        forfeit(match, by: seat)
    }
}
