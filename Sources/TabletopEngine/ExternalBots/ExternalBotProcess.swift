import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One running child process of an outside bot, spoken to in JSON lines:
/// one line written to its standard input, at most one line read back from
/// its standard output within a time limit.
///
/// Used by one batch worker at a time (not shared between threads). When the
/// child dies, hangs or talks nonsense it is killed, and the next match
/// starts a fresh one, so a broken bot costs only the match it broke.
public final class ExternalBotProcess {
    /// What the process runs.
    public let command: ExternalBotCommand
    private var process: Process?
    private var input: FileHandle?
    private var outputDescriptor: Int32 = -1
    private var buffer: [UInt8] = []
    private var awaitingFirstAnswer = false

    /// The time a freshly started process has on top of the move time for
    /// its first answer: an interpreter's start-up is not the bot's thinking.
    public static let startUpAllowanceMilliseconds = 5000

    /// A process not started yet: it starts on the first ``send(_:)``.
    public init(command: ExternalBotCommand) {
        self.command = command
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

    /// Writes `line` (without its newline) to the child, starting it if needed.
    /// - Throws: ``Failure`` when it cannot be started or has gone.
    public func send(_ line: String) throws(Failure) {
        if process == nil { try start() }
        let bytes = Array((line + "\n").utf8)
        var written = 0
        guard let descriptor = input?.fileDescriptor else { throw Failure("not running") }
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBufferPointer { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw exitFailure(default: "closed its standard input")
            }
            written += count
        }
    }

    /// The next line the child writes, waiting at most `milliseconds` (plus
    /// ``startUpAllowanceMilliseconds`` for a process's first answer).
    /// - Throws: ``Failure`` naming a crash (end of output), a hang (no line in time) or an over-long line.
    public func receiveLine(within milliseconds: Int) throws(Failure) -> String {
        let allowance = awaitingFirstAnswer ? Self.startUpAllowanceMilliseconds : 0
        awaitingFirstAnswer = false
        let deadline = ContinuousClock.now + .milliseconds(milliseconds + allowance)
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            guard buffer.count <= Self.maximumLineBytes else {
                throw Failure("wrote a line longer than \(Self.maximumLineBytes) bytes")
            }
            let left = ContinuousClock.now.duration(to: deadline)
            let leftMilliseconds = Int(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
            guard leftMilliseconds > 0 else { throw Failure("sent no move within \(milliseconds) ms") }
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

    /// The longest line accepted from a bot (a move is far shorter).
    public static let maximumLineBytes = 1 << 20

    /// Ends the child (if running) and forgets it; the next send starts a new one.
    /// - Parameter graceful: first close its input and give it 200 ms to
    ///   exit by itself (the end of a batch); otherwise kill it at once (a
    ///   child that hung or broke the protocol).
    public func stop(graceful: Bool = false) {
        if graceful, let process, process.isRunning {
            try? input?.close()
            input = nil
            let deadline = ContinuousClock.now + .milliseconds(200)
            while process.isRunning && ContinuousClock.now < deadline { usleep(1000) }
        }
        if let process, process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? input?.close()
        if outputDescriptor >= 0 { close(outputDescriptor) }
        process = nil
        input = nil
        outputDescriptor = -1
        buffer = []
    }

    private func start() throws(Failure) {
        // A child that dies while we write must give us EPIPE, not kill us.
        signal(SIGPIPE, SIG_IGN)
        let child = Process()
        child.executableURL = URL(fileURLWithPath: command.executable)
        child.arguments = command.arguments
        let stdin = Pipe()
        let stdout = Pipe()
        child.standardInput = stdin
        child.standardOutput = stdout
        do {
            try child.run()
        } catch {
            throw Failure("cannot be started: \(error.localizedDescription)")
        }
        try? stdin.fileHandleForReading.close()
        try? stdout.fileHandleForWriting.close()
        // Our own copy of the read end, so reading never goes through FileHandle's buffering.
        outputDescriptor = dup(stdout.fileHandleForReading.fileDescriptor)
        try? stdout.fileHandleForReading.close()
        process = child
        input = stdin.fileHandleForWriting
        awaitingFirstAnswer = true
    }

    /// The failure of a child that has gone: its exit status or signal.
    private func exitFailure(default text: String) -> Failure {
        guard let process else { return Failure(text) }
        // The output closed: the child is exiting; give it a moment to be reaped.
        let deadline = ContinuousClock.now + .milliseconds(500)
        while process.isRunning && ContinuousClock.now < deadline { usleep(1000) }
        guard !process.isRunning else { return Failure(text) }
        switch process.terminationReason {
        case .uncaughtSignal: return Failure("crashed (killed by signal \(process.terminationStatus))")
        default: return Failure("crashed (exit status \(process.terminationStatus))")
        }
    }
}
