import DuoClient
import TabletopEngine

/// The life of a networked game's connection, as a value: what to ask the
/// server for, when to try again after a drop (``ReconnectBackoff``), when
/// a quiet server is pinged and when a silent one is given up on. It reads
/// the server's messages and the time, and answers with
/// ``ConnectionAction``s; its owner (``NetworkGame``) does them. Time is
/// seconds on a clock the owner advances (the window's frames, or a test's
/// hand), so every timeout is tested without waiting.
public struct ConnectionMachine: Sendable {
    /// Seconds without a word from the server before a `ping`, and again
    /// before a connection (or a ping) is given up as dead.
    public struct Silence: Sendable, Hashable {
        /// Quiet time before a `ping` is sent.
        public var pingAfter: Double
        /// Time allowed for the first answer on a new connection, and for a `pong`.
        public var answerWithin: Double

        /// A ping after 15 s of quiet, 10 s to answer.
        public static let standard = Silence(pingAfter: 15, answerWithin: 10)

        /// Timings from their parts.
        public init(pingAfter: Double, answerWithin: Double) {
            self.pingAfter = pingAfter
            self.answerWithin = answerWithin
        }
    }

    /// Where the connection is.
    public private(set) var state: ConnectionState = .connecting(attempt: 1)
    /// What the next connection asks for: the first request, then `resume` once seated.
    public private(set) var request: MatchRequest
    /// The seat held, once seated.
    public private(set) var ticket: SeatTicket?
    /// Failed attempts in a row.
    public private(set) var failures = 0
    /// The clock, in seconds.
    public private(set) var now = 0.0
    /// The waits between attempts.
    public let backoff: ReconnectBackoff
    /// The quiet and answer times.
    public let silence: Silence

    private var isOpen = false
    private var lastHeard = 0.0
    private var pingSentAt: Double?
    private var random: SeededGenerator

    /// A machine that will ask for `request`; nothing happens before ``start()``.
    /// - Parameters:
    ///   - request: the match to create, join, watch or resume.
    ///   - backoff: the waits between reconnection attempts.
    ///   - silence: how long the server may be quiet before a `ping`, and how long it has to answer.
    ///   - seed: seeds the backoff's jitter.
    public init(request: MatchRequest, backoff: ReconnectBackoff = .standard, silence: Silence = .standard, seed: UInt64 = 1) {
        self.request = request
        self.backoff = backoff
        self.silence = silence
        if case .resume(let ticket) = request { self.ticket = ticket }
        random = SeededGenerator(seed: seed)
    }

    /// Opens the first connection.
    public mutating func start() -> [ConnectionAction] {
        failures = 0
        return open()
    }

    /// Reads a message from the server, received at `time`.
    public mutating func receive(_ message: ServerMessage, at time: Double) -> [ConnectionAction] {
        now = max(now, time)
        lastHeard = now
        pingSentAt = nil
        switch message {
        case .seated(_, let seat, _, _, _, let opponent):
            failures = 0
            ticket = seat
            request = .resume(seat)
            state = opponent == nil ? .waitingForOpponent(code: seat.code) : .playing
            return [.keepTicket(seat)]
        case .watching(let code, _, _, _):
            failures = 0
            request = .watch(code: code)
            state = .watching(code: code)
        case .opponent(.joined):
            if case .waitingForOpponent = state { state = .playing }
        case .ended:
            state = .finished
            return ticket == nil ? [] : [.forgetTicket]
        case .error(let error):
            return refused(error)
        default:
            break
        }
        return []
    }

    /// The connection dropped, or could not be made, for `reason`, at `time`.
    public mutating func connectionFailed(reason: String, at time: Double) -> [ConnectionAction] {
        now = max(now, time)
        isOpen = false
        pingSentAt = nil
        switch state {
        case .finished, .lost:
            return []
        default:
            failures += 1
            if backoff.givesUp(after: failures) {
                state = .lost(reason: "\(failures) attempts failed; the last: \(reason)")
            } else {
                let wait = backoff.delay(afterFailures: failures, random: random.nextUnit())
                state = .reconnecting(attempt: failures + 1, retryAt: now + wait, reason: reason)
            }
            return []
        }
    }

    /// Lets the clock reach `time`: a due attempt starts, a quiet server is
    /// pinged, a silent one is dropped.
    public mutating func advance(to time: Double) -> [ConnectionAction] {
        now = max(now, time)
        if case .reconnecting(_, let retryAt, _) = state, now >= retryAt {
            return open()
        }
        guard isOpen else { return [] }
        switch state {
        case .connecting, .waitingForOpponent, .playing, .watching:
            break
        default:
            return []
        }
        if let sent = pingSentAt {
            guard now - sent >= silence.answerWithin else { return [] }
            return [.close] + connectionFailed(reason: "the server stopped answering", at: now)
        }
        if case .connecting = state, now - lastHeard >= silence.answerWithin {
            return [.close] + connectionFailed(reason: "no answer from the server", at: now)
        }
        guard now - lastHeard >= silence.pingAfter else { return [] }
        pingSentAt = now
        return [.ping]
    }

    /// The person asks to try again after the connection was given up.
    public mutating func retry() -> [ConnectionAction] {
        guard case .lost = state else { return [] }
        failures = 0
        return open()
    }

    /// A new match once this one is over, on a new connection.
    public mutating func startOver(with request: MatchRequest) -> [ConnectionAction] {
        switch state {
        case .finished, .lost:
            self.request = request
            ticket = nil
            failures = 0
            return open()
        default:
            return []
        }
    }

    private mutating func open() -> [ConnectionAction] {
        state = .connecting(attempt: failures + 1)
        isOpen = true
        lastHeard = now
        pingSentAt = nil
        return [.connect(request)]
    }

    /// Errors that end the attempt for good: the server will not give this
    /// connection what it asked for, so trying again the same way is no use.
    private mutating func refused(_ error: ProtocolError) -> [ConnectionAction] {
        let final: Set<String> = [
            ErrorCode.unsupportedVersion.rawValue, ErrorCode.unknownMatch.rawValue, ErrorCode.matchFull.rawValue,
            ErrorCode.wrongToken.rawValue, ErrorCode.seatTakenOver.rawValue, ErrorCode.unknownGame.rawValue,
            ErrorCode.unknownVariant.rawValue, ErrorCode.unknownBot.rawValue, ErrorCode.tooManyMatches.rawValue,
        ]
        let askedFor = ["create", "join", "watch", "resume"].contains(error.inReplyTo ?? "")
        // A match that is over refuses a join; a resume of it is answered with its result instead.
        let overOnJoin = error.code == ErrorCode.matchOver.rawValue && error.inReplyTo == "join"
        guard final.contains(error.code) || overOnJoin || (askedFor && error.code == ErrorCode.alreadyInMatch.rawValue) else {
            return []
        }
        isOpen = false
        state = .lost(reason: error.message)
        return [.close]
    }
}
