import DuoArguments
import DuoClient
import DuoGames
import DuoLoadTest
import DuoNet
import DuoServerKit
import Foundation
import TabletopEngine

/// `duo-bench serverloop`: the match server's own CPU a move, without
/// sockets: the same `MatchServer` as `duo-server load` drives, on its
/// embedded loop, with many matches of scripted moves at once and journal
/// syncs answered a batch at a time, as group commit answers them.
///
/// `duo-server load` measures the server's loop thread, which spends much of
/// a move in the kernel (a read, two sends and, over loopback, the clients'
/// half of TCP); this counts what is left: the Swift of a move, from the
/// line read to the lines queued for each connection. Only the server's
/// turns of the loop are timed (thread CPU time), not the in-memory clients
/// writing moves and reading views, nor the batch's `fsync`s.
enum ServerLoopBenchmark {
    static let tool = "duo-bench serverloop"

    enum Options {
        static let matches: Option<Int> = .integer("matches", in: 1...5_000, default: 1_000, help: "matches in play at once")
        static let rounds: Option<Int> = .integer("rounds", in: 1...50, default: 5, help: "runs (each a fresh server); the median is printed")
    }

    static let command = CommandSpec(
        tool,
        sections: [
            .usage,
            .text(
                """
                The match server's CPU a move without sockets: MatchServer on its
                embedded loop, every match playing a script of recorded moves (as
                duo-server load's clients do), journal syncs answered a batch at a
                time. Only the server's turns of the loop are timed; the kernel's
                share of a move over sockets is what duo-server load adds.
                """),
            .options("options:", [Options.matches.spec, Options.rounds.spec]),
        ])

    static func run(_ arguments: [String]) -> Int32 {
        let parsed = command.parseOrExit(arguments)
        let matches = parsed[Options.matches]
        guard let assets = try? GameAssets.locate(),
            let game = try? GameCatalog.standard.entry(named: GameCatalog.standard.defaultGame).load(assets: assets),
            let scripts = try? MoveScript.record(game, count: 64, seed: 1)
        else {
            FileHandle.standardError.write(Data("\(tool): cannot load the default game\n".utf8))
            return 1
        }
        var results: [(microseconds: Double, moves: Int)] = []
        for _ in 0..<parsed[Options.rounds] {
            do {
                results.append(try playOnce(matches: matches, scripts: scripts, assets: assets))
            } catch {
                FileHandle.standardError.write(Data("\(tool): \(error)\n".utf8))
                return 1
            }
        }
        let sorted = results.map(\.microseconds).sorted()
        let list = results.map { String(format: "%.2f", $0.microseconds) }.joined(separator: ", ")
        print(
            String(
                format: "serverloop: %@/%@, %d matches at once, %d moves a run: %.2f us of server CPU a move (median of %d: %@)",
                game.name, game.variant, matches, results[0].moves, sorted[sorted.count / 2], results.count, list))
        return 0
    }

    /// One in-memory client: a seat of a match and its script.
    private final class Player {
        let connection: EmbeddedConnection
        var seat: Seat?
        var script: ArraySlice<[UInt8]> = []
        var waiting = false
        var mayMove = false
        init(connection: EmbeddedConnection) { self.connection = connection }
    }

    private static func playOnce(matches: Int, scripts: [MoveScript], assets: URL) throws -> (microseconds: Double, moves: Int) {
        let shm = URL(fileURLWithPath: "/dev/shm", isDirectory: true)
        let base = access(shm.path, W_OK) == 0 ? shm : FileManager.default.temporaryDirectory
        let directory = base.appendingPathComponent("duo-bench-serverloop-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = ServerConfiguration(catalog: GameCatalog.standard, assets: assets)
        configuration.dataDirectory = directory
        configuration.log = .silent
        configuration.maxMatches = matches + 16
        configuration.maxWaitingMatches = matches + 16
        configuration.limits.maxConnections = matches * 2 + 64
        let server = try EmbeddedDuoServer(configuration: configuration)
        server.journalSync.holdsSyncs = true

        // Seat every match: a creator and a joiner, each from an address of its own match.
        var players: [Player] = []
        for index in 0..<matches {
            let peer = try SocketAddress(host: "127.2.\(index / 250 % 250).\(index % 250 + 1)", port: 0)
            let pair = [Player(connection: server.connect(from: peer)), Player(connection: server.connect(from: peer))]
            for player in pair {
                player.connection.recordsTraffic = false
                try player.connection.write(#"{"type":"hello","version":1}"#)
            }
            try pair[0].connection.write(#"{"type":"create"}"#)
            server.run()
            server.journalSync.completeSyncs()
            server.run()
            guard let code = try seat(pair[0], scripts[index % scripts.count]) else { throw BenchmarkError("match \(index) was not created") }
            try pair[1].connection.write(#"{"type":"join","code":"\#(code)"}"#)
            players += pair
        }
        server.run()
        server.journalSync.completeSyncs()
        server.run()
        for (index, player) in players.enumerated() where index % 2 == 1 {
            _ = try seat(player, scripts[index / 2 % scripts.count])
        }
        for player in players { read(player) }

        // Every seat whose view gives it the move sends its next scripted move;
        // the server reads them all, the batch is synced, the server answers.
        var serverTime = 0.0
        var moves = 0
        while true {
            var sent = 0
            for player in players where player.mayMove && !player.waiting {
                guard let request = player.script.popFirst() else { continue }
                try player.connection.write(bytes: request + [0x0A])
                player.waiting = true
                sent += 1
            }
            if sent == 0 { break }
            moves += sent
            var start = FrameBenchmark.threadCPUSeconds()
            server.run()
            serverTime += FrameBenchmark.threadCPUSeconds() - start
            server.journalSync.completeSyncs()
            start = FrameBenchmark.threadCPUSeconds()
            server.run()
            serverTime += FrameBenchmark.threadCPUSeconds() - start
            for player in players { read(player) }
        }
        server.abandon()
        return (serverTime * 1e6 / Double(max(1, moves)), moves)
    }

    /// Reads the player's seat from its `created` or `joined` line.
    /// - Returns: the match's code.
    private static func seat(_ player: Player, _ script: MoveScript) throws -> String? {
        while let line = player.connection.takeLine() {
            guard let message = try? ServerMessage(line: line), case .seated(_, let ticket, _, _, _, _) = message else { continue }
            player.seat = ticket.seat
            player.script = script.requests[ticket.seat][...]
            return ticket.code
        }
        return nil
    }

    /// Takes every line the server sent the player: an `accepted` ends its
    /// wait, a view says whether it may move (read by its head, as load's clients do).
    private static func read(_ player: Player) {
        let accepted = Array(#"{"type":"accepted","#.utf8)
        let view = Array(#"{"type":"view","#.utf8)
        let toMove = Array(#""toMove":["#.utf8)
        while let line = player.connection.takeLine() {
            if line.starts(with: accepted) {
                player.waiting = false
            } else if line.starts(with: view), let seat = player.seat {
                // The head is short: `toMove` comes before the view itself.
                guard let start = (0..<min(line.count, 96)).first(where: { line[$0...].starts(with: toMove) }) else { continue }
                let digit = UInt8(ascii: "0") + UInt8(seat.index)
                player.mayMove = line[(start + toMove.count)...].prefix { $0 != UInt8(ascii: "]") }.contains(digit)
            }
        }
    }

    private struct BenchmarkError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
