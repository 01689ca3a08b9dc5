#if canImport(Glibc)
import Glibc
#endif

/// A system call on a socket or file failed: which call, on what, and the
/// `errno` it left, so a log line says exactly what went wrong.
public struct SocketError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The operation that failed, such as `bind` or `connect`.
    public let operation: String
    /// What the operation was working on (an address, a path), if anything.
    public let subject: String
    /// The `errno` value the call left.
    public let code: Int32

    /// Makes an error from an operation name, its subject and an `errno` value.
    public init(_ operation: String, subject: String = "", code: Int32) {
        self.operation = operation
        self.subject = subject
        self.code = code
    }

    /// Captures the current `errno` for a call that just failed.
    static func last(_ operation: String, subject: String = "") -> SocketError {
        SocketError(operation, subject: subject, code: errno)
    }

    /// The operation, its subject and the system's reason, on one line.
    public var description: String {
        let reason = String(cString: strerror(code))
        return subject.isEmpty ? "\(operation): \(reason)" : "\(operation) \(subject): \(reason)"
    }
}
