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
}
