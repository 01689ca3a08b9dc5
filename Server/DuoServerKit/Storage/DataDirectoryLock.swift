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
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
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
