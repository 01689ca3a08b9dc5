#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// An append-only file of JSON lines, the durable record of one match.
///
/// A line is written with one `write(2)` of the line and its newline, so a
/// crash can only leave a *prefix* of the last line on disk: a torn tail.
/// ``JournalFile/read(_:)`` detects it (no newline, or not valid JSON) and
/// leaves it out; ``JournalFile/openForAppending(_:log:)`` also cuts it off
/// the file and logs one line, so the next append starts clean. A bad line
/// anywhere else is real corruption and an error naming the line.
///
/// Durability: ``append(_:)`` only writes; ``sync()`` (`fsync(2)`) makes
/// everything appended so far survive a power loss. Callers acknowledge
/// nothing before the sync returns (see ``JournalSyncPool``).
public final class JournalFile: @unchecked Sendable {
    // Safe: `length` is only changed by `append`, which one thread (the
    // owner's loop) calls; `sync` from a pool thread reads `descriptor` and
    // touches `directoryNeedsSync` under `directoryLock` only.

    /// Where the file is.
    public let url: URL
    /// The filesystem it is on (`st_dev`): group commit syncs each once.
    public let device: UInt64
    private let descriptor: Int32
    private var length: Int
    private var directoryNeedsSync: Bool
    private let directoryLock = NSLock()

    private init(url: URL, descriptor: Int32, length: Int, directoryNeedsSync: Bool) {
        self.url = url
        self.descriptor = descriptor
        var status = stat()
        device = fstat(descriptor, &status) == 0 ? UInt64(status.st_dev) : 0
        self.length = length
        self.directoryNeedsSync = directoryNeedsSync
    }

    deinit {
        Glibc.close(descriptor)
    }

    /// Creates a new, empty journal; fails if the file exists.
    /// - Throws: ``JournalError/io(_:)``.
    public static func create(_ url: URL) throws(JournalError) -> JournalFile {
        let descriptor = Glibc.open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .io(SocketError.last("create", subject: url.path)) }
        // The new directory entry must reach the disk too: the first sync does it.
        return JournalFile(url: url, descriptor: descriptor, length: 0, directoryNeedsSync: true)
    }

    /// Opens an existing journal to append to it, after reading it back.
    ///
    /// A torn last line is cut off the file and reported to `log`.
    /// - Returns: the open file and the lines it holds.
    /// - Throws: ``JournalError`` when the file cannot be read or a line
    ///   other than the last is not valid JSON.
    public static func openForAppending(_ url: URL, log: ServerLog) throws(JournalError) -> (file: JournalFile, contents: JournalContents) {
        let contents = try read(url)
        let descriptor = Glibc.open(url.path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard descriptor >= 0 else { throw .io(SocketError.last("open", subject: url.path)) }
        if let torn = contents.tornTail {
            log("journal \(url.lastPathComponent): dropped a torn last line (\(torn.byteCount) bytes at offset \(torn.offset): \(torn.reason))")
            guard ftruncate(descriptor, off_t(torn.offset)) == 0, fsync(descriptor) == 0 else {
                let error = SocketError.last("truncate", subject: url.path)
                Glibc.close(descriptor)
                throw .io(error)
            }
        }
        let file = JournalFile(url: url, descriptor: descriptor, length: contents.validByteCount, directoryNeedsSync: false)
        return (file, contents)
    }

    /// Reads a journal without changing it.
    /// - Throws: ``JournalError/io(_:)`` when the file cannot be read;
    ///   ``JournalError/corruptLine(number:reason:)`` when a line other than
    ///   the last is not valid JSON.
    public static func read(_ url: URL) throws(JournalError) -> JournalContents {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .io(SocketError("read", subject: url.path, code: (error as NSError).code == NSFileReadNoSuchFileError ? ENOENT : EIO))
        }
        return try JournalContents(parsing: [UInt8](data))
    }

    /// Bytes of whole lines in the file.
    public var byteCount: Int { length }

    /// Writes `line` and a newline at the end of the file (no sync).
    /// - Throws: ``JournalError/io(_:)``; the file is left without a
    ///   partial line when the write fails part-way.
    public func append(_ line: [UInt8]) throws(JournalError) {
        var bytes = line
        bytes.append(0x0A)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count > 0 {
                written += count
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                let error = SocketError.last("write", subject: url.path)
                // Take back the partial line so the next append starts clean.
                _ = ftruncate(descriptor, off_t(length))
                throw .io(error)
            }
        }
        length += bytes.count
    }

    /// Makes every appended line durable (`fsync`), and the file's entry in
    /// its directory when the file is new.
    /// - Throws: ``JournalError/io(_:)``.
    public func sync() throws(JournalError) {
        guard fsync(descriptor) == 0 else { throw .io(SocketError.last("fsync", subject: url.path)) }
        directoryLock.lock()
        defer { directoryLock.unlock() }
        if directoryNeedsSync {
            let directory = Glibc.open(url.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard directory >= 0 else { throw .io(SocketError.last("open", subject: url.deletingLastPathComponent().path)) }
            defer { Glibc.close(directory) }
            guard fsync(directory) == 0 else { throw .io(SocketError.last("fsync", subject: url.deletingLastPathComponent().path)) }
            directoryNeedsSync = false
        }
    }

    /// Records that the file's directory entry is on disk (a `syncfs` of
    /// its filesystem wrote it), so the next ``sync()`` need not sync the directory.
    public func directoryIsSynced() {
        directoryLock.lock()
        directoryNeedsSync = false
        directoryLock.unlock()
    }

    /// Appends and syncs in one call (for callers that may block).
    public func appendDurably(_ line: [UInt8]) throws(JournalError) {
        try append(line)
        try sync()
    }
}

/// The lines of a journal as read back, and what was left out.
public struct JournalContents: Sendable, Equatable {
    /// Every whole, valid line, without newlines, in file order.
    public var lines: [[UInt8]]
    /// The torn last line that was left out, if there was one.
    public var tornTail: TornTail?
    /// Bytes taken by the whole lines (where a torn tail begins).
    public var validByteCount: Int

    /// Splits and checks journal bytes.
    /// - Throws: ``JournalError/corruptLine(number:reason:)`` for a bad line
    ///   that is not the last.
    public init(parsing bytes: [UInt8]) throws(JournalError) {
        var lines: [[UInt8]] = []
        var start = 0
        var tornTail: TornTail?
        while start < bytes.count {
            guard let newline = bytes[start...].firstIndex(of: 0x0A) else {
                tornTail = TornTail(offset: start, byteCount: bytes.count - start, reason: "no newline at the end")
                break
            }
            let line = Array(bytes[start..<newline])
            if !JournalContents.isJSON(line) {
                guard newline == bytes.count - 1 else {
                    throw .corruptLine(number: lines.count + 1, reason: "not valid JSON")
                }
                tornTail = TornTail(offset: start, byteCount: bytes.count - start, reason: "not valid JSON")
                break
            }
            lines.append(line)
            start = newline + 1
        }
        self.lines = lines
        self.tornTail = tornTail
        self.validByteCount = tornTail?.offset ?? bytes.count
    }

    private static func isJSON(_ line: [UInt8]) -> Bool {
        guard !line.isEmpty else { return false }
        return (try? JSONSerialization.jsonObject(with: Data(line), options: [.fragmentsAllowed])) != nil
    }
}

/// An incomplete last line found in a journal (left by a crash mid-write).
public struct TornTail: Sendable, Equatable {
    /// Where the line began, in bytes from the start of the file.
    public var offset: Int
    /// How many bytes it had.
    public var byteCount: Int
    /// Why it was judged torn.
    public var reason: String

    /// Describes a torn line found at `offset`.
    public init(offset: Int, byteCount: Int, reason: String) {
        self.offset = offset
        self.byteCount = byteCount
        self.reason = reason
    }
}

/// A journal could not be read or written.
public enum JournalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A system call failed.
    case io(SocketError)
    /// Line `number` (from 1) is damaged and is not the last line.
    case corruptLine(number: Int, reason: String)

    /// The error as one line.
    public var description: String {
        switch self {
        case .io(let error): "\(error)"
        case .corruptLine(let number, let reason): "line \(number): \(reason)"
        }
    }
}
