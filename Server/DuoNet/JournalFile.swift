import CEpoll
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// An append-only file of JSON lines, the durable record of one match.
///
/// Lines are written whole, in order, each with its newline (the lines
/// queued since the last write go out in one `write(2)`), so a crash can
/// only leave whole lines and a *prefix* of the last one on disk: a torn
/// tail, which has no newline. ``JournalFile/read(_:)`` detects it and leaves it
/// out; ``JournalFile/openForAppending(_:log:observer:)`` also cuts it off the
/// file and logs one line naming it, so the next append starts clean. A
/// complete (newline-terminated) line that is not JSON cannot come from a
/// torn write: it is damage, and an error naming the line, wherever it is.
///
/// Durability: ``append(_:)`` only queues; ``writePending()`` writes;
/// ``sync()`` writes what is queued, then (`fsync(2)`) makes everything
/// appended so far survive a power loss. Callers acknowledge
/// nothing before the sync returns (see ``JournalSyncPool``).
///
/// Descriptors: the file holds a descriptor only while it is written. Its
/// owner calls ``close()`` once nothing is being written (no sync in flight)
/// and the next ``append(_:)`` opens it again, so a server hosting many
/// quiet matches holds descriptors only for the ones in play.
public final class JournalFile: @unchecked Sendable {
    // Safe: `descriptor`, `length`, `pending`, `unsynced` and
    // `directoryNeedsSync` are only touched while holding `lock`. `append`
    // and `close` are called by one thread (the owner's loop); `sync` and
    // `writePending` from a pool thread, one write at a time (`writing`).
    // The owner never closes while a sync is in flight, so the descriptor a
    // sync or write took stays valid until it returns.

    /// Hears how long each `fsync` of a journal took (for the metrics).
    public typealias SyncObserver = @Sendable (Duration) -> Void

    /// Where the file is.
    public let url: URL
    private let observer: SyncObserver?
    /// The filesystem it is on (`st_dev`): group commit syncs each once.
    public let device: UInt64
    private var descriptor: Int32
    /// Bytes written to the file.
    private var length: Int
    /// Bytes appended and not yet written (see ``writePending()``).
    private var pending: [UInt8] = []
    private var unsynced = false
    /// Bytes known to be on disk: covered by a successful sync.
    private var durableLength: Int
    private var directoryNeedsSync: Bool
    private let lock = NSLock()
    /// Held across a whole ``writePending()``, so writes keep their order.
    private let writing = NSLock()

    private init(url: URL, descriptor: Int32, length: Int, directoryNeedsSync: Bool, observer: SyncObserver?) {
        self.url = url
        self.descriptor = descriptor
        // A journal read back for appending starts closed: its path tells the filesystem.
        var status = stat()
        let found = descriptor >= 0 ? fstat(descriptor, &status) : stat(url.path, &status)
        device = found == 0 ? UInt64(status.st_dev) : 0
        self.length = length
        // What a journal holds when it is read back is what survived.
        self.durableLength = length
        self.directoryNeedsSync = directoryNeedsSync
        self.observer = observer
    }

    deinit {
        // A safety net only: owners close explicitly (see `close()`).
        if descriptor >= 0 { Glibc.close(descriptor) }
    }

    /// Creates a new, empty journal; fails if the file exists.
    /// - Throws: ``JournalError/io(_:)``.
    public static func create(_ url: URL, observer: SyncObserver? = nil) throws(JournalError) -> JournalFile {
        let descriptor = Glibc.open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .io(SocketError.last("create", subject: url.path)) }
        // The new directory entry must reach the disk too: the first sync does it.
        return JournalFile(url: url, descriptor: descriptor, length: 0, directoryNeedsSync: true, observer: observer)
    }

    /// Makes an empty spare journal at `url` ahead of need (fails if the
    /// file exists), to be claimed later by ``claim(spare:as:observer:)``.
    ///
    /// Creating a file allocates an inode, the costly part of a new journal
    /// (on a busy ext4 without a journal of its own it scans past every
    /// recently deleted inode); made by a pool thread in advance, it is
    /// never paid on the loop.
    /// - Throws: ``JournalError/io(_:)``.
    public static func createSpare(_ url: URL) throws(JournalError) {
        let descriptor = Glibc.open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .io(SocketError.last("create", subject: url.path)) }
        Glibc.close(descriptor)
    }

    /// Makes the spare at `spare` (from ``createSpare(_:)``, on the same
    /// filesystem) the new, empty journal at `url`: a rename that fails if
    /// `url` exists, like ``create(_:observer:)``. The new directory entry
    /// is synced by the first sync, as a created file's is.
    /// - Throws: ``JournalError/io(_:)``; the spare is then not at `url`
    ///   (and may be gone).
    public static func claim(spare: URL, as url: URL, observer: SyncObserver? = nil) throws(JournalError) -> JournalFile {
        guard duo_rename_noreplace(spare.path, url.path) == 0 else { throw .io(SocketError.last("rename", subject: url.path)) }
        let descriptor = Glibc.open(url.path, O_WRONLY | O_APPEND | O_CLOEXEC)
        var status = stat()
        guard descriptor >= 0, fstat(descriptor, &status) == 0, status.st_size == 0 else {
            // Not a usable empty file after all: it must not pass for this match's journal.
            let error = SocketError("claim", subject: url.path, code: descriptor >= 0 ? EEXIST : errno)
            if descriptor >= 0 { Glibc.close(descriptor) }
            unlink(url.path)
            throw .io(error)
        }
        return JournalFile(url: url, descriptor: descriptor, length: 0, directoryNeedsSync: true, observer: observer)
    }

    /// Opens an existing journal to append to it, after reading it back.
    ///
    /// A torn last line is cut off the file and reported to `log`. The file
    /// is left closed (it opens again on the next append).
    /// - Returns: the file and the lines it holds.
    /// - Throws: ``JournalError`` when the file cannot be read or a complete
    ///   line is not valid JSON.
    public static func openForAppending(
        _ url: URL, log: ServerLog,
        observer: SyncObserver? = nil
    ) throws(JournalError) -> (file: JournalFile, contents: JournalContents) {
        let contents = try read(url)
        if let torn = contents.tornTail {
            let descriptor = Glibc.open(url.path, O_WRONLY | O_APPEND | O_CLOEXEC)
            guard descriptor >= 0 else { throw .io(SocketError.last("open", subject: url.path)) }
            defer { Glibc.close(descriptor) }
            log.warning("journal \(url.lastPathComponent): dropped a torn last line (line \(torn.line), \(torn.byteCount) bytes: \(torn.reason))")
            guard ftruncate(descriptor, off_t(torn.offset)) == 0, fsync(descriptor) == 0 else {
                throw .io(SocketError.last("truncate", subject: url.path))
            }
        }
        let file = JournalFile(url: url, descriptor: -1, length: contents.validByteCount, directoryNeedsSync: false, observer: observer)
        return (file, contents)
    }

    /// Reads a journal without changing it.
    /// - Throws: ``JournalError/io(_:)`` when the file cannot be read;
    ///   ``JournalError/corruptLine(number:reason:)`` when a complete line is
    ///   not valid JSON.
    public static func read(_ url: URL) throws(JournalError) -> JournalContents {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .io(SocketError("read", subject: url.path, code: (error as NSError).code == NSFileReadNoSuchFileError ? ENOENT : EIO))
        }
        return try JournalContents(parsing: [UInt8](data))
    }

    /// Bytes of whole lines in the file, those appended and not yet written included.
    public var byteCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return length + pending.count
    }

    /// Bytes of whole lines written to the file (those queued excluded).
    public var writtenByteCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return length
    }

    /// Bytes a crash cannot take back: those covered by a sync that
    /// returned (the file's own `fsync`, or a `syncfs` that covered it).
    /// What a power loss would leave is this prefix, or more.
    public var durableByteCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return durableLength
    }

    /// Whether the file's entry in its directory is on disk (a new file's
    /// is not until its first sync: a crash before that may leave no file).
    public var isNameDurable: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !directoryNeedsSync
    }

    /// Whether the file holds a descriptor now.
    public var isOpen: Bool {
        lock.lock()
        defer { lock.unlock() }
        return descriptor >= 0
    }

    /// Queues `line` and a newline for the end of the file (no write yet,
    /// no sync), opening the file first when it is closed.
    ///
    /// The bytes reach the file with the next ``writePending()``, which the
    /// next ``sync()`` or ``close()`` does first (a ``JournalSyncPool`` does
    /// it on its own thread): the loop that appends never waits for the
    /// filesystem, and the lines of one journal queued between two syncs go
    /// out in one `write(2)`.
    /// - Throws: ``JournalError/io(_:)`` when the file cannot be opened.
    public func append(_ line: [UInt8]) throws(JournalError) {
        var failure: JournalError?
        line.withUnsafeBytes { bytes in
            do throws(JournalError) { try append(bytes) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Queues the line in `line` and a newline, as the array version does.
    /// - Throws: ``JournalError/io(_:)`` when the file cannot be opened.
    public func append(_ line: UnsafeRawBufferPointer) throws(JournalError) {
        lock.lock()
        defer { lock.unlock() }
        if descriptor < 0 {
            // No O_CREAT: a journal removed behind the server's back is an error, not a fresh file.
            descriptor = Glibc.open(url.path, O_WRONLY | O_APPEND | O_CLOEXEC)
            guard descriptor >= 0 else { throw .io(SocketError.last("open", subject: url.path)) }
        }
        pending.append(contentsOf: line)
        pending.append(0x0A)
        unsynced = true
    }

    /// Writes the lines queued by ``append(_:)`` since the last write, in
    /// order, with one `write(2)` (more only when the system takes part).
    /// Writes of one file never overlap, whichever threads call this.
    /// - Throws: ``JournalError/io(_:)``; the queued lines are then dropped
    ///   and the file is left without a partial line.
    public func writePending() throws(JournalError) {
        writing.lock()
        defer { writing.unlock() }
        lock.lock()
        var bytes = pending
        pending = []
        let descriptor = self.descriptor
        let start = length
        lock.unlock()
        guard !bytes.isEmpty else { return }
        defer {
            // The buffer goes back for the next lines (a small one: most are a line or two).
            bytes.removeAll(keepingCapacity: true)
            lock.lock()
            if pending.isEmpty && bytes.capacity <= 16 * 1024 { pending = bytes }
            lock.unlock()
        }
        guard descriptor >= 0 else { throw .io(SocketError("write", subject: url.path, code: EBADF)) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count > 0 {
                written += count
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                let error = SocketError.last("write", subject: url.path)
                // Take back the partial lines so the file ends on a whole line.
                _ = ftruncate(descriptor, off_t(start))
                throw .io(error)
            }
        }
        lock.lock()
        length += bytes.count
        lock.unlock()
    }

    /// Makes every appended line durable (`fsync`), and the file's entry in
    /// its directory when the file is new. A closed file has nothing to sync
    /// (``close()`` synced what was left).
    /// - Throws: ``JournalError/io(_:)``.
    public func sync() throws(JournalError) {
        try writePending()
        lock.lock()
        let descriptor = self.descriptor
        let written = length
        // Lines queued since the write above are not covered by this fsync.
        if pending.isEmpty { unsynced = false }
        lock.unlock()
        guard descriptor >= 0 else { return }
        let start = ContinuousClock.now
        guard fsync(descriptor) == 0 else {
            lock.lock()
            unsynced = true
            lock.unlock()
            throw .io(SocketError.last("fsync", subject: url.path))
        }
        lock.lock()
        durableLength = max(durableLength, written)
        lock.unlock()
        observer?(ContinuousClock.now - start)
        try syncDirectoryIfNew()
    }

    private func syncDirectoryIfNew() throws(JournalError) {
        lock.lock()
        defer { lock.unlock() }
        guard directoryNeedsSync else { return }
        let directoryURL = url.deletingLastPathComponent()
        let directory = Glibc.open(directoryURL.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { throw .io(SocketError.last("open", subject: directoryURL.path)) }
        defer { Glibc.close(directory) }
        guard fsync(directory) == 0 else { throw .io(SocketError.last("fsync", subject: directoryURL.path)) }
        directoryNeedsSync = false
    }

    /// Gives the descriptor back (harmless when already closed); the next
    /// ``append(_:)`` opens the file again. Lines appended and not yet
    /// synced are synced first. Call it only while no ``sync()`` runs.
    /// - Throws: ``JournalError/io(_:)`` when that last sync fails (the
    ///   descriptor is closed all the same).
    public func close() throws(JournalError) {
        var failure: JournalError?
        do throws(JournalError) { try writePending() } catch { failure = error }
        lock.lock()
        let descriptor = self.descriptor
        let needsSync = unsynced || directoryNeedsSync
        let written = length
        self.descriptor = -1
        unsynced = false
        lock.unlock()
        guard descriptor >= 0 else {
            if let failure { throw failure }
            return
        }
        defer { Glibc.close(descriptor) }
        if let failure { throw failure }
        if needsSync {
            guard fsync(descriptor) == 0 else { throw .io(SocketError.last("fsync", subject: url.path)) }
            lock.lock()
            durableLength = max(durableLength, written)
            lock.unlock()
            try syncDirectoryIfNew()
        }
    }

    /// Tells the file's observer how long a sync that covered it took,
    /// when that sync was not the file's own (group commit's `syncfs`).
    public func syncCovered(taking duration: Duration) {
        observer?(duration)
    }

    /// Records that the file's directory entry is on disk (a `syncfs` of
    /// its filesystem wrote it), so the next ``sync()`` need not sync the directory.
    public func directoryIsSynced() {
        lock.lock()
        directoryNeedsSync = false
        lock.unlock()
    }

    /// Records that a sync which was not the file's own (group commit's
    /// `syncfs`) made its first `byteCount` bytes durable: when nothing was
    /// appended since, ``close()`` has nothing left to sync, and the loop
    /// that closes a finished match's journal never waits for an `fsync`.
    /// - Parameter byteCount: ``writtenByteCount`` as it was before that sync started.
    public func contentsAreSynced(upTo byteCount: Int) {
        lock.lock()
        if length == byteCount && pending.isEmpty { unsynced = false }
        durableLength = max(durableLength, byteCount)
        lock.unlock()
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
    /// - Throws: ``JournalError/corruptLine(number:reason:)`` for a complete
    ///   line (one that ends with a newline) that is not valid JSON: a torn
    ///   write never leaves one, so it is damage, last line or not.
    public init(parsing bytes: [UInt8]) throws(JournalError) {
        var lines: [[UInt8]] = []
        var start = 0
        var tornTail: TornTail?
        while start < bytes.count {
            guard let newline = bytes[start...].firstIndex(of: 0x0A) else {
                tornTail = TornTail(line: lines.count + 1, offset: start, byteCount: bytes.count - start, reason: "no newline at the end")
                break
            }
            let line = Array(bytes[start..<newline])
            guard JournalContents.isJSON(line) else {
                let last = newline == bytes.count - 1
                throw .corruptLine(number: lines.count + 1, reason: last ? "the last line is complete but not valid JSON" : "not valid JSON")
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
    /// Its line number (from 1).
    public var line: Int
    /// Where the line began, in bytes from the start of the file.
    public var offset: Int
    /// How many bytes it had.
    public var byteCount: Int
    /// Why it was judged torn.
    public var reason: String

    /// Describes torn line number `line`, found at `offset`.
    public init(line: Int, offset: Int, byteCount: Int, reason: String) {
        self.line = line
        self.offset = offset
        self.byteCount = byteCount
        self.reason = reason
    }
}

/// A journal could not be read or written.
public enum JournalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A system call failed.
    case io(SocketError)
    /// Line `number` (from 1) is complete (ends with a newline) but damaged.
    case corruptLine(number: Int, reason: String)

    /// The error as one line.
    public var description: String {
        switch self {
        case .io(let error): "\(error)"
        case .corruptLine(let number, let reason): "line \(number): \(reason)"
        }
    }
}
