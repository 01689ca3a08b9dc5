import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One running child process of an outside bot, spoken to in JSON lines:
/// one line written to its standard input, at most one line read back from
/// its standard output within a time limit.
///
/// The child is started in a process group of its own, and ending it ends
/// the whole group: whatever the bot started (an engine it runs, a `sleep`
/// in a shell script) goes with it.
///
/// Used by one batch worker at a time (not shared between threads). When the
/// child dies, hangs or talks nonsense it is killed, and the next match
/// starts a fresh one, so a broken bot costs only the match it broke.
public final class ExternalBotProcess {
    /// What the process runs.
    public let command: ExternalBotCommand
    /// The time a fresh process has on top of the move time for its first answer.
    public let startUpAllowanceMilliseconds: Int
    private var child: pid_t = 0
    private var inputDescriptor: Int32 = -1
    private var outputDescriptor: Int32 = -1
    private var buffer: [UInt8] = []
    private var awaitingFirstAnswer = false

    /// The default of ``startUpAllowanceMilliseconds``: an interpreter's start-up is not the bot's thinking.
    public static let defaultStartUpAllowanceMilliseconds = 5000

    /// The longest line accepted from a bot (a move is far shorter).
    public static let maximumLineBytes = 1 << 20

    /// A process not started yet: it starts on the first ``send(_:)``.
    /// - Parameters:
    ///   - command: the program to run.
    ///   - startUpAllowanceMilliseconds: the time a fresh process has on top of the move time for its first answer.
    public init(command: ExternalBotCommand, startUpAllowanceMilliseconds: Int = defaultStartUpAllowanceMilliseconds) {
        self.command = command
        self.startUpAllowanceMilliseconds = startUpAllowanceMilliseconds
    }

    deinit { stop() }

    /// Why talking to the child failed: the sentence a forfeit names.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// The sentence, e.g. "crashed (exit status 3)".
        public let reason: String
        /// Makes a failure.
        public init(_ reason: String) { self.reason = reason }
        public var description: String { reason }
    }

    /// The process ID of the running child (also its process group's), or nil when none runs.
    public var processIdentifier: Int32? { child > 0 ? child : nil }

    /// Writes `line` (without its newline) to the child, starting it if needed.
    /// - Throws: ``Failure`` when it cannot be started or has gone.
    public func send(_ line: String) throws(Failure) {
        if child == 0 { try start() }
        let bytes = Array((line + "\n").utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBufferPointer { Glibc.write(inputDescriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw exitFailure(default: "closed its standard input")
            }
            written += count
        }
    }

    /// The next line the child writes, waiting at most `milliseconds` (plus
    /// ``startUpAllowanceMilliseconds`` for a process's first answer).
    /// - Throws: ``Failure`` naming a crash (end of output), a hang (no line in
    ///   time, naming the limit that applied) or an over-long line.
    public func receiveLine(within milliseconds: Int) throws(Failure) -> String {
        let allowance = awaitingFirstAnswer ? startUpAllowanceMilliseconds : 0
        awaitingFirstAnswer = false
        let deadline = ContinuousClock.now + .milliseconds(milliseconds + allowance)
        // Only the bytes read since the last look are searched for the newline (a long line is not scanned again and again).
        var scanned = 0
        while true {
            if let newline = buffer[scanned...].firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            scanned = buffer.count
            guard buffer.count <= Self.maximumLineBytes else {
                throw Failure("wrote a line longer than \(Self.maximumLineBytes) bytes")
            }
            let left = ContinuousClock.now.duration(to: deadline)
            let leftMilliseconds = Int(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
            guard leftMilliseconds > 0 else {
                guard allowance > 0 else { throw Failure("sent no move within \(milliseconds) ms") }
                throw Failure(
                    "sent no move within \(milliseconds + allowance) ms (its first answer: the \(milliseconds) ms move time "
                        + "and \(allowance) ms for a fresh process to start)")
            }
            var poller = pollfd(fd: outputDescriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(leftMilliseconds, Int(Int32.max))))
            if ready < 0 {
                if errno == EINTR { continue }
                throw Failure("cannot be read from (errno \(errno))")
            }
            if ready == 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBufferPointer { Glibc.read(outputDescriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw Failure("cannot be read from (errno \(errno))")
            }
            if count == 0 { throw exitFailure(default: "closed its standard output") }
            buffer.append(contentsOf: chunk[..<count])
        }
    }

    /// Ends the child and its process group (if running) and forgets it; the next send starts a new one.
    /// - Parameter graceful: first close its input and give it 200 ms to
    ///   exit by itself (the end of a batch); otherwise kill it at once (a
    ///   child that hung, broke the protocol or forfeited). Either way, what
    ///   is left of its process group is killed.
    public func stop(graceful: Bool = false) {
        if child > 0 {
            if graceful {
                closeInput()
                let deadline = ContinuousClock.now + .milliseconds(200)
                while !hasExited() && ContinuousClock.now < deadline { usleep(1000) }
            }
            // The group is killed before the leader is reaped: while it is a
            // zombie its ID cannot be reused, so the signal reaches only its own group.
            kill(-child, SIGKILL)
            _ = reap()
        }
        closeInput()
        if outputDescriptor >= 0 { close(outputDescriptor) }
        outputDescriptor = -1
        buffer = []
    }

    private func closeInput() {
        if inputDescriptor >= 0 { close(inputDescriptor) }
        inputDescriptor = -1
    }

    /// Held from making a child's pipes to its start, so that no other
    /// worker's child is started in between and inherits them (the Glibc
    /// module has no `pipe2`: close-on-exec is set just after `pipe`).
    private static let spawnLock = NSLock()

    private func start() throws(Failure) {
        // A child that dies while we write must give us EPIPE, not kill us.
        signal(SIGPIPE, SIG_IGN)
        Self.spawnLock.lock()
        defer { Self.spawnLock.unlock() }
        var toChild: [Int32] = [-1, -1]
        var fromChild: [Int32] = [-1, -1]
        guard pipe(&toChild) == 0 else { throw Failure("cannot be started: no pipe (errno \(errno))") }
        guard pipe(&fromChild) == 0 else {
            close(toChild[0])
            close(toChild[1])
            throw Failure("cannot be started: no pipe (errno \(errno))")
        }
        for descriptor in toChild + fromChild { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 clears close-on-exec on 0 and 1; every other descriptor of ours is close-on-exec.
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group (ID = its PID), default signal handling (we
        // ignore SIGPIPE; the child must not inherit that), no blocked signals.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let words = [command.executable] + command.arguments
        var argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, command.executable, &actions, &attributes, &argv, environ)
        close(toChild[0])
        close(fromChild[1])
        guard status == 0 else {
            close(toChild[1])
            close(fromChild[0])
            throw Failure("cannot be started: \(String(cString: strerror(status)))")
        }
        child = pid
        inputDescriptor = toChild[1]
        outputDescriptor = fromChild[0]
        awaitingFirstAnswer = true
    }

    /// Whether the child has exited (without reaping it).
    private func hasExited() -> Bool {
        guard child > 0 else { return true }
        var info = siginfo_t()
        guard waitid(P_PID, id_t(child), &info, WEXITED | WNOHANG | WNOWAIT) == 0 else { return true }
        return info.si_signo == SIGCHLD
    }

    /// Waits for the child to end and returns its wait status; the child is forgotten.
    private func reap() -> Int32 {
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        child = 0
        return status
    }

    /// The failure of a child whose output or input closed: its exit status or
    /// signal once it has exited (what it left running is killed), else `text`.
    private func exitFailure(default text: String) -> Failure {
        guard child > 0 else { return Failure(text) }
        // The pipe closed: the child is probably exiting; give it a moment.
        let deadline = ContinuousClock.now + .milliseconds(500)
        while !hasExited() && ContinuousClock.now < deadline { usleep(1000) }
        guard hasExited() else { return Failure(text) }
        kill(-child, SIGKILL)
        let status = reap()
        let signal = status & 0x7F
        if signal == 0 { return Failure("crashed (exit status \((status >> 8) & 0xFF))") }
        return Failure("crashed (killed by signal \(signal))")
    }
}
