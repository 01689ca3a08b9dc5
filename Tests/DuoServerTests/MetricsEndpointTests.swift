import DuoNet
import DuoServerKit
import Foundation
import TabletopEngine
import Testing

/// `serve --metrics`: scraped with a real HTTP client (curl), the format
/// checked by Prometheus's own `promtool check metrics`.
@Suite struct MetricsEndpointTests {
    /// Runs a program from Debian (scripts/install-deps.sh installs it) and returns its exit status and output.
    private func run(_ program: String, _ arguments: [String], input: String? = nil) throws -> (status: Int32, output: String) {
        let path = try #require(
            ["/usr/bin", "/bin", "/usr/local/bin"].map { "\($0)/\(program)" }
                .first { FileManager.default.isExecutableFile(atPath: $0) }, "\(program) is missing: run scripts/install-deps.sh")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let inputPipe = Pipe()
        process.standardInput = inputPipe
        try process.run()
        if let input { inputPipe.fileHandleForWriting.write(Data(input.utf8)) }
        try inputPipe.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// `curl` a path: the status code and the body.
    private func get(_ path: String, from address: SocketAddress) throws -> (code: Int, body: String) {
        let result = try run("curl", ["-sS", "--max-time", "10", "-w", "\n%{http_code}", "http://\(address)\(path)"])
        #expect(result.status == 0, "curl: \(result.output)")
        var lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
        let code = Int(lines.removeLast()) ?? -1
        return (code, lines.joined(separator: "\n"))
    }

    /// The value of one sample line (`name{labels} value`) in an exposition.
    private func sample(_ name: String, in text: String) -> Double? {
        text.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap { Double($0.split(separator: " ").last ?? "") }
    }

    @Test func metricsHealthAndReadinessAreServedOverHTTP() throws {
        let server = try TestServer(sockets: true, inMemory: true) { configuration in
            configuration.metricsAddress = .loopback(port: 0)
        }
        defer { server.stop() }
        let metrics = try #require(server.server.metricsAddress)

        var pair = try SeatedPair.start(server)
        for _ in 0..<4 {
            guard let seat = pair.seatToMove else { break }
            try pair.playOne(seat)
        }
        try pair.players.first.send("not json")
        try pair.players.first.expectError("badJSON")
        try pair.players.second.send(#"{"type":"join","code":"NOSUCH"}"#)
        try pair.players.second.expectError("alreadyInMatch")

        let scrape = try get("/metrics", from: metrics)
        #expect(scrape.code == 200)
        let text = scrape.body
        #expect(sample("duo_connections", in: text) == 2)
        #expect(sample("duo_matches_live", in: text) == 1)
        #expect(sample("duo_matches_created_total", in: text) == 1)
        #expect(sample("duo_moves_total", in: text) == 4)
        #expect(sample("duo_open_journals", in: text) == 1)
        #expect(sample("duo_ready", in: text) == 1)
        #expect(sample("duo_errors_total{code=\"badJSON\"}", in: text) == 1)
        #expect(sample("duo_errors_total{code=\"alreadyInMatch\"}", in: text) == 1)
        #expect(sample("duo_move_latency_seconds_count", in: text) == 4)
        #expect(sample("duo_move_latency_seconds_bucket{le=\"+Inf\"}", in: text) == 4)
        #expect((sample("duo_fsync_latency_seconds_count", in: text) ?? 0) >= 4)

        let check = try run("promtool", ["check", "metrics"], input: text)
        #expect(check.status == 0, "promtool: \(check.output)")

        #expect(try get("/healthz", from: metrics) == (200, "ok\n"))
        #expect(try get("/readyz", from: metrics) == (200, "ready\n"))
        #expect(try get("/nothing", from: metrics).code == 404)
        let post = try run("curl", ["-sS", "-o", "/dev/null", "-w", "%{http_code}", "-X", "POST", "http://\(metrics)/metrics"])
        #expect(post.output == "405")

        // The game port's players are untouched by the scrapes.
        try pair.players.first.send(#"{"type":"ping"}"#)
        #expect(try pair.players.first.receive() == .pong)
    }

    /// One `GET` on a raw socket (quicker to start than curl, to catch a short window).
    private func quickStatus(_ path: String, from address: SocketAddress) -> Int? {
        guard let socket = try? LineSocket(connectingTo: address) else { return nil }
        defer { socket.close() }
        try? socket.sendRaw(Array("GET \(path) HTTP/1.1\r\nHost: test\r\n\r\n".utf8))
        guard let status = try? socket.receiveLine(timeout: .seconds(10)) else { return nil }
        return Int(status.split(separator: " ").dropFirst().first ?? "")
    }

    @Test func readyzIsUnavailableUntilTheJournalsAreRecovered() throws {
        let server = try TestServer(sockets: true, inMemory: true) { configuration in
            configuration.metricsAddress = .loopback(port: 0)
        }
        defer { server.stop() }
        // Hundreds of unfinished matches against a bot, to make the recovery last.
        let address = server.address
        let matches = 400
        for index in 0..<matches {
            let player = try TestPlayer(
                address: address, from: try SocketAddress(host: "127.0.8.\(1 + index % 200)", port: 0),
                recordsTraffic: false)
            try player.send(#"{"type":"create","bot":"hunt"}"#)
            try player.expect("created")
            player.connection.close()
        }
        try server.crashAndRestartWithoutWaiting()
        let metrics = try #require(server.server.metricsAddress)
        var statuses: [Int] = []
        while statuses.last != 200 && statuses.count < 10_000 {
            statuses.append(quickStatus("/readyz", from: metrics) ?? -1)
        }
        #expect(statuses.first == 503, "the first answer came after the recovery: \(statuses.prefix(5))")
        #expect(statuses.last == 200)
        #expect(server.logLines.all.contains { $0.contains("recovery done: \(matches) unfinished matches resumed") })
    }
}
