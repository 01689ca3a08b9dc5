import DuoNet
import Foundation

#if canImport(Glibc)
import DuoClient
import Glibc
#endif

/// An exclusive lock on a data directory (`DATA/lock`, `flock(2)`), held
/// while a server runs: two servers appending to the same journals would
/// corrupt them, so the second one refuses to start. The kernel drops the
/// lock when the process dies, even by `kill -9`, so a crash never leaves
/// a stale lock behind.
final class DataDirectoryLock {
    /// The lock file's descriptor; -1 once closed (a throwing initialiser
    /// still runs `deinit`, which must not close the number a second time).
    private var descriptor: Int32

    /// Takes the lock.
    /// - Throws: ``DataDirectoryLockError`` when another process holds it.
    init(directory: URL) throws {
        let path = directory.appendingPathComponent("lock").path
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw SocketError("open", subject: path, code: errno) }
        guard Self.lock(descriptor) == 0 else {
            let code = errno
            close(descriptor)
            descriptor = -1
            if code == EWOULDBLOCK { throw DataDirectoryLockError(directory: directory.path) }
            throw SocketError("lock", subject: path, code: code)
        }
        // The holder's pid, for whoever wonders who holds it.
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = pid.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    /// How long a held lock is waited for before the directory is called
    /// taken: a holder that just let go may still have a copy of its
    /// descriptor in a child process between `fork` and `exec` (the copy
    /// holds the lock until `exec` closes it, `O_CLOEXEC` or not), which on a
    /// loaded machine lasts milliseconds. A server really running keeps it
    /// for good, so waiting this long only delays its refusal.
    static let graceMilliseconds = 500

    /// `flock(LOCK_EX | LOCK_NB)`, tried again every 5 ms for
    /// ``graceMilliseconds`` while the lock is held; 0 or -1 with `errno`.
    private static func lock(_ descriptor: Int32) -> Int32 {
        var waited = 0
        while true {
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return 0 }
            guard errno == EWOULDBLOCK, waited < graceMilliseconds else { return -1 }
            usleep(5_000)
            waited += 5
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }
}

/// Another server already uses the data directory.
public struct DataDirectoryLockError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The directory.
    public let directory: String
    /// The error as one line, naming the directory.
    public var description: String {
        "another duo-server is using \(directory) (its pid is in \(directory)/lock); one data directory serves one server"
    }
}
