import TabletopEngine

/// An error the server answers with: a stable code, a sentence for a
/// person, (when known) the type of the message it answers, and for
/// `tooManyMoves` the moves described.
public struct ProtocolError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The stable code: an ``ErrorCode`` raw value, or a game's own move code.
    public var code: String
    /// A sentence saying what was wrong.
    public var message: String
    /// The `type` of the message being answered, when it could be read.
    public var inReplyTo: String?
    /// For `tooManyMoves`: the seat's legal moves, described (`space` on the wire).
    public var moveSpace: MoveSpace?

    /// Makes an error with one of the protocol's codes.
    public init(_ code: ErrorCode, _ message: String, inReplyTo: String? = nil, moveSpace: MoveSpace? = nil) {
        self.code = code.rawValue
        self.message = message
        self.inReplyTo = inReplyTo
        self.moveSpace = moveSpace
    }

    /// Makes an error with a code from elsewhere (a game's move rejection).
    public init(code: String, message: String, inReplyTo: String? = nil) {
        self.code = code
        self.message = message
        self.inReplyTo = inReplyTo
    }

    /// "code: message".
    public var description: String { "\(code): \(message)" }
}

extension ProtocolError {
    /// A field value for an error message, cut short so a huge value does not echo back.
    package static func clip(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(40)) + "..." : text
    }
}
