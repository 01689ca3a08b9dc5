import Foundation

/// How much a log line matters, from the least: what an operator filters on
/// (`duo-server serve --log-level`) and alerts on.
public enum LogLevel: Int, Comparable, CaseIterable, Sendable, CustomStringConvertible {
    /// Detail for debugging the server: connections opened and closed, syncs.
    case debug
    /// The server's ordinary life: start, matches created, joined, over.
    case info
    /// Something went wrong and nothing was lost, or a client misbehaved:
    /// a torn journal line dropped, a replay not written (the journal kept).
    case warning
    /// Something a player loses by, or an operator must act on: a damaged
    /// journal not resumed, a failed sync that suspends a match.
    case error

    /// The level's name as written in logs and given to `--log-level`.
    public var description: String {
        switch self {
        case .debug: "debug"
        case .info: "info"
        case .warning: "warning"
        case .error: "error"
        }
    }

    /// The level named `name` (`debug`, `info`, `warning`, `error`), nil for any other.
    public init?(name: String) {
        guard let level = Self.allCases.first(where: { $0.description == name }) else { return nil }
        self = level
    }

    /// Orders levels from ``debug`` to ``error``.
    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Where a server's log lines go: one line per event, with its level,
/// prefixed with the UTC time, to standard error by default; lines below
/// the log's ``minimumLevel`` are dropped before they are even formatted.
///
/// A value holding a sink, so tests can collect the lines they expect
/// (a dropped torn journal line, for instance) instead of scraping stderr.
public struct ServerLog: Sendable {
    private let sink: @Sendable (LogLevel, String) -> Void
    /// The least level written; lines below it are dropped.
    public let minimumLevel: LogLevel

    /// Makes a log that hands the message of every line at `minimumLevel`
    /// or above to `sink` (without its level).
    public init(minimumLevel: LogLevel = .info, sink: @escaping @Sendable (String) -> Void) {
        self.minimumLevel = minimumLevel
        self.sink = { _, line in sink(line) }
    }

    /// Makes a log that hands every line at `minimumLevel` or above, with
    /// its level, to `sink`.
    public init(minimumLevel: LogLevel = .info, leveledSink sink: @escaping @Sendable (LogLevel, String) -> Void) {
        self.minimumLevel = minimumLevel
        self.sink = sink
    }

    /// Lines at `info` and above go to standard error, each prefixed with
    /// an ISO 8601 UTC time and its level: `2026-01-01T12:00:00Z info match ...`.
    public static let standardError = standardError(minimumLevel: .info)

    /// Lines at `minimumLevel` and above go to standard error, each
    /// prefixed with an ISO 8601 UTC time and its level.
    public static func standardError(minimumLevel: LogLevel) -> ServerLog {
        ServerLog(minimumLevel: minimumLevel) { level, line in
            let stamp = Date().formatted(.iso8601)
            FileHandle.standardError.write(Data("\(stamp) \(level) \(line)\n".utf8))
        }
    }

    /// Lines at `info` and above go to standard error as JSON objects, one
    /// a line, for log collectors:
    /// `{"time":"2026-01-01T12:00:00Z","level":"info","message":"..."}`.
    public static let jsonStandardError = jsonStandardError(minimumLevel: .info)

    /// Lines at `minimumLevel` and above go to standard error as JSON
    /// objects with their `time`, `level` and `message`.
    public static func jsonStandardError(minimumLevel: LogLevel) -> ServerLog {
        ServerLog(minimumLevel: minimumLevel) { level, line in
            let stamp = Date().formatted(.iso8601)
            FileHandle.standardError.write(Data("{\"time\":\"\(stamp)\",\"level\":\"\(level)\",\"message\":\(jsonString(line))}\n".utf8))
        }
    }

    /// `text` as a JSON string literal (RFC 8259 escapes).
    public static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let control where control.value < 0x20:
                out += "\\u" + String(repeating: "0", count: 4 - String(control.value, radix: 16).count) + String(control.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Lines go nowhere.
    public static let silent = ServerLog(minimumLevel: .error) { _ in }

    /// Whether lines at `level` are written.
    public func logs(_ level: LogLevel) -> Bool { level >= minimumLevel }

    /// Writes one line at `info`.
    public func callAsFunction(_ line: String) {
        write(.info, line)
    }

    /// Writes one line at `level`; the message is only made when the level is written.
    public func callAsFunction(_ level: LogLevel, _ line: @autoclosure () -> String) {
        write(level, line())
    }

    /// Writes one line at `debug` (the message is made only when debug lines are written).
    public func debug(_ line: @autoclosure () -> String) { write(.debug, line()) }
    /// Writes one line at `info`.
    public func info(_ line: @autoclosure () -> String) { write(.info, line()) }
    /// Writes one line at `warning`.
    public func warning(_ line: @autoclosure () -> String) { write(.warning, line()) }
    /// Writes one line at `error`.
    public func error(_ line: @autoclosure () -> String) { write(.error, line()) }

    private func write(_ level: LogLevel, _ line: @autoclosure () -> String) {
        guard level >= minimumLevel else { return }
        sink(level, line())
    }
}
