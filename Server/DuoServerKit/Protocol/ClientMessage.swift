import DuoClient
import TabletopEngine

/// A message from a client, decoded and checked field by field.
///
/// Each is one JSON object on one line, with a `type` field. Fields the
/// message does not know are ignored, so later clients can add some.
public enum ClientMessage: Equatable, Sendable {
    /// `{"type":"hello","version":1}`: first message of every connection.
    /// `client` names the program (for logs); `match` may name the match the
    /// connection is for, so a load balancer can route on the first line.
    case hello(version: Int, client: String?, match: String?)
    /// `{"type":"create"}`: starts a match and takes a seat in it.
    case create(CreateRequest)
    /// `{"type":"join","code":"K7QF2M"}`: takes the free seat of a match.
    case join(code: String)
    /// `{"type":"watch","code":"K7QF2M"}`: follows a match with the public view.
    case watch(code: String)
    /// `{"type":"resume","code":"K7QF2M","seat":0,"token":"..."}`: takes a seat back after a disconnect.
    case resume(code: String, seat: Seat, token: String)
    /// `{"type":"move","move":{...}}`: a move in the game's own JSON form.
    case move(JSONValue)
    /// `{"type":"legal"}`: asks for every move the seat may make now.
    case legal
    /// `{"type":"hint"}`: asks the server's weakest bot for a move, judged from the seat's view only.
    case hint
    /// `{"type":"resign"}`: gives the match up (the opponent wins by forfeit).
    case resign
    /// `{"type":"ping"}`: asks for a `pong` (keep-alive, round-trip time).
    case ping

    /// The value of `type` for each message.
    public var type: String {
        switch self {
        case .hello: "hello"
        case .create: "create"
        case .join: "join"
        case .watch: "watch"
        case .resume: "resume"
        case .move: "move"
        case .legal: "legal"
        case .hint: "hint"
        case .resign: "resign"
        case .ping: "ping"
        }
    }

    /// The longest match code or token accepted (longer is `invalidValue`).
    static let maxIdentifierLength = 128

    /// Decodes one line.
    /// - Throws: `ProtocolError` with `badJSON`, `notAnObject`,
    ///   `missingField`, `wrongFieldType`, `invalidValue` or `unknownType`.
    public init(line: [UInt8]) throws(ProtocolError) {
        // The bare requests, as clients write them: a bot client asks for a
        // hint on every move, and these bytes parse to nothing else.
        if line.count <= Self.longestBareRequest, let bare = Self.bareRequests[line] {
            self = bare
            return
        }
        let value: JSONValue
        do {
            value = try JSONValue(parsing: line)
        } catch .tooDeep(let limit) {
            throw ProtocolError(.badJSON, "the line nests arrays or objects deeper than \(limit) levels")
        } catch {
            throw ProtocolError(.badJSON, "the line is not valid JSON")
        }
        guard case .object(let fields) = value else {
            throw ProtocolError(.notAnObject, "a message is a JSON object with a \"type\" field")
        }
        var reader = FieldReader(fields: fields, type: nil)
        let type = try reader.string("type")
        reader = FieldReader(fields: fields, type: type)
        switch type {
        case "hello":
            self = .hello(
                version: try reader.integer("version"),
                client: try reader.optionalString("client"),
                match: try reader.optionalIdentifier("match"))
        case "create":
            self = .create(
                CreateRequest(
                    game: try reader.optionalIdentifier("game"),
                    variant: try reader.optionalIdentifier("variant"),
                    bot: try reader.optionalIdentifier("bot"),
                    seat: try reader.optionalSeat("seat")))
        case "join":
            self = .join(code: try reader.identifier("code"))
        case "watch":
            self = .watch(code: try reader.identifier("code"))
        case "resume":
            self = .resume(code: try reader.identifier("code"), seat: try reader.seat("seat"), token: try reader.identifier("token"))
        case "move":
            guard let move = fields["move"] else {
                throw ProtocolError(.missingField, "a move message needs a \"move\" field", inReplyTo: type)
            }
            self = .move(move)
        case "legal":
            self = .legal
        case "hint":
            self = .hint
        case "resign":
            self = .resign
        case "ping":
            self = .ping
        default:
            throw ProtocolError(
                .unknownType, "no message has type \"\(Self.clip(type))\" in protocol version \(ProtocolVersion.current)", inReplyTo: nil)
        }
    }

    /// The requests without fields, by their compact JSON line.
    private static let bareRequests: [[UInt8]: ClientMessage] = [
        Array(#"{"type":"hint"}"#.utf8): .hint,
        Array(#"{"type":"legal"}"#.utf8): .legal,
        Array(#"{"type":"ping"}"#.utf8): .ping,
        Array(#"{"type":"resign"}"#.utf8): .resign,
    ]
    private static let longestBareRequest = bareRequests.keys.map(\.count).max() ?? 0

    /// A field value for an error message, cut short so a huge value does not echo back.
    static func clip(_ text: String) -> String {
        ProtocolError.clip(text)
    }
}

/// What `create` asks for. Every field may be left out.
public struct CreateRequest: Equatable, Sendable {
    /// The game's name; the server's default game when nil.
    public var game: String?
    /// The rules variant; the game's default when nil.
    public var variant: String?
    /// A bot to take the other seat; nil waits for a player to `join`.
    public var bot: String?
    /// The creator's seat; seat 0 when nil.
    public var seat: Seat?

    /// Makes a request.
    public init(game: String? = nil, variant: String? = nil, bot: String? = nil, seat: Seat? = nil) {
        self.game = game
        self.variant = variant
        self.bot = bot
        self.seat = seat
    }
}

/// Reads typed fields out of a message object, with errors that name the field.
private struct FieldReader {
    let fields: [String: JSONValue]
    let type: String?

    func string(_ name: String) throws(ProtocolError) -> String {
        guard let value = fields[name] else { throw missing(name) }
        guard case .string(let text) = value else { throw wrongType(name, "a string") }
        return text
    }

    func optionalString(_ name: String) throws(ProtocolError) -> String? {
        guard let value = fields[name], value != .null else { return nil }
        guard case .string(let text) = value else { throw wrongType(name, "a string") }
        return text
    }

    func identifier(_ name: String) throws(ProtocolError) -> String {
        guard let text = try optionalIdentifier(name) else { throw missing(name) }
        return text
    }

    /// A short, non-empty string of printable ASCII (codes, tokens, names).
    func optionalIdentifier(_ name: String) throws(ProtocolError) -> String? {
        guard let text = try optionalString(name) else { return nil }
        guard !text.isEmpty, text.utf8.count <= ClientMessage.maxIdentifierLength,
            text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        else {
            throw ProtocolError(
                .invalidValue, "\"\(name)\" must be 1 to \(ClientMessage.maxIdentifierLength) printable ASCII characters without spaces",
                inReplyTo: type)
        }
        return text
    }

    func integer(_ name: String) throws(ProtocolError) -> Int {
        guard let value = fields[name] else { throw missing(name) }
        guard case .integer(let number) = value, let small = Int(exactly: number) else { throw wrongType(name, "an integer") }
        return small
    }

    func seat(_ name: String) throws(ProtocolError) -> Seat {
        guard let seat = try optionalSeat(name) else { throw missing(name) }
        return seat
    }

    func optionalSeat(_ name: String) throws(ProtocolError) -> Seat? {
        guard let value = fields[name], value != .null else { return nil }
        guard case .integer(let number) = value else { throw wrongType(name, "an integer") }
        guard let seat = Seat(index: Int(clamping: number)) else {
            throw ProtocolError(.invalidValue, "\"\(name)\" must be 0 or 1, not \(number)", inReplyTo: type)
        }
        return seat
    }

    private func missing(_ name: String) -> ProtocolError {
        let what = type.map { "a \($0) message" } ?? "a message"
        return ProtocolError(.missingField, "\(what) needs a \"\(name)\" field", inReplyTo: type)
    }

    private func wrongType(_ name: String, _ expected: String) -> ProtocolError {
        ProtocolError(.wrongFieldType, "\"\(name)\" must be \(expected)", inReplyTo: type)
    }
}
