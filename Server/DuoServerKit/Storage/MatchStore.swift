import DuoNet
import Foundation

#if canImport(Glibc)
import DuoClient
import Glibc
#endif

/// The server's data directory:
///
///     DATA/matches/<CODE>.jsonl   journal of each unfinished match
///     DATA/replays/<CODE>.jsonl   replay of each finished match
///     DATA/spare/                 empty files made ahead, renamed into
///                                 matches/ as new journals (never read)
///
/// Journals are created, appended and synced through `JournalFile`;
/// a finished match's replay is written to a temporary file, synced and
/// renamed into place before its journal is removed, so a crash at any
/// moment leaves either the journal or the replay (or both, which the next
/// start resolves), never neither.
public struct MatchStore: Sendable {
    /// The data directory.
    public let root: URL

    /// Opens (creating as needed, private to the user) the data directory.
    /// - Throws: `SocketError` when a directory cannot be made.
    public init(root: URL) throws {
        self.root = root
        for directory in [root, matchesDirectory, replaysDirectory, spareDirectory] {
            do {
                try FileManager.default.createDirectory(
                    at: directory, withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o700])
            } catch {
                throw SocketError("create directory", subject: directory.path, code: EACCES)
            }
        }
    }

    /// The store at `root` without making its folders (the server that
    /// uses the directory makes them).
    init(existing root: URL) {
        self.root = root
    }

    /// Where journals of unfinished matches are.
    public var matchesDirectory: URL { root.appendingPathComponent("matches", isDirectory: true) }
    /// Where replays of finished matches are.
    public var replaysDirectory: URL { root.appendingPathComponent("replays", isDirectory: true) }

    /// Where spare journals wait to be claimed (see `JournalFile.createSpare(_:)`).
    public var spareDirectory: URL { root.appendingPathComponent("spare", isDirectory: true) }

    /// The spare journals present (left by an earlier run, for instance).
    public func spareJournals() -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: spareDirectory.path)) ?? []
        return names.sorted().map { spareDirectory.appendingPathComponent($0) }
    }

    /// The journal of match `code`.
    public func journalURL(_ code: String) -> URL { matchesDirectory.appendingPathComponent(code + ".jsonl") }
    /// The replay of finished match `code`.
    public func replayURL(_ code: String) -> URL { replaysDirectory.appendingPathComponent(code + ".jsonl") }

    /// Whether a journal or replay already uses `code`.
    public func isTaken(_ code: String) -> Bool {
        FileManager.default.fileExists(atPath: journalURL(code).path) || FileManager.default.fileExists(atPath: replayURL(code).path)
    }

    /// The journals present, sorted by name.
    public func journals() -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: matchesDirectory.path)) ?? []
        return names.filter { $0.hasSuffix(".jsonl") }.sorted().map { matchesDirectory.appendingPathComponent($0) }
    }

    /// Writes the replay of a finished match durably, then removes its journal.
    /// - Throws: `JournalError` when the replay cannot be written
    ///   (the journal is then kept, so nothing is lost).
    public func archive(code: String, replay: Data) throws(JournalError) {
        let final = replayURL(code)
        let temporary = replaysDirectory.appendingPathComponent(".\(code).jsonl.partial")
        try? FileManager.default.removeItem(at: temporary)
        let file = try JournalFile.create(temporary)
        var lines = [UInt8](replay)
        if lines.last == 0x0A { lines.removeLast() }
        do {
            try file.appendDurably(lines)
            try file.close()
        } catch {
            try? file.close()
            throw error
        }
        guard rename(temporary.path, final.path) == 0 else {
            throw .io(SocketError("rename", subject: final.path, code: errno))
        }
        try Self.syncDirectory(replaysDirectory)
        guard unlink(journalURL(code).path) == 0 || errno == ENOENT else {
            throw .io(SocketError("unlink", subject: journalURL(code).path, code: errno))
        }
        try Self.syncDirectory(matchesDirectory)
    }

    private static func syncDirectory(_ url: URL) throws(JournalError) {
        let descriptor = open(url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .io(SocketError("open", subject: url.path, code: errno)) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw .io(SocketError("fsync", subject: url.path, code: errno)) }
    }
}
