import DuoTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `duo-server-launch` runs `duo-server` beside it with the same arguments:
/// the same output, the same statuses, the same name in its help; it blocks
/// the termination signals for `serve` only (see `EarlySigtermTests`).
@Suite struct ServerLauncherTests {
    @Test func itRunsTheServerBesideItWithTheSameArgumentsAndOutput() throws {
        let launcher = try BuiltExecutable(named: "duo-server-launch")
        let server = try BuiltExecutable(named: "duo-server")
        for arguments in [["--version"], ["serve", "--help"], ["replay", "a", "b"]] {
            let launched = try launcher.run(arguments)
            let direct = try server.run(arguments)
            #expect(launched.status == direct.status, "\(arguments)")
            #expect(launched.output == direct.output, "\(arguments)")
            #expect(launched.errorOutput == direct.errorOutput, "\(arguments)")
        }
        #expect(try launcher.run(["serve", "--help"]).output.contains("usage: duo-server serve"))
    }

    @Test func withoutTheServerBesideItItSaysWhatIsMissingAndExits127() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-launch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("duo-server-launch")
        try FileManager.default.copyItem(at: try BuiltExecutable(named: "duo-server-launch").url, to: copy)
        let result = try BuiltExecutable(url: copy).run(["serve"])
        #expect(result.status == 127)
        let missing = folder.resolvingSymlinksInPath().appendingPathComponent("duo-server").path
        #expect(
            result.errorOutput.contains("duo-server-launch: error: cannot run \(missing): No such file or directory"), "\(result.errorOutput)")
    }

    /// Any command but `serve` keeps SIGTERM's default action, as when run directly.
    @Test func aSigtermEndsAnotherCommandAtOnce() throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("duo-launch-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: log) }
        let (pid, spawned) = try EarlySigtermTests.spawnAsAShellWould(
            BuiltExecutable(named: "duo-server-launch").url, ["simulate", "--seeds", "1000000", "--steps", "200", "--game", "broadside"],
            standardError: log.path)
        EarlySigtermTests.wait(until: spawned + 300_000_000)
        kill(pid, SIGTERM)
        // A simulation that took the signal for a drain would run for minutes: end it, and fail.
        var status: Int32 = 0
        for _ in 0..<500 where waitpid(pid, &status, WNOHANG) == 0 { usleep(10_000) }
        if kill(pid, 0) == 0 {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
            Issue.record("still running 5 s after SIGTERM")
        }
        // WIFSIGNALED with WTERMSIG 15.
        #expect(status & 0x7F == SIGTERM, "status \(status)")
    }
}
