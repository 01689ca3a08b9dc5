import DuoTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `serve --metrics` and `--log-format json` on the real executable.
@Suite struct ServeOperationsTests {
    private func curl(_ url: String) throws -> (code: String, body: String) {
        let curl = try #require(
            ["/usr/bin/curl", "/bin/curl"].first { FileManager.default.isExecutableFile(atPath: $0) },
            "curl is missing: run scripts/install-deps.sh")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: curl)
        process.arguments = ["-sS", "--max-time", "10", "-w", "\n%{http_code}", url]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let code = String(lines.removeLast())
        return (code, lines.joined(separator: "\n"))
    }

    @Test func metricsAndJSONLogsOfARunningServer() throws {
        let executable = try BuiltExecutable(named: "duo-server")
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("duo-serve-ops-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: data) }
        let server = try BackgroundProcess(
            executable.url,
            [
                "serve", "--port", "0", "--data", data.appendingPathComponent("d").path,
                "--metrics", "127.0.0.1:0", "--log-format", "json",
            ],
            logURL: data.appendingPathComponent("server.log"))
        defer { server.kill() }
        let metrics = try server.waitForPort(prefix: "metrics on 127.0.0.1:")
        let port = try server.waitForPort()

        let client = try JSONLineClient(port: port)
        _ = try client.request(["type": "hello", "version": 1], expecting: "welcome")
        _ = try client.request(["type": "create", "bot": "hunt"], expecting: "created")
        #expect(try client.playFirstLegalMove() >= 1)

        var ready = try curl("http://127.0.0.1:\(metrics)/readyz")
        for _ in 0..<100 where ready.code != "200" {
            usleep(20_000)
            ready = try curl("http://127.0.0.1:\(metrics)/readyz")
        }
        #expect(ready.code == "200" && ready.body == "ready\n")
        #expect(try curl("http://127.0.0.1:\(metrics)/healthz").code == "200")
        let scrape = try curl("http://127.0.0.1:\(metrics)/metrics")
        #expect(scrape.code == "200")
        #expect(scrape.body.contains("\nduo_connections 1\n"))
        #expect(scrape.body.contains("\nduo_matches_live 1\n"))
        #expect(scrape.body.contains("# TYPE duo_move_latency_seconds histogram"))

        server.send(SIGTERM)
        #expect(server.waitForExit(seconds: 15) && server.process.terminationStatus == 0)
        // Every log line is one JSON object with a time, a level and a message.
        let lines = server.log.split(separator: "\n")
        #expect(lines.count >= 3)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["time"] is String && object?["level"] as? String == "info" && object?["message"] is String, "\(line)")
        }
        #expect(lines.contains { $0.contains("drained") })
    }

    @Test func newFlagsAreDocumentedAndChecked() throws {
        let executable = try BuiltExecutable(named: "duo-server")
        let help = try executable.run(["serve", "--help"])
        for flag in ["--metrics", "--log-format", "--max-waiting", "--max-waiting-per-address", "--waiting-timeout", "--retention"] {
            #expect(help.output.contains(flag), "\(flag) missing from --help")
        }
        let badFormat = try executable.run(["serve", "--log-format", "xml"])
        #expect(badFormat.status == 2 && badFormat.errorOutput.contains("--log-format"))
        let badMetrics = try executable.run(["serve", "--metrics", "nowhere"])
        #expect(badMetrics.status == 2 && badMetrics.errorOutput.contains("--metrics"))
    }
}
