import DuoTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A SIGTERM sent at any moment of `serve`'s start-up (journals
/// still to recover) must never be lost. 200 starts of the real server,
/// each sent SIGTERM after a random delay spread over its whole start-up;
/// every one must exit cleanly, with the journals as they were.
@Suite struct StartUpSignalTests {
    static let matches = 6

    /// A data directory holding `matches` unfinished journals with a few moves each, left by a SIGKILL.
    private func makeTemplate(_ executable: BuiltExecutable, in root: URL) throws -> URL {
        let data = root.appendingPathComponent("template")
        let server = try BackgroundProcess(
            executable.url, ["serve", "--port", "0", "--data", data.path, "--turn-timeout", "0"],
            logURL: root.appendingPathComponent("template.log"))
        defer { server.kill() }
        let port = try server.waitForPort()
        var clients: [JSONLineClient] = []
        for _ in 0..<Self.matches {
            let creator = try JSONLineClient(port: port)
            let joiner = try JSONLineClient(port: port)
            _ = try creator.request(["type": "hello", "version": 1], expecting: "welcome")
            _ = try joiner.request(["type": "hello", "version": 1], expecting: "welcome")
            let created = try creator.request(["type": "create"], expecting: "created")
            let code = try #require(created["code"] as? String)
            _ = try joiner.request(["type": "join", "code": code], expecting: "joined")
            // Placement moves of both seats: the recovery replays them.
            for _ in 0..<3 {
                _ = try creator.playFirstLegalMove()
                _ = try joiner.playFirstLegalMove()
            }
            clients += [creator, joiner]
        }
        server.send(SIGKILL)
        _ = server.waitForExit(seconds: 10)
        let journals = try FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent("matches").path)
        #expect(journals.count == Self.matches)
        return data
    }

    @Test func sigtermAtTwoHundredRandomMomentsOfStartUpAlwaysExitsCleanly() throws {
        let executable = try BuiltExecutable(named: "duo-server")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("duo-sigterm-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let template = try makeTemplate(executable, in: root)

        // How long a start-up takes here, to the end of recovery: the
        // delays are spread over that and a little past it.
        let probe = root.appendingPathComponent("probe")
        try FileManager.default.copyItem(at: template, to: probe)
        let started = Date()
        let server = try BackgroundProcess(
            executable.url, ["serve", "--port", "0", "--data", probe.path],
            logURL: root.appendingPathComponent("probe.log"), readsOutput: false)
        while !server.log.contains("recovery done") && Date().timeIntervalSince(started) < 20 { usleep(500) }
        let startUp = Date().timeIntervalSince(started)
        #expect(server.log.contains("recovery done: \(Self.matches) unfinished matches resumed"), "\(server.log)")
        server.send(SIGTERM)
        #expect(server.waitForExit(seconds: 10) && server.process.terminationStatus == 0)

        let trials = 200
        let threads = 4
        let outcomes = Outcomes()
        let group = DispatchGroup()
        for thread in 0..<threads {
            group.enter()
            Thread {
                defer { group.leave() }
                for trial in stride(from: thread, to: trials, by: threads) {
                    outcomes.record(
                        Self.trial(
                            trial, executable: executable, template: template, root: root,
                            delay: Double.random(in: 0...(startUp * 1.3))))
                }
            }.start()
        }
        group.wait()
        let all = outcomes.all
        #expect(all.count == trials)
        let failures = all.filter { !$0.clean }
        #expect(failures.isEmpty, "\(failures.count) unclean: \(failures.prefix(3).map(\.detail))")
        // Most land after the signals are blocked (drained, exit 0); a signal
        // that arrives before the process's first instruction of Swift code
        // kills it by the default action, which is clean too (nothing written yet).
        let drained = all.filter(\.drained).count
        #expect(drained >= trials / 2, "only \(drained) of \(trials) drained")
    }

    /// One start, a SIGTERM after `delay` seconds, and the verdict.
    private static func trial(_ index: Int, executable: BuiltExecutable, template: URL, root: URL, delay: Double) -> Outcome {
        let data = root.appendingPathComponent("trial-\(index)")
        do {
            try FileManager.default.copyItem(at: template, to: data)
            defer { try? FileManager.default.removeItem(at: data) }
            let server = try BackgroundProcess(
                executable.url, ["serve", "--port", "0", "--data", data.path],
                logURL: root.appendingPathComponent("trial-\(index).log"), readsOutput: false)
            usleep(UInt32(delay * 1_000_000))
            server.send(SIGTERM)
            guard server.waitForExit(seconds: 15) else {
                let log = server.log
                server.kill()
                return Outcome(clean: false, drained: false, detail: "trial \(index) at \(delay)s: still running 15 s after SIGTERM; log: \(log)")
            }
            let reason = server.process.terminationReason
            let status = server.process.terminationStatus
            let drained = reason == .exit && status == 0
            let killedBeforeStart = reason == .uncaughtSignal && status == SIGTERM
            let journals = (try? FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent("matches").path)) ?? []
            let intact = journals.count == matches
            let detail =
                "trial \(index) at \(delay)s: \(reason == .exit ? "exit" : "signal") \(status), \(journals.count) journals; log: \(server.log)"
            try? FileManager.default.removeItem(at: server.logURL)
            return Outcome(clean: (drained || killedBeforeStart) && intact, drained: drained, detail: detail)
        } catch {
            return Outcome(clean: false, drained: false, detail: "trial \(index): \(error)")
        }
    }

    struct Outcome: Sendable {
        var clean: Bool
        var drained: Bool
        var detail: String
    }

    final class Outcomes: @unchecked Sendable {
        // Safe: every access goes through `lock`.
        private let lock = NSLock()
        private var outcomes: [Outcome] = []
        func record(_ outcome: Outcome) {
            lock.lock()
            outcomes.append(outcome)
            lock.unlock()
        }
        var all: [Outcome] {
            lock.lock()
            defer { lock.unlock() }
            return outcomes
        }
    }
}
