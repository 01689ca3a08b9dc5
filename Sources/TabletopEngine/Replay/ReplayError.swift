/// Why a replay could not be read or did not verify, naming the line (1-based).
public struct ReplayError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of problem, as a stable code.
    public enum Code: String, Sendable, Codable {
        /// The file is empty.
        case empty
        /// A line is not valid JSON, or lacks a field, or has a wrong-typed one.
        case malformedLine
        /// The header names another format, version or game.
        case wrongFormat
        /// The header's variant is not known, or its rules hash differs from this build's rules.
        case rulesMismatch
        /// A line is not where the format puts it (a move after the result, two headers...).
        case unexpectedLine
        /// A move line's number is not the next one.
        case wrongMoveNumber
        /// The rules refuse a recorded move.
        case moveRefused
        /// Replaying gives another state hash than the log.
        case hashMismatch
        /// Replaying gives another result than the log.
        case resultMismatch
        /// The log ends before its result line.
        case truncated
    }

    /// The line concerned, counting from 1.
    public let line: Int
    /// The kind of problem.
    public let code: Code
    /// A sentence saying what disagrees, with both values where there are two.
    public let message: String

    /// Makes an error.
    public init(line: Int, code: Code, message: String) {
        self.line = line
        self.code = code
        self.message = message
    }

    /// "line 7: hashMismatch: ...".
    public var description: String { "line \(line): \(code.rawValue): \(message)" }
}
