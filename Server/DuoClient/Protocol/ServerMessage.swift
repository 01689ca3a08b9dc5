import Foundation
import TabletopEngine

/// A message from the server, as a client decodes it.
public enum ServerMessage: Equatable, Sendable {
    /// The answer to `hello`: the protocol version, the server's id and its games.
    case welcome(version: Int, server: String, games: [String])
    /// The connection plays a seat: `kind` is `created`, `joined` or `resumed`.
    case seated(kind: String, ticket: SeatTicket, game: String, variant: String, rules: JSONValue, opponent: String?)
    /// The connection follows a match as a spectator.
    case watching(code: String, game: String, variant: String, rules: JSONValue)
    /// What the receiver may see now.
    case view(ViewUpdate)
    /// The sender's move `number` is durable.
    case accepted(number: Int)
    /// News of the other seat's player.
    case opponent(OpponentStatus)
    /// The match is over.
    case ended(code: String, result: MatchResult)
    /// Every move the seat may make now.
    case legal(moves: [JSONValue])
    /// A move the server's bot suggests (nil when the seat may not move).
    case hint(move: JSONValue?)
    /// The answer to `ping`.
    case pong
    /// A request was refused.
    case error(ProtocolError)

    /// Decodes one line from the server.
    /// - Throws: ``ProtocolError`` when the line is not a message of this protocol.
    public init(line: [UInt8]) throws(ProtocolError) {
        guard case .object(let fields) = try Self.parse(line) else {
            throw ProtocolError(.notAnObject, "a server message is a JSON object")
        }
        func string(_ name: String) throws(ProtocolError) -> String {
            guard case .string(let text)? = fields[name] else { throw ProtocolError(.missingField, "no string \"\(name)\"") }
            return text
        }
        func optionalString(_ name: String) -> String? {
            if case .string(let text)? = fields[name] { return text }
            return nil
        }
        func integer(_ name: String) throws(ProtocolError) -> Int {
            guard case .integer(let number)? = fields[name], let small = Int(exactly: number) else {
                throw ProtocolError(.missingField, "no integer \"\(name)\"")
            }
            return small
        }
        func seat(_ name: String) throws(ProtocolError) -> Seat {
            guard let seat = Seat(index: try integer(name)) else { throw ProtocolError(.invalidValue, "\"\(name)\" is not a seat") }
            return seat
        }
        switch try string("type") {
        case "welcome":
            var games: [String] = []
            if case .array(let items)? = fields["games"] {
                games = items.compactMap { if case .string(let name) = $0 { name } else { nil } }
            }
            self = .welcome(version: try integer("version"), server: try string("server"), games: games)
        case let kind where kind == "created" || kind == "joined" || kind == "resumed":
            let ticket = SeatTicket(code: try string("code"), seat: try seat("seat"), token: try string("token"))
            self = .seated(
                kind: kind, ticket: ticket, game: try string("game"), variant: try string("variant"),
                rules: fields["rules"] ?? .null, opponent: optionalString("opponent"))
        case "watching":
            self = .watching(code: try string("code"), game: try string("game"), variant: try string("variant"), rules: fields["rules"] ?? .null)
        case "view":
            var toMove = SeatSet.none
            if case .array(let items)? = fields["toMove"] {
                for case .integer(let index) in items {
                    if let seat = Seat(index: Int(clamping: index)) { toMove.insert(SeatSet(seat)) }
                }
            }
            let viewer: Seat? = if case .integer(let index)? = fields["seat"] { Seat(index: Int(clamping: index)) } else { nil }
            self = .view(
                ViewUpdate(code: try string("code"), seat: viewer, moves: try integer("moves"), toMove: toMove, view: fields["view"] ?? .null))
        case "accepted":
            self = .accepted(number: try integer("number"))
        case "opponent":
            guard let status = OpponentStatus(rawValue: try string("status")) else {
                throw ProtocolError(.invalidValue, "unknown opponent status")
            }
            self = .opponent(status)
        case "ended":
            guard let result = fields["result"], let decoded = try? JSONDecoder().decode(MatchResult.self, from: Data(result.serialized)) else {
                throw ProtocolError(.missingField, "no result")
            }
            self = .ended(code: try string("code"), result: decoded)
        case "legal":
            guard case .array(let moves)? = fields["moves"] else { throw ProtocolError(.missingField, "no moves") }
            self = .legal(moves: moves)
        case "hint":
            let move = fields["move"]
            self = .hint(move: move == .null ? nil : move)
        case "pong":
            self = .pong
        case "error":
            var error = ProtocolError(code: try string("code"), message: try string("message"), inReplyTo: optionalString("re"))
            if let space = fields["space"], space != .null {
                guard let decoded = try? JSONDecoder().decode(MoveSpace.self, from: Data(space.serialized)) else {
                    throw ProtocolError(.wrongFieldType, "\"space\" is not a move space")
                }
                error.moveSpace = decoded
            }
            self = .error(error)
        case let other:
            throw ProtocolError(.unknownType, "unknown server message \"\(ProtocolError.clip(other))\"")
        }
    }

    private static func parse(_ line: [UInt8]) throws(ProtocolError) -> JSONValue {
        do {
            return try JSONValue(parsing: line)
        } catch {
            throw ProtocolError(.badJSON, "the server sent a line that is not JSON")
        }
    }
}

/// A `view` message: what one seat (or a spectator) may see now.
public struct ViewUpdate: Equatable, Sendable {
    /// The match's code.
    public var code: String
    /// The seat whose view this is; nil for the public view.
    public var seat: Seat?
    /// Moves accepted so far.
    public var moves: Int
    /// The seats that may move now.
    public var toMove: SeatSet
    /// The game's view, as JSON: decode it with the game's view type.
    public var view: JSONValue

    /// Makes an update.
    public init(code: String, seat: Seat?, moves: Int, toMove: SeatSet, view: JSONValue) {
        self.code = code
        self.seat = seat
        self.moves = moves
        self.toMove = toMove
        self.view = view
    }

    /// Decodes the view as the game's own type (`BroadsideSeatView`, ...).
    public func decode<View: Decodable>(_ type: View.Type) throws -> View {
        try JSONDecoder().decode(type, from: Data(view.serialized))
    }
}
