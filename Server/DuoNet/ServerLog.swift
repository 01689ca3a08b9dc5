import Foundation

/// Where a server's log lines go: one line per event, prefixed with the
/// UTC time, to standard error by default.
///
/// A value holding a sink, so tests can collect the lines they expect
/// (a dropped torn journal line, for instance) instead of scraping stderr.
public struct ServerLog: Sendable {
    private let sink: @Sendable (String) -> Void

    /// Makes a log that hands every finished line to `sink`.
    public init(sink: @escaping @Sendable (String) -> Void) {
        self.sink = sink
    }

    /// Lines go to standard error, each prefixed with an ISO 8601 UTC time.
    public static let standardError = ServerLog { line in
        let stamp = Date().formatted(.iso8601)
        FileHandle.standardError.write(Data("\(stamp) \(line)\n".utf8))
    }

    /// Lines go to standard error as JSON objects, one a line, for log
    /// collectors: `{"time":"2026-01-01T12:00:00Z","level":"info","message":"..."}`.
    public static let jsonStandardError = ServerLog { line in
        let stamp = Date().formatted(.iso8601)
        FileHandle.standardError.write(Data("{\"time\":\"\(stamp)\",\"level\":\"info\",\"message\":\(jsonString(line))}\n".utf8))
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
    public static let silent = ServerLog { _ in }

    /// Writes one line.
    public func callAsFunction(_ line: String) {
        sink(line)
    }
}
