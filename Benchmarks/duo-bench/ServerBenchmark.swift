import Broadside
import DuoArguments
import DuoClient
import DuoGames
import DuoServerKit
import Foundation
import TabletopEngine

/// `duo-bench server`: what one move costs the match server, piece by
/// piece, on one core: decoding the client's line, the session's move, the
/// views it sends, and the legal-moves list a simple client asks for.
/// (`duo-server load` measures the whole server over sockets.)
///
/// Broadside's views and legal-move lists are written directly (the
/// server's path); the `JSONEncoder` lines encode the same values the way
/// the server did before, for comparison (the same bytes, see the tests).
enum ServerBenchmark {
    static let tool = "duo-bench server"

    /// The benchmark's declaration: no options but `--help`.
    static let command = CommandSpec(
        tool,
        sections: [
            .usage,
            .text(
                """
                What one move costs the match server, piece by piece, on one core:
                decoding the client's line, the session's move, the views it sends,
                and the legal-moves list a simple client asks for.
                ('duo-server load' measures the whole server over sockets.)
                """),
            .options("options:", []),
        ])

    static func run(_ arguments: [String]) -> Int32 {
        _ = command.parseOrExit(arguments)
        guard let assets = try? GameAssets.locate(),
            let game = try? GameCatalog.standard.entry(named: GameCatalog.standard.defaultGame).load(assets: assets)
        else {
            FileHandle.standardError.write(Data("duo-bench server: cannot load the default game\n".utf8))
            return 1
        }
        print("duo-bench server: \(game.name)/\(game.variant), one core, per operation")
        let line = Array(#"{"type":"move","move":{"fire":"B7"}}"#.utf8)
        report("decode a client move line", iterations: 200_000) {
            _ = try? ClientMessage(line: line)
        }

        // A match in its placement phase, then in its battle phase.
        let placing = game.makeSession(setup: MatchSetup(seed: 7), players: SeatPair("a", "b"))
        report("legal moves JSON, placement phase", iterations: 5_000) {
            _ = placing.legalMoves(for: .first, maxBytes: .max)
        }
        report("seat view JSON, placement phase", iterations: 5_000) {
            _ = placing.seatViewJSON(for: .first)
        }
        let battle = game.makeSession(setup: MatchSetup(seed: 7), players: SeatPair("a", "b"))
        for seat in Seat.allCases {
            try? battle.attachBot(named: "random", to: seat)
        }
        var moves = 0
        while battle.result == nil && moves < 60, let seat = battle.seatsToMove.seats.first, let move = battle.botMoveJSON(for: seat) {
            _ = battle.submit(move, by: seat)
            moves += 1
        }
        report("legal moves JSON, battle phase", iterations: 5_000) {
            _ = battle.legalMoves(for: battle.seatsToMove.seats.first ?? .first, maxBytes: .max)
        }
        report("seat view JSON, battle phase", iterations: 5_000) {
            _ = battle.seatViewJSON(for: .first)
        }
        report("public view JSON, battle phase", iterations: 5_000) {
            _ = battle.publicViewJSON()
        }
        encoderComparison(assets: assets)
        let view = battle.seatViewJSON(for: .first)
        let viewLine = ServerLine.view(code: "K7QF2M", seat: .first, moves: 60, toMove: .first, view: view)
        report("decode a view line (client side)", iterations: 20_000) {
            _ = try? ServerMessage(line: viewLine)
        }
        return 0
    }

    /// Direct writer against `JSONEncoder` on the same Broadside states.
    private static func encoderComparison(assets: URL) {
        guard let data = try? Data(contentsOf: assets.appendingPathComponent("games/broadside/classic.json")),
            let game = try? Broadside(variant: "classic", rulesData: data)
        else { return }
        var state = game.makeInitialState(MatchSetup(seed: 7))
        let placingView = game.seatView(of: state, for: .first)
        let placingState = state
        var bots = [try? game.makeBot(named: "random", seat: .first, seed: 1), try? game.makeBot(named: "random", seat: .second, seed: 2)]
        var moves = 0
        while game.result(of: state) == nil && moves < 60, let seat = game.seatsToMove(in: state).seats.first,
            let move = bots[seat.rawValue]?.move(for: game.seatView(of: state, for: seat))
        {
            try? game.play(move, by: seat, in: &state)
            moves += 1
        }
        let battleView = game.seatView(of: state, for: .first)
        let publicView = game.publicView(of: state)
        let battleSeat = game.seatsToMove(in: state).seats.first ?? .first
        print("  Broadside, direct writer (server) vs JSONEncoder (before):")
        report("  seat view, placement: direct", iterations: 50_000) { _ = game.seatViewJSON(placingView) }
        report("  seat view, placement: JSONEncoder", iterations: 5_000) { _ = Broadside.encodedJSON(placingView) }
        report("  seat view, battle: direct", iterations: 50_000) { _ = game.seatViewJSON(battleView) }
        report("  seat view, battle: JSONEncoder", iterations: 5_000) { _ = Broadside.encodedJSON(battleView) }
        report("  public view, battle: direct", iterations: 50_000) { _ = game.publicViewJSON(publicView) }
        report("  public view, battle: JSONEncoder", iterations: 5_000) { _ = Broadside.encodedJSON(publicView) }
        let placingCount = game.legalMovesJSON(for: .first, in: placingState)
        report("  legal, placement (\(placingCount.count) moves, \(placingCount.json.count / 1000) KB): direct", iterations: 20_000) {
            _ = game.legalMovesJSON(for: .first, in: placingState)
        }
        report("  legal, placement: JSONEncoder", iterations: 100) { _ = Broadside.encodedJSON(game.legalMoves(for: .first, in: placingState)) }
        report("  legal, battle: direct", iterations: 50_000) { _ = game.legalMovesJSON(for: battleSeat, in: state) }
        report("  legal, battle: JSONEncoder", iterations: 2_000) { _ = Broadside.encodedJSON(game.legalMoves(for: battleSeat, in: state)) }
    }

    private static func report(_ name: String, iterations: Int, _ body: () -> Void) {
        for _ in 0..<max(1, iterations / 10) { body() }
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<iterations { body() }
        let nanoseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(iterations)
        print("  " + name.padding(toLength: 40, withPad: " ", startingAt: 0) + String(format: "%10.2f us", nanoseconds / 1_000))
    }
}
