import BroadsideDesktop
import DuoClient
import DuoDesktop
import DuoServerKit
import TabletopEngine
import Testing

@Suite("Networked play: the connection's life on a hand-driven clock")
struct ConnectionMachineTests {
    static let ticket = SeatTicket(code: "K7QF2M", seat: .second, token: "0e89abf7c53c1ac8385b9c323469d9f1")
    static let noJitter = ReconnectBackoff(firstDelay: 0.5, factor: 2, maximumDelay: 8, jitter: 0, attemptLimit: 5)

    static func seated(_ kind: String = "joined", opponent: String? = "player", ticket: SeatTicket = ticket) -> ServerMessage {
        .seated(kind: kind, ticket: ticket, game: "broadside", variant: "classic", rules: .null, opponent: opponent)
    }

    static func error(_ code: ErrorCode, re: String?) -> ServerMessage {
        .error(ProtocolError(code, "the server's sentence", inReplyTo: re))
    }

    /// A machine that asked to join and was seated, its clock at `time`.
    static func playing(at time: Double = 100, backoff: ReconnectBackoff = noJitter) -> ConnectionMachine {
        var machine = ConnectionMachine(request: .join(code: "K7QF2M"), backoff: backoff)
        _ = machine.advance(to: time)
        _ = machine.start()
        _ = machine.receive(seated(), at: machine.now)
        return machine
    }

    @Test("The first connection asks for what the person asked; once seated, every later one resumes the seat")
    func firstRequestThenResume() {
        var machine = ConnectionMachine(request: .create(variant: "salvo", bot: nil), backoff: Self.noJitter)
        #expect(machine.start() == [.connect(.create(variant: "salvo", bot: nil))])
        #expect(machine.state == .connecting(attempt: 1))
        #expect(machine.receive(.welcome(version: 1, server: "duo-server", games: ["broadside"]), at: 0) == [])
        #expect(machine.receive(Self.seated("created", opponent: nil), at: 0) == [.keepTicket(Self.ticket)])
        #expect(machine.state == .waitingForOpponent(code: "K7QF2M"))
        #expect(machine.request == .resume(Self.ticket))
        _ = machine.receive(.opponent(.joined), at: machine.now)
        #expect(machine.state == .playing)
    }

    @Test("A seat against a bot plays at once")
    func botOpponentPlaysAtOnce() {
        var machine = ConnectionMachine(request: .create(variant: nil, bot: "hunt"))
        _ = machine.start()
        _ = machine.receive(Self.seated("created", opponent: "bot:hunt"), at: machine.now)
        #expect(machine.state == .playing)
    }

    @Test("A drop mid-match retries after the first delay, with the seat's token, and plays on when seated again")
    func dropRetriesWithTheToken() {
        var machine = Self.playing(at: 100)
        #expect(machine.connectionFailed(reason: "connection reset", at: machine.now) == [])
        #expect(machine.state == .reconnecting(attempt: 2, retryAt: 100.5, reason: "connection reset"))
        #expect(machine.advance(to: 100.49) == [])
        #expect(machine.advance(to: 100.5) == [.connect(.resume(Self.ticket))])
        #expect(machine.state == .connecting(attempt: 2))
        _ = machine.receive(Self.seated("resumed"), at: machine.now)
        #expect(machine.state == .playing)
        #expect(machine.failures == 0)
    }

    @Test("Failures in a row wait twice as long each time, up to the ceiling, then give up; Enter starts again")
    func backoffThenGiveUp() {
        let backoff = ReconnectBackoff(firstDelay: 0.5, factor: 2, maximumDelay: 2, jitter: 0, attemptLimit: 5)
        var machine = Self.playing(at: 0, backoff: backoff)
        var waits: [Double] = []
        for _ in 0..<4 {
            _ = machine.connectionFailed(reason: "connection refused", at: machine.now)
            guard case .reconnecting(_, let retryAt, _) = machine.state else {
                Issue.record("not reconnecting: \(machine.state)")
                return
            }
            waits.append(retryAt - machine.now)
            #expect(machine.advance(to: retryAt) == [.connect(.resume(Self.ticket))])
        }
        #expect(waits == [0.5, 1, 2, 2])
        _ = machine.connectionFailed(reason: "connection refused", at: machine.now)
        #expect(machine.state == .lost(reason: "5 attempts failed; the last: connection refused"))
        #expect(machine.advance(to: 1000) == [], "a lost connection is not retried by itself")
        #expect(machine.retry() == [.connect(.resume(Self.ticket))])
        #expect(machine.state == .connecting(attempt: 1))
    }

    @Test("The jitter adds at most its share to a wait, and the same seed gives the same waits")
    func jitterIsBoundedAndSeeded() {
        let backoff = ReconnectBackoff(firstDelay: 1, factor: 2, maximumDelay: 8, jitter: 0.2, attemptLimit: nil)
        #expect(backoff.delay(afterFailures: 1, random: 0) == 1)
        #expect(backoff.delay(afterFailures: 1, random: 1) == 1.2)
        #expect(backoff.delay(afterFailures: 3, random: 0.5) == 4.4)
        #expect(backoff.delay(afterFailures: 30, random: 0) == 8)
        #expect(!backoff.givesUp(after: 1_000))
        func firstWait(seed: UInt64) -> Double? {
            var machine = ConnectionMachine(request: .join(code: "A"), backoff: backoff, seed: seed)
            _ = machine.start()
            _ = machine.connectionFailed(reason: "x", at: machine.now)
            if case .reconnecting(_, let retryAt, _) = machine.state { return retryAt }
            return nil
        }
        #expect(firstWait(seed: 7) == firstWait(seed: 7))
        let wait = firstWait(seed: 7) ?? 0
        #expect(wait >= 1 && wait <= 1.2)
    }

    @Test("The server refusing the seat (a wrong token, an unknown match, a full match) is final: no retry loop")
    func refusalsAreFinal() {
        for (code, re) in [
            (ErrorCode.wrongToken, "resume"), (.unknownMatch, "join"), (.matchFull, "join"),
            (.unsupportedVersion, "hello"), (.seatTakenOver, nil), (.unknownBot, "create"),
        ] {
            var machine = ConnectionMachine(request: .join(code: "K7QF2M"), backoff: Self.noJitter)
            _ = machine.start()
            #expect(machine.receive(Self.error(code, re: re), at: 0) == [.close], "\(code)")
            #expect(machine.state == .lost(reason: "the server's sentence"), "\(code)")
            #expect(machine.connectionFailed(reason: "closed", at: machine.now) == [])
            #expect(machine.advance(to: 60) == [], "\(code)")
        }
    }

    @Test("A refused move or a stopping server leaves the connection as it is")
    func moveErrorsAreNotConnectionErrors() {
        var machine = Self.playing()
        #expect(machine.receive(.error(ProtocolError(code: "cellAlreadyFired", message: "B7 was fired at", inReplyTo: "move")), at: 101) == [])
        #expect(machine.receive(Self.error(.notYourTurn, re: "move"), at: 101) == [])
        #expect(machine.receive(Self.error(.serverStopping, re: nil), at: 101) == [])
        #expect(machine.state == .playing)
    }

    @Test("Once the match is over the ticket is forgotten and a drop is no loss")
    func endedMatchesAreNotReconnected() {
        var machine = Self.playing()
        let result = MatchResult(winner: .first, reason: "fleetSunk", scores: SeatPair(40, 39))
        #expect(machine.receive(.ended(code: "K7QF2M", result: result), at: 101) == [.forgetTicket])
        #expect(machine.state == .finished)
        #expect(machine.connectionFailed(reason: "idle", at: machine.now) == [])
        #expect(machine.state == .finished)
        #expect(machine.startOver(with: .create(variant: nil, bot: "hunt")) == [.connect(.create(variant: nil, bot: "hunt"))])
        #expect(machine.ticket == nil)
    }

    @Test("A quiet server is pinged after 15 s; one that stays silent 10 s more is dropped and reconnected")
    func silenceIsDetected() {
        var machine = Self.playing(at: 0)
        #expect(machine.advance(to: 14.9) == [])
        #expect(machine.advance(to: 15) == [.ping])
        #expect(machine.advance(to: 24.9) == [])
        #expect(machine.advance(to: 25) == [.close])
        #expect(machine.state == .reconnecting(attempt: 2, retryAt: 25.5, reason: "the server stopped answering"))
    }

    @Test("An answer to the ping keeps the connection")
    func answeredPingKeepsTheConnection() {
        var machine = Self.playing(at: 0)
        #expect(machine.advance(to: 15) == [.ping])
        _ = machine.receive(.pong, at: machine.now)
        #expect(machine.advance(to: 29.9) == [])
        #expect(machine.state == .playing)
        #expect(machine.advance(to: 30) == [.ping])
    }

    @Test("A new connection that gets no answer within 10 s is given up and tried again")
    func unansweredConnectionTimesOut() {
        var machine = ConnectionMachine(request: .join(code: "K7QF2M"), backoff: Self.noJitter)
        _ = machine.start()
        #expect(machine.advance(to: 9.9) == [])
        #expect(machine.advance(to: 10) == [.close])
        #expect(machine.state == .reconnecting(attempt: 2, retryAt: 10.5, reason: "no answer from the server"))
        #expect(machine.advance(to: 10.5) == [.connect(.join(code: "K7QF2M"))], "not seated yet: the same request again")
    }

    @Test("A spectator watches, and watches again after a drop")
    func spectatorRewatches() {
        var machine = ConnectionMachine(request: .watch(code: "k7qf2m"), backoff: Self.noJitter)
        _ = machine.start()
        _ = machine.receive(.watching(code: "K7QF2M", game: "broadside", variant: "classic", rules: .null), at: machine.now)
        #expect(machine.state == .watching(code: "K7QF2M"))
        _ = machine.connectionFailed(reason: "reset", at: machine.now)
        #expect(machine.advance(to: 1) == [.connect(.watch(code: "K7QF2M"))])
    }
}
