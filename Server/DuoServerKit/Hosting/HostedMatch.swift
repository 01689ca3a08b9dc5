import DuoClient
import DuoNet
import Foundation
import TabletopEngine

/// One match the server hosts: the game session (the only true state), who
/// holds each seat, who watches, the journal, and the messages waiting for
/// the journal to be durable.
///
/// Owned by the ``MatchServer`` and touched only on its loop thread.
final class HostedMatch {
    /// Who holds a seat.
    enum Holder {
        /// Nobody yet: `join` takes it.
        case open
        /// A player, who proves it with `token`; `connection` while connected.
        case player(token: String, connection: ConnectionID?)
        /// A bot the server plays.
        case bot(name: String)

        /// How the other seat's player sees this holder (`player`, `bot:density`), nil when open.
        var label: String? {
            switch self {
            case .open: nil
            case .player: "player"
            case .bot(let name): "bot:\(name)"
            }
        }
    }

    /// Who a message is for, as its sender names them.
    enum Recipient {
        /// Whoever holds the seat's connection now.
        case seat(Seat)
        /// Every spectator now.
        case spectators
        /// One connection (an answer to it).
        case connection(ConnectionID)
    }

    /// Who a held-back message goes to once it may leave: the connections
    /// its recipient named when it was sent, so news never reaches a
    /// connection before the message that attached it (a view of a move
    /// made before a `resume` goes to the connection that held the seat then).
    enum Delivery {
        /// An answer: it goes to the connection even if it left the match since.
        case answer(ConnectionID)
        /// News for the seat's holder, in the attachment it had: dropped if
        /// the connection no longer holds the seat in that attachment.
        case seatHolder(Seat, Attendance)
        /// News for these spectators: each still watching (in the same
        /// attachment, not one that came back since) gets it.
        case spectators([Attendance])
    }

    /// A connection attached to the match, and which of its attachments
    /// (a spectator that leaves and watches again is another one).
    struct Attendance: Equatable {
        let connection: ConnectionID
        let attachment: Int
    }

    /// A message that waits until the journal is durable up to `line`.
    struct Pending {
        let line: Int
        let delivery: Delivery
        let bytes: [UInt8]
        /// Whether this is the `ended` message (its delivery is remembered).
        let isResult: Bool
    }

    /// Where the match is in its life.
    enum Stage: Equatable {
        /// Moves may come.
        case live
        /// The result is in the journal; the replay is being written.
        case archiving
        /// The replay is written and the journal removed.
        case archived
        /// The journal failed: nothing more is accepted until a restart.
        case suspended
    }

    let code: String
    /// The start of the match's `view` lines (`ServerLine.viewHead(code:)`).
    let viewLineHead: [UInt8]
    let game: AnyGame
    let session: any GameSession
    let journal: JournalFile
    var holders: SeatPair<Holder>
    var spectators = ConnectionList()
    var stage: Stage = .live

    /// Journal lines written (synced or not).
    var appendedLines: Int
    /// Journal lines known to be on disk.
    var durableLines: Int
    /// The highest line count a sync has been asked for.
    var syncRequestedUpTo: Int
    /// Messages held back until their line is durable, in order.
    var outbox: [Pending] = []
    /// Whether ``MatchServer/flush(_:)`` is releasing this outbox now.
    var isFlushing = false

    /// Each seat's legal moves as last encoded, with the move count they
    /// are for: asking again before anything changed costs nothing (the
    /// list can be large and slow to encode, and a client may ask in a loop).
    /// A list never holds more than a line's worth of bytes.
    var legalCache = SeatPair<(moves: Int, answer: LegalMoves)?>(nil, nil)

    /// Player seats that have a hint bot attached in the session.
    var hintBots: Set<Seat> = []

    /// Syncs asked of the pool and not yet reported back: the journal may
    /// be closed only when none is in flight.
    var syncsInFlight = 0
    /// When each accepted move's line was written, to time its `accepted`.
    var movesAwaitingSync: [(line: Int, since: ContinuousClock.Instant)] = []

    /// The address of the connection that created the match (nil when
    /// recovered after a restart): what the cap on waiting matches counts.
    let creatorHost: String?
    /// Whether the server's count of waiting matches includes this one.
    var countedAsWaiting = false
    /// Since when the match has waited with nobody connected to it (its
    /// creator gone, or nobody back since a restart); nil while someone is.
    /// Past a short grace, such a match gives its place under the cap on
    /// waiting matches to a new one (its ticket still resumes it until then).
    var abandonedSince: ClockInstant?
    /// Ends the match when nobody joins in time.
    var waitingTimer: TimerID?

    /// When each seat's turn runs out (nil: its turn is not timed now).
    var turnDeadlines = SeatPair<ClockInstant?>(nil, nil)
    /// The loop timer armed for each seat's turn: due at or before its
    /// deadline, and armed again for the deadline when that moved on.
    var turnTimers = SeatPair<TimerID?>(nil, nil)
    /// When the match idles out (nil: it does not).
    var idleDeadline: ClockInstant?
    /// The loop timer armed for the idle deadline, like ``turnTimers``.
    var idleTimer: TimerID?
    var retentionTimer: TimerID?
    /// The seats that had to move when the timers were last set.
    var timedSeats: SeatSet = .none

    init(
        code: String, game: AnyGame, session: any GameSession, journal: JournalFile, holders: SeatPair<Holder>, lines: Int,
        creatorHost: String?
    ) {
        self.code = code
        viewLineHead = ServerLine.viewHead(code: code)
        self.creatorHost = creatorHost
        self.game = game
        self.session = session
        self.journal = journal
        self.holders = holders
        self.appendedLines = lines
        self.durableLines = lines
        self.syncRequestedUpTo = lines
    }

    /// Whether both seats are held.
    var isFull: Bool {
        if case .open = holders.first { return false }
        if case .open = holders.second { return false }
        return true
    }

    /// Whether the match has a result.
    var isOver: Bool { session.result != nil }

    /// Whether the match waits for an opponent: live, not over, a seat open.
    var isWaiting: Bool { stage == .live && !isOver && openSeat != nil }

    /// Whether a player is connected to one of its seats.
    var hasConnectedPlayer: Bool { connection(of: .first) != nil || connection(of: .second) != nil }

    /// The open seat, if any.
    var openSeat: Seat? {
        Seat.allCases.first { if case .open = holders[$0] { true } else { false } }
    }

    /// The connection playing `seat`, if connected.
    func connection(of seat: Seat) -> ConnectionID? {
        if case .player(_, let connection) = holders[seat] { return connection }
        return nil
    }

    /// The seats played by people (not bots, not open).
    var playerSeats: [Seat] { Seat.allCases.filter(isPlayer) }

    /// Whether the server plays one of the seats.
    var hasBot: Bool {
        Seat.allCases.contains { if case .bot = holders[$0] { true } else { false } }
    }

    /// Whether a person plays `seat` (not a bot, not open).
    func isPlayer(_ seat: Seat) -> Bool {
        if case .player = holders[seat] { true } else { false }
    }

    /// Appends journal records (no sync).
    /// - Throws: `JournalError` when the write fails.
    func append(_ records: [JournalRecord]) throws(JournalError) {
        for record in records {
            try journal.append(record.line)
            appendedLines += 1
        }
    }

    /// Appends the replay lines of an accepted move (no sync): the move's,
    /// and the result's when it ended the match, each as the session wrote
    /// it (its newline is the journal's).
    /// - Throws: `JournalError` when the write fails.
    func appendReplayLines(of receipt: SessionReceipt) throws(JournalError) {
        try appendReplayLine(receipt.moveLine)
        if let result = receipt.resultLine { try appendReplayLine(result) }
    }

    private func appendReplayLine(_ line: Data) throws(JournalError) {
        var failure: JournalError?
        line.withUnsafeBytes { bytes in
            var end = bytes.count
            while end > 0, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
            do throws(JournalError) { try journal.append(UnsafeRawBufferPointer(rebasing: bytes[..<end])) } catch { failure = error }
        }
        if let failure { throw failure }
        appendedLines += 1
    }

    /// Holds `bytes` for `recipient` (the connections it names now) until
    /// everything appended so far is durable.
    func emit(_ bytes: [UInt8], to recipient: Recipient, isResult: Bool = false) {
        let delivery: Delivery
        switch recipient {
        case .seat(let seat):
            guard let connection = connection(of: seat) else { return }
            delivery = .seatHolder(seat, Attendance(connection: connection, attachment: seatAttachments[seat]))
        case .spectators:
            guard !spectators.isEmpty else { return }
            delivery = .spectators(spectators.map(attendance(of:)))
        case .connection(let connection):
            delivery = .answer(connection)
        }
        outbox.append(Pending(line: appendedLines, delivery: delivery, bytes: bytes, isResult: isResult))
    }

    /// Player seats whose connection was there when the result was sent.
    var resultSeenBy: Set<Seat> = []

    /// The legal moves of `seat` now, listed in at most `maxBytes` or
    /// described, encoded once per state.
    func legalMoves(for seat: Seat, maxBytes: Int) -> LegalMoves {
        if let cached = legalCache[seat], cached.moves == session.moveCount, !isOver { return cached.answer }
        let answer = session.legalMoves(for: seat, maxBytes: maxBytes)
        legalCache[seat] = (session.moveCount, answer)
        return answer
    }

    /// Whether anything waits for durability.
    var hasPendingOutput: Bool { !outbox.isEmpty }

    /// Connections that left the match while it held answers for them.
    var answersHeldFor: Set<ConnectionID> = []

    /// Each attached connection's attachment (see ``Attendance``).
    var attachments: [ConnectionID: Int] = [:]
    /// The attachment of each seat's latest holder (every seat holder is
    /// attached as it takes the seat): news for a seat, most of what a match
    /// sends, names it without a lookup.
    private var seatAttachments = SeatPair(0, 0)
    private var attachmentsMade = 0

    /// Records a new attachment of `connection`, to `seat` or as a spectator.
    func attach(_ connection: ConnectionID, seat: Seat?) {
        attachmentsMade += 1
        attachments[connection] = attachmentsMade
        if let seat { seatAttachments[seat] = attachmentsMade }
    }

    /// Whether `attendance` is how the connection holding `seat` holds it now.
    func holdsSeat(_ seat: Seat, in attendance: Attendance) -> Bool {
        connection(of: seat) == attendance.connection && seatAttachments[seat] == attendance.attachment
    }

    /// `connection` in its current attachment.
    func attendance(of connection: ConnectionID) -> Attendance {
        Attendance(connection: connection, attachment: attachments[connection] ?? 0)
    }

    /// Whether `attendance` is still how the connection is attached.
    func isCurrent(_ attendance: Attendance) -> Bool {
        attachments[attendance.connection] == attendance.attachment
    }

    /// Whether a message for `connection` itself (an answer) waits for durability.
    func holdsAnswers(for connection: ConnectionID) -> Bool {
        outbox.contains { if case .answer(let held) = $0.delivery { held == connection } else { false } }
    }
}

/// Connections in the order they came, each once: iterating it gives the
/// same order in every run (a `Set`'s order changes from one process to the
/// next), so a simulation that replays a seed sees the same sends.
struct ConnectionList: Sequence {
    private var items: [ConnectionID] = []

    /// Whether the list is empty.
    var isEmpty: Bool { items.isEmpty }
    /// How many connections it holds.
    var count: Int { items.count }

    /// Adds `connection` at the end, unless it is there already.
    mutating func insert(_ connection: ConnectionID) {
        if !items.contains(connection) { items.append(connection) }
    }

    /// Takes `connection` out.
    mutating func remove(_ connection: ConnectionID) {
        items.removeAll { $0 == connection }
    }

    /// Whether `connection` is in the list.
    func contains(_ connection: ConnectionID) -> Bool { items.contains(connection) }

    /// The connections, in the order they came.
    func makeIterator() -> IndexingIterator<[ConnectionID]> { items.makeIterator() }
}
