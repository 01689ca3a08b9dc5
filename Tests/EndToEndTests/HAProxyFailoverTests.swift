import DuoTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// docs/SCALING.md's HAProxy configuration, exactly as printed (only the
/// addresses moved to loopback ports), in front of two `serve` instances:
/// matches are created and played through the balancer, S2 is killed with
/// -9, a replacement S2 starts on the same data directory and port, and its
/// players resume through HAProxy at their last acknowledged move.
@Suite struct HAProxyFailoverTests {
    /// The `haproxy` block of docs/SCALING.md with its addresses replaced.
    static func configuration(frontend: UInt16, s1: UInt16, s2: UInt16) throws -> String {
        let doc = try String(contentsOf: PackageRoot.url.appendingPathComponent("docs/SCALING.md"), encoding: .utf8)
        let start = try #require(doc.range(of: "```haproxy\n"), "docs/SCALING.md has no haproxy block")
        let end = try #require(doc.range(of: "\n```", range: start.upperBound..<doc.endIndex))
        let block = String(doc[start.upperBound..<end.lowerBound])
        for address in ["bind :7447", "10.0.0.11:7447", "10.0.0.12:7447"] {
            #expect(block.contains(address), "the documented configuration changed: update this test's substitutions")
        }
        return
            block
            .replacingOccurrences(of: "bind :7447", with: "bind 127.0.0.1:\(frontend)")
            .replacingOccurrences(of: "10.0.0.11:7447", with: "127.0.0.1:\(s1)")
            .replacingOccurrences(of: "10.0.0.12:7447", with: "127.0.0.1:\(s2)") + "\n"
    }

    /// One player of a match played through the balancer.
    struct Seat {
        var code: String
        var seat: Int
        var token: String
        var client: JSONLineClient
    }

    /// Connects through the balancer, naming the match in `hello` when there is one.
    private func connect(_ port: UInt16, match: String?) throws -> JSONLineClient {
        let client = try JSONLineClient(port: port)
        var hello: [String: Any] = ["type": "hello", "version": 1]
        if let match { hello["match"] = match }
        _ = try client.request(hello, expecting: "welcome")
        return client
    }

    @Test func playersOfAKilledInstanceResumeThroughHAProxyWithNoAcknowledgedMoveLost() throws {
        let haproxy = try #require(
            ["/usr/sbin/haproxy", "/usr/bin/haproxy"].first { FileManager.default.isExecutableFile(atPath: $0) },
            "haproxy is missing: run scripts/install-deps.sh")
        let executable = try BuiltExecutable(named: "duo-server")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("duo-haproxy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let ports = (frontend: try freeLoopbackPort(), s1: try freeLoopbackPort(), s2: try freeLoopbackPort())

        func serve(_ id: String, port: UInt16) throws -> BackgroundProcess {
            let server = try BackgroundProcess(
                executable.url,
                [
                    "serve", "--port", "\(port)", "--server-id", id, "--turn-timeout", "0",
                    "--data", root.appendingPathComponent(id).path,
                ],
                logURL: root.appendingPathComponent("\(id)-\(UUID().uuidString).log"))
            _ = try server.waitForPort()
            return server
        }
        let s1 = try serve("S1", port: ports.s1)
        var s2 = try serve("S2", port: ports.s2)
        let configURL = root.appendingPathComponent("haproxy.cfg")
        try Self.configuration(frontend: ports.frontend, s1: ports.s1, s2: ports.s2).write(to: configURL, atomically: true, encoding: .utf8)
        let check = try BackgroundProcess(
            URL(fileURLWithPath: haproxy), ["-c", "-f", configURL.path],
            logURL: root.appendingPathComponent("haproxy-check.log"), readsOutput: false)
        #expect(check.waitForExit(seconds: 10) && check.process.terminationStatus == 0, "haproxy -c: \(check.log)")
        let balancer = try BackgroundProcess(
            URL(fileURLWithPath: haproxy), ["-db", "-f", configURL.path],
            logURL: root.appendingPathComponent("haproxy.log"), readsOutput: false)
        defer {
            balancer.kill()
            s1.kill()
            s2.kill()
        }
        // Up once it accepts and forwards a hello.
        var ready = false
        for _ in 0..<200 where !ready {
            ready = (try? connect(ports.frontend, match: nil)) != nil
            if !ready { usleep(25_000) }
        }
        try #require(ready, "haproxy did not come up: \(balancer.log)")

        // Matches created through the balancer (leastconn spreads them), each
        // joined by a connection whose hello names the match, and played a little.
        var players: [[Seat]] = []
        var acknowledged: [String: Int] = [:]
        for _ in 0..<4 {
            let creator = try connect(ports.frontend, match: nil)
            let created = try creator.request(["type": "create"], expecting: "created")
            let code = try #require(created["code"] as? String)
            let joiner = try connect(ports.frontend, match: code)
            let joined = try joiner.request(["type": "join", "code": code], expecting: "joined")
            var pair = [
                Seat(code: code, seat: try #require(created["seat"] as? Int), token: try #require(created["token"] as? String), client: creator),
                Seat(code: code, seat: try #require(joined["seat"] as? Int), token: try #require(joined["token"] as? String), client: joiner),
            ]
            pair.sort { $0.seat < $1.seat }
            // Placement, both seats: the move count is what must survive.
            var moves = 0
            for _ in 0..<3 {
                for player in pair { moves = max(moves, try player.client.playFirstLegalMove()) }
            }
            acknowledged[code] = moves
            players.append(pair)
        }
        let onS2 = players.filter { $0[0].code.hasPrefix("S2-") }
        let onS1 = players.filter { $0[0].code.hasPrefix("S1-") }
        #expect(!onS2.isEmpty && !onS1.isEmpty, "leastconn put every match on one instance: \(players.map { $0[0].code })")

        // S2 dies without a word; a replacement starts on its data and port.
        s2.send(SIGKILL)
        _ = s2.waitForExit(seconds: 10)
        for pair in onS2 {
            // The balancer passes the close on: after the news already sent, the stream ends.
            var closed = false
            for _ in 0..<100 where !closed {
                closed = (try? pair[0].client.receive()) == nil
            }
            #expect(closed)
        }
        s2 = try serve("S2", port: ports.s2)

        // Its players reconnect through the balancer and resume where the
        // last acknowledged move left them.
        for pair in onS2 {
            var resumed: [JSONLineClient] = []
            for player in pair {
                var client: JSONLineClient?
                for _ in 0..<100 where client == nil {
                    client = try? connect(ports.frontend, match: player.code)
                    if client == nil { usleep(50_000) }
                }
                let connected = try #require(client, "could not reach the replacement S2 through haproxy")
                _ = try connected.request(
                    ["type": "resume", "code": player.code, "seat": player.seat, "token": player.token],
                    expecting: "resumed")
                let view = try connected.expect("view")
                #expect(view["moves"] as? Int == acknowledged[player.code], "\(player.code): \(view)")
                resumed.append(connected)
            }
            // And the match goes on.
            let next = try #require(try resumed[0].toMove().first)
            #expect(try resumed[next].playFirstLegalMove() == (acknowledged[pair[0].code] ?? 0) + 1)
        }
        // S1's matches never noticed.
        for pair in onS1 {
            let next = try #require(try pair[0].client.toMove().first)
            #expect(try pair[next].client.playFirstLegalMove() == (acknowledged[pair[0].code] ?? 0) + 1)
        }
        s1.send(SIGTERM)
        s2.send(SIGTERM)
        #expect(s1.waitForExit(seconds: 10) && s1.process.terminationStatus == 0)
        #expect(s2.waitForExit(seconds: 10) && s2.process.terminationStatus == 0)
    }
}
