import DuoClient
import DuoSupport
import Foundation
import TabletopEngine

/// Builds the server's messages as JSON lines (without the newline).
///
/// Views, rules and legal moves arrive from the game already encoded; they
/// are spliced in as they are, so a view is encoded exactly once per seat.
/// Every message's fields are listed in `docs/PROTOCOL.md`.
public enum ServerLine {
    /// `welcome`: the answer to `hello`, with the engine's version the server was built with.
    public static func welcome(server: String, games: [String]) -> [UInt8] {
        var object = JSONObjectWriter()
        object.field("type", "welcome")
        object.field("version", ProtocolVersion.current)
        object.field("server", server)
        object.field("games", strings: games)
        object.field("engine", EngineVersion.current)
        return object.finish()
    }

    /// `created`, `joined` or `resumed`: the connection now plays a seat.
    public static func seated(_ type: String, ticket: SeatTicket, game: String, variant: String, rules: Data, opponent: String?) -> [UInt8] {
        var object = JSONObjectWriter()
        object.field("type", type)
        object.field("code", ticket.code)
        object.field("seat", ticket.seat.index)
        object.field("token", ticket.token)
        object.field("game", game)
        object.field("variant", variant)
        object.field("rules", rawJSON: rules)
        if let opponent { object.field("opponent", opponent) } else { object.nullField("opponent") }
        return object.finish()
    }

    /// `watching`: the connection now follows a match as a spectator.
    public static func watching(code: String, game: String, variant: String, rules: Data) -> [UInt8] {
        var object = JSONObjectWriter()
        object.field("type", "watching")
        object.field("code", code)
        object.field("game", game)
        object.field("variant", variant)
        object.field("rules", rawJSON: rules)
        return object.finish()
    }

    /// `view`: what the receiver may see now (a seat's view, or the public
    /// view when `seat` is nil), the number of moves so far and who may move.
    public static func view(code: String, seat: Seat?, moves: Int, toMove: SeatSet, view: Data) -> [UInt8] {
        var object = JSONObjectWriter(capacity: view.count + code.utf8.count + 64)
        object.field("type", "view")
        object.field("code", code)
        if let seat { object.field("seat", seat.index) } else { object.nullField("seat") }
        object.field("moves", moves)
        object.field("toMove", seats: toMove)
        object.field("view", rawJSON: view)
        return object.finish()
    }

    /// The start of every `view` line of match `code`, up to the seat:
    /// `{"type":"view","code":"K7QF2M","seat":`, the bytes ``view(code:seat:moves:toMove:view:)`` begins with.
    static func viewHead(code: String) -> [UInt8] {
        var writer = JSONWriter(capacity: code.utf8.count + 32)
        writer.raw(#"{"type":"view","code":"#)
        writer.string(code)
        writer.raw(#","seat":"#)
        return writer.bytes
    }

    /// Writes a `view` line into `output` up to its view (`...,"view":`),
    /// from its match's ``viewHead(code:)``: the view and a closing `}`
    /// after it make the bytes of ``view(code:seat:moves:toMove:view:)``,
    /// with no buffer for the view alone.
    static func beginView(head: [UInt8], seat: Seat?, moves: Int, toMove: SeatSet, to output: inout JSONOutput) {
        output.raw(head)
        if let seat { output.integer(seat.index) } else { output.raw("null") }
        output.raw(#","moves":"#)
        output.integer(moves)
        output.raw(#","toMove":["#)
        var first = true
        for seat in Seat.allCases where toMove.contains(seat) {
            if !first { output.byte(UInt8(ascii: ",")) }
            first = false
            output.integer(seat.index)
        }
        output.raw(#"],"view":"#)
    }

    /// `accepted`: the sender's move number `number` is durable.
    public static func accepted(number: Int) -> [UInt8] {
        var object = JSONObjectWriter(capacity: 40)
        object.field("type", "accepted")
        object.field("number", number)
        return object.finish()
    }

    /// `opponent`: the other seat `joined`, `disconnected` or `reconnected`.
    public static func opponent(_ status: OpponentStatus) -> [UInt8] {
        var object = JSONObjectWriter()
        object.field("type", "opponent")
        object.field("status", status.rawValue)
        return object.finish()
    }

    /// `ended`: the match's result.
    public static func ended(code: String, result: MatchResult) -> [UInt8] {
        var object = JSONObjectWriter()
        object.field("type", "ended")
        object.field("code", code)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // A result is integers and short strings; it always encodes.
        object.field("result", rawJSON: (try? encoder.encode(result)) ?? Data("null".utf8))
        return object.finish()
    }

    /// `legal`: every move the seat may make now, as a JSON array.
    public static func legal(moves: Data) -> [UInt8] {
        var object = JSONObjectWriter()
        object.field("type", "legal")
        object.field("moves", rawJSON: moves)
        return object.finish()
    }

    /// `hint`: a move the server's bot would make for the seat now (null when it may not move).
    public static func hint(move: Data?) -> [UInt8] {
        var object = JSONObjectWriter()
        object.field("type", "hint")
        if let move { object.field("move", rawJSON: move) } else { object.nullField("move") }
        return object.finish()
    }

    /// `pong`: the answer to `ping`.
    public static func pong() -> [UInt8] {
        var object = JSONObjectWriter()
        object.field("type", "pong")
        return object.finish()
    }

    /// `error`: a stable code, a sentence, the type of the message it
    /// answers, and for `tooManyMoves` the moves described (`space`).
    public static func error(_ error: ProtocolError) -> [UInt8] {
        var object = JSONObjectWriter()
        object.field("type", "error")
        object.field("code", error.code)
        object.field("message", error.message)
        if let reply = error.inReplyTo { object.field("re", reply) } else { object.nullField("re") }
        if let space = error.moveSpace {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            // Whole numbers and strings: it always encodes.
            object.field("space", rawJSON: (try? encoder.encode(space)) ?? Data("null".utf8))
        }
        return object.finish()
    }
}
