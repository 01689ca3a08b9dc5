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

    /// Lines go nowhere.
    public static let silent = ServerLog { _ in }

    /// Writes one line.
    public func callAsFunction(_ line: String) {
        sink(line)
    }
}
