import DuoClient
import DuoNet
import Foundation
import TabletopEngine

/// What a simulation holds a match's streams to: the match replayed, on
/// its own session, from what its journal (or, once it is archived, its
/// replay) says on disk, never from the server's memory. A `view` a seat
/// receives must be the line this replay gives for that seat at that move
/// count, byte for byte: anything else (another seat's view, the full
/// state, a state that was never journaled) is a violation.
final class ReferenceMatch {
    let code: String
    private let simulation: ServerSimulation
    private var game: AnyGame?
    private var session: (any GameSession)?
    /// The journal's lines read so far (whole lines only), in order.
    private(set) var lineCount = 0
    /// Bytes of the file taken so far.
    private var bytesRead = 0
    /// Whether the lines came from the replay (the journal was archived).
    private var fromReplay = false
    /// The replay lines (header, moves, result) seen so far.
    private var replayLines: [Data] = []
    /// The seat holders the journal names.
    private(set) var holders = SeatPair<JournalRecord.SeatHolder?>(nil, nil)
    /// Each move line's seat and move, by move number (from 1).
    private(set) var moves: [(seat: Seat, move: JSONValue)] = []
    /// Where each move's line ends in the journal, in bytes (0 once read
    /// from the replay, which is durable as a whole).
    private(set) var moveEnds: [Int] = []
    /// Where the line being applied ends.
    private var lineEnd = 0
    /// Seats whose bot this reference has attached (to choose clients' moves).
    private var botSeats: Set<Seat> = []
    /// Whether a result line was read.
    private(set) var isOver = false
    /// The lines a state gave, computed once, with its seats to move: by state.
    private var viewCache: [StateKey: (line: [UInt8], toMove: SeatSet)] = [:]

    /// A state of the match: a move count, and whether the result is in.
    struct StateKey: Hashable {
        var moves: Int
        var over: Bool
        var viewer: Int  // 0, 1, or 2 for the public view
        var waiting: Bool
    }

    init(code: String, simulation: ServerSimulation) {
        self.code = code
        self.simulation = simulation
    }

    /// The game, once the header is read.
    var loadedGame: AnyGame? { game }

    /// The match replayed as far as read.
    var replayedSession: (any GameSession)? { session }

    /// Reads what the match's files now hold beyond what was read: the
    /// journal while it is there, the replay once it is archived.
    /// - Throws: ``SimulationViolation`` when a line is damaged or breaks the rules.
    func refresh(store: MatchStore) throws(SimulationViolation) {
        if !fromReplay, let data = FileManager.default.contents(atPath: store.journalURL(code).path) {
            try take(data, replay: false)
            return
        }
        guard let data = FileManager.default.contents(atPath: store.replayURL(code).path) else { return }
        if !fromReplay {
            // The journal went; the replay has every line it had, and the result.
            fromReplay = true
            bytesRead = 0
        }
        try take(data, replay: true)
    }

    /// Forgets what was read past `lineCount` lines (a crash cut the journal there).
    func rewind(toFileOf store: MatchStore) {
        let fresh = ReferenceMatch(code: code, simulation: simulation)
        try? fresh.refresh(store: store)
        game = fresh.game
        session = fresh.session
        lineCount = fresh.lineCount
        bytesRead = fresh.bytesRead
        fromReplay = fresh.fromReplay
        replayLines = fresh.replayLines
        holders = fresh.holders
        moves = fresh.moves
        moveEnds = fresh.moveEnds
        isOver = fresh.isOver
        viewCache = [:]
        botSeats = []
    }

    /// The move `bot` would play for `seat` now (a client's choice), nil
    /// when the seat may not move or the game has no such bot.
    func botMove(for seat: Seat, bot: String) -> JSONValue? {
        guard let session, session.seatsToMove.contains(seat) else { return nil }
        if !botSeats.contains(seat) {
            guard (try? session.attachBot(named: bot, to: seat)) != nil else { return nil }
            botSeats.insert(seat)
        }
        guard let move = session.botMoveJSON(for: seat) else { return nil }
        return try? JSONValue(parsing: [UInt8](move))
    }

    private func take(_ data: Data, replay: Bool) throws(SimulationViolation) {
        let bytes = [UInt8](data)
        guard bytes.count > bytesRead else { return }
        var start = bytesRead
        var index = 0
        while let newline = bytes[start...].firstIndex(of: 0x0A) {
            let line = Array(bytes[start..<newline])
            start = newline + 1
            lineEnd = replay ? 0 : start
            index += 1
            if replay {
                // The replay repeats the header and moves already read from the journal.
                if index <= replayLines.count { continue }
                try apply(.replay(line, kind: Self.replayKind(of: line) ?? (try? JSONValue(parsing: line)).flatMap(Self.type) ?? "?"))
            } else {
                let record: JournalRecord
                if let kind = Self.replayKind(of: line) {
                    // A replay line (the server writes its type first): parsed once, in `apply`.
                    record = .replay(line, kind: kind)
                } else {
                    do {
                        record = try JournalRecord(line: line, number: lineCount + 1)
                    } catch {
                        throw SimulationViolation(.journal, "match \(code): journal line \(lineCount + 1) is damaged: \(error)")
                    }
                }
                lineCount += 1
                try apply(record)
            }
        }
        bytesRead = start
    }

    private static let replayPrefixes = ["move", "header", "result"].map { (kind: $0, prefix: Array(#"{"type":"\#($0)""#.utf8)) }

    /// The kind of a replay line whose type comes first, as the server writes them.
    private static func replayKind(of line: [UInt8]) -> String? {
        replayPrefixes.first { line.starts(with: $0.prefix) }?.kind
    }

    private static func type(_ value: JSONValue) -> String? {
        if case .object(let fields) = value, case .string(let type)? = fields["type"] { return type }
        return nil
    }

    private func apply(_ record: JournalRecord) throws(SimulationViolation) {
        switch record {
        case .opening(let opened):
            guard opened == code else { throw SimulationViolation(.journal, "journal \(code) opens as \(opened)") }
        case .seat(let seat, let holder):
            holders[seat] = holder
        case .replay(let line, let kind):
            replayLines.append(Data(line))
            switch kind {
            case "header":
                guard let header = try? JSONDecoder().decode(ReplayHeader.self, from: Data(line)),
                    let loaded = simulation.game(header.game, variant: header.variant),
                    let started = try? loaded.resumeSession(from: Data(line + [0x0A]))
                else { throw SimulationViolation(.journal, "match \(code): its header does not start a match") }
                game = loaded
                session = started
            case "move":
                guard let session, case .object(let fields)? = try? JSONValue(parsing: line),
                    case .integer(let index)? = fields["seat"], let seat = Seat(index: Int(index)), let move = fields["move"]
                else { throw SimulationViolation(.journal, "match \(code): a move line before the header, or not a move") }
                switch session.submit(Data(move.serialized), by: seat) {
                case .failure(let rejection):
                    throw SimulationViolation(.journal, "match \(code): journaled move \(moves.count + 1) breaks the rules: \(rejection)")
                case .success(let receipt):
                    guard Data(line) == Self.withoutNewline(receipt.moveLine) else {
                        throw SimulationViolation(.journal, "match \(code): journaled move \(receipt.number) differs from its replay")
                    }
                    moves.append((seat, move))
                    moveEnds.append(lineEnd)
                    if receipt.resultLine != nil { isOver = true }
                }
            case "result":
                guard let session else { throw SimulationViolation(.journal, "match \(code): a result before the header") }
                if session.result == nil {
                    guard case .object(let fields)? = try? JSONValue(parsing: line), case .integer(let index)? = fields["forfeitedBy"],
                        let loser = Seat(index: Int(index)), session.forfeit(by: loser) != nil
                    else { throw SimulationViolation(.journal, "match \(code): a result line no move or forfeit explains") }
                }
                isOver = true
            default:
                throw SimulationViolation(.journal, "match \(code): an unknown replay line \(kind)")
            }
        }
    }

    private static func withoutNewline(_ data: Data) -> Data {
        var bytes = data
        while bytes.last == 0x0A || bytes.last == 0x0D { bytes.removeLast() }
        return bytes
    }

    /// The `view` line the replay gives for `viewer` (nil: spectators) at
    /// `moves` moves, before or after the result; nil when the replay read
    /// so far has no such state.
    /// `waiting`: while a seat is open, nobody is to move (moves start once
    /// both seats are held), which only a match with no move yet can be.
    func expectedView(moves count: Int, over: Bool, viewer: Seat?, waiting: Bool = false) -> [UInt8]? {
        expectedState(moves: count, over: over, viewer: viewer, waiting: waiting)?.line
    }

    /// Whether a state of `count` moves may be one of a match still waiting
    /// for its opponent (each is tried, then: false first).
    static func waitingCases(moves count: Int) -> [Bool] { count == 0 ? [false, true] : [false] }

    /// The `view` line and seats to move of a state, as ``expectedView(moves:over:viewer:waiting:)``.
    func expectedState(moves count: Int, over: Bool, viewer: Seat?, waiting: Bool = false) -> (line: [UInt8], toMove: SeatSet)? {
        let key = StateKey(moves: count, over: over, viewer: viewer?.index ?? 2, waiting: waiting)
        if let cached = viewCache[key] { return cached }
        guard let state = self.state(moves: count, over: over) else { return nil }
        let view = viewer.map { state.seatViewJSON(for: $0) } ?? state.publicViewJSON()
        let toMove = waiting ? SeatSet.none : state.seatsToMove
        let line = ServerLine.view(code: code, seat: viewer, moves: count, toMove: toMove, view: view)
        viewCache[key] = (line, toMove)
        return (line, toMove)
    }

    /// A session at `count` moves (and the result, when `over`): the
    /// replayed one when it stands there, else one replayed afresh.
    private func state(moves count: Int, over: Bool) -> (any GameSession)? {
        guard let session, count <= moves.count else { return nil }
        if count == moves.count && over == (session.result != nil) { return session }
        if over && (count != moves.count || !isOver) { return nil }
        guard let game, let header = replayLines.first else { return nil }
        var replay = header + Data([0x0A])
        for line in replayLines.dropFirst().prefix(count) {
            replay += line + Data([0x0A])
        }
        guard let rebuilt = try? game.resumeSession(from: replay) else { return nil }
        // A move that ended the match brings its result with it.
        if !over && rebuilt.result != nil { return nil }
        return rebuilt
    }
}
