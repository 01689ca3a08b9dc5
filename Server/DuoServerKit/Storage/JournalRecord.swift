import DuoClient
import Foundation
import TabletopEngine

/// One line of a match's journal.
///
/// A journal is the match's replay (header, moves, result: the lines of
/// `docs/REPLAY.md`, verbatim) interleaved with the server's own lines: an
/// opening line naming the match, and one line per seat taken, holding the
/// seat's token or bot. Everything needed to resume the match after a crash
/// with the same tokens is in it, and nothing else.
enum JournalRecord: Equatable {
    /// `{"type":"journal","version":1,"code":"K7QF2M"}`: the first line.
    case opening(code: String)
    /// `{"type":"seat","seat":0,"token":"..."}` or `{"type":"seat","seat":1,"bot":"density"}`.
    case seat(Seat, SeatHolder)
    /// A replay line of `kind` `header`, `move` or `result`, kept byte for byte.
    case replay([UInt8], kind: String)

    /// The journal format's version.
    static let version = 1

    /// Who holds a seat, as the journal records it.
    enum SeatHolder: Equatable {
        /// A player, who proves it with this token.
        case player(token: String)
        /// A bot of this name, played by the server.
        case bot(name: String)
    }

    /// The line's bytes (without newline).
    var line: [UInt8] {
        switch self {
        case .opening(let code):
            var object = JSONObjectWriter()
            object.field("type", "journal")
            object.field("version", Self.version)
            object.field("code", code)
            return object.finish()
        case .seat(let seat, let holder):
            var object = JSONObjectWriter()
            object.field("type", "seat")
            object.field("seat", seat.index)
            switch holder {
            case .player(let token): object.field("token", token)
            case .bot(let name): object.field("bot", name)
            }
            return object.finish()
        case .replay(let bytes, _):
            return bytes
        }
    }

    /// Reads a journal line.
    /// - Throws: ``JournalReadError`` naming the line.
    init(line: [UInt8], number: Int) throws(JournalReadError) {
        guard case .object(let fields)? = try? JSONValue(parsing: line),
            case .string(let type)? = fields["type"]
        else {
            throw JournalReadError(line: number, problem: "not a JSON object with a type")
        }
        switch type {
        case "journal":
            guard case .integer(let version)? = fields["version"], version == Int64(Self.version) else {
                throw JournalReadError(line: number, problem: "journal version is not \(Self.version)")
            }
            guard case .string(let code)? = fields["code"] else { throw JournalReadError(line: number, problem: "no code") }
            self = .opening(code: code)
        case "seat":
            guard case .integer(let index)? = fields["seat"], let seat = Seat(index: Int(clamping: index)) else {
                throw JournalReadError(line: number, problem: "no seat")
            }
            if case .string(let token)? = fields["token"] {
                self = .seat(seat, .player(token: token))
            } else if case .string(let bot)? = fields["bot"] {
                self = .seat(seat, .bot(name: bot))
            } else {
                throw JournalReadError(line: number, problem: "a seat line needs a token or a bot")
            }
        case "header", "move", "result":
            self = .replay(line, kind: type)
        default:
            throw JournalReadError(line: number, problem: "unknown line type '\(type)'")
        }
    }
}

/// A journal line the server cannot use.
public struct JournalReadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// What is wrong with it.
    public var problem: String
    /// The line number and the problem.
    public var description: String { "line \(line): \(problem)" }
}

/// What a journal holds, read back: enough to rebuild the match.
struct RecoveredJournal {
    /// The match's code.
    var code: String
    /// Who held each seat (nil: still open).
    var holders: SeatPair<JournalRecord.SeatHolder?>
    /// The replay lines, each followed by a newline.
    var replay: Data
    /// The replay's header.
    var header: ReplayHeader
    /// Whether the replay ends with a result line.
    var isFinished: Bool

    /// Reads the lines of a journal.
    /// - Throws: ``JournalReadError`` for a line that does not belong in a journal.
    init(lines: [[UInt8]]) throws(JournalReadError) {
        var code: String?
        var holders = SeatPair<JournalRecord.SeatHolder?>(nil, nil)
        var replay = Data()
        var header: ReplayHeader?
        var finished = false
        for (offset, line) in lines.enumerated() {
            let number = offset + 1
            switch try JournalRecord(line: line, number: number) {
            case .opening(let opened):
                guard number == 1 else { throw JournalReadError(line: number, problem: "a second opening line") }
                code = opened
            case .seat(let seat, let holder):
                guard holders[seat] == nil else { throw JournalReadError(line: number, problem: "\(seat) taken twice") }
                holders[seat] = holder
            case .replay(let bytes, let kind):
                if header == nil {
                    guard let decoded = try? JSONDecoder().decode(ReplayHeader.self, from: Data(bytes)) else {
                        throw JournalReadError(line: number, problem: "the first replay line is not a valid header")
                    }
                    header = decoded
                }
                if kind == "result" { finished = true }
                replay.append(contentsOf: bytes)
                replay.append(0x0A)
            }
        }
        guard let code else { throw JournalReadError(line: 1, problem: "the journal does not start with an opening line") }
        guard let header else { throw JournalReadError(line: lines.count + 1, problem: "no replay header") }
        self.code = code
        self.holders = holders
        self.replay = replay
        self.header = header
        self.isFinished = finished
    }
}
