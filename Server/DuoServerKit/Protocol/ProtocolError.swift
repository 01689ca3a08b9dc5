/// An error the server answers with: a stable code, a sentence for a
/// person, and (when known) the type of the message it answers.
public struct ProtocolError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The stable code: an ``ErrorCode`` raw value, or a game's own move code.
    public var code: String
    /// A sentence saying what was wrong.
    public var message: String
    /// The `type` of the message being answered, when it could be read.
    public var inReplyTo: String?

    /// Makes an error with one of the protocol's codes.
    public init(_ code: ErrorCode, _ message: String, inReplyTo: String? = nil) {
        self.code = code.rawValue
        self.message = message
        self.inReplyTo = inReplyTo
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
