import Foundation
import Testing

@testable import TabletopEngine

/// The child process of an outside bot: found on PATH, ended with whatever
/// it started, and timed out with the limit that applied named.
@Suite struct ExternalBotProcessTests {
    func script(_ body: String) throws -> (directory: URL, path: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("duo-bot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("bot.sh").path
        try ("#!/bin/sh\n" + body).write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return (directory, path)
    }

    /// Whether `pid` names a live process (a zombie waiting for its parent counts as gone).
    func isRunning(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        return !stat[close...].hasPrefix(") Z")
    }

    @Test func aBareProgramNameIsLookedUpOnThePathAsAShellWould() throws {
        let command = try #require(try ExternalBotCommand(name: "exec:sh -c true", searchPath: "/nonexistent::/bin:/usr/bin"))
        #expect(command.executable == "/bin/sh")
        #expect(command.arguments == ["-c", "true"])
        #expect(throws: BatchError.self) { try ExternalBotCommand(name: "exec:no-such-program-here", searchPath: "/bin:/usr/bin") }
        do {
            _ = try ExternalBotCommand(name: "exec:no-such-program-here", searchPath: "/bin")
            Issue.record("a program on no directory of the path is refused")
        } catch {
            #expect("\(error)".contains("no program 'no-such-program-here' on PATH (/bin)"), "\(error)")
        }
        do {
            _ = try ExternalBotCommand(name: "exec:./missing.py", searchPath: "/bin")
            Issue.record("a path is not looked up")
        } catch {
            #expect("\(error)".contains("./missing.py does not exist"), "\(error)")
        }
    }

    @Test func endingABotEndsWhatItStartedToo() throws {
        let (directory, path) = try script("sleep 120 &\necho $! > \"$(dirname \"$0\")/child\"\nread line\nsleep 120\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        // Run by the shell rather than exec'd: a script just written may still be open in a child another test forks (ETXTBSY).
        let command = try #require(try ExternalBotCommand(name: "exec:/bin/sh \(path)"))
        let process = ExternalBotProcess(command: command)
        try process.send("hello")
        let pidFile = directory.appendingPathComponent("child").path
        let deadline = Date().addingTimeInterval(10)
        var grandchild: pid_t?
        while grandchild == nil && Date() < deadline {
            grandchild = (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap {
                $0.hasSuffix("\n") ? pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) : nil
            }
            usleep(10_000)
        }
        let pid = try #require(grandchild, "the script wrote its child's PID")
        #expect(isRunning(pid))
        #expect(process.processIdentifier.map { getpgid(pid) == $0 } == true, "the bot leads a process group of its own")
        process.stop()
        #expect(process.processIdentifier == nil)
        let gone = Date().addingTimeInterval(5)
        while isRunning(pid) && Date() < gone { usleep(10_000) }
        #expect(!isRunning(pid), "the sleep the bot started is ended with it")
    }

    @Test func aHungFirstAnswerNamesTheMoveTimeAndTheStartUpAllowance() throws {
        let command = try #require(try ExternalBotCommand(name: "exec:/bin/sleep 30"))
        let process = ExternalBotProcess(command: command, startUpAllowanceMilliseconds: 300)
        defer { process.stop() }
        try process.send("view")
        do {
            _ = try process.receiveLine(within: 100)
            Issue.record("sleep answers nothing")
        } catch {
            #expect(error.reason == "sent no move within 400 ms (its first answer: the 100 ms move time and 300 ms for a fresh process to start)")
        }
        do {
            _ = try process.receiveLine(within: 100)
            Issue.record("sleep answers nothing")
        } catch {
            #expect(error.reason == "sent no move within 100 ms", "later answers have the move time alone")
        }
    }
}
