import Broadside
import DuoArguments
import DuoGames
import Foundation
import MiniGolf
import TabletopEngine

/// `duo-bench search`: what a search bot's move costs, in CPU time of the
/// thread that searches (the opponent's moves are not counted), over whole
/// matches against an opponent, with the results, so that a build's cost and
/// strength are read from one run.
///
/// Match `i` is the batch's match `i` (seed 1 unless `--seed`); the search
/// plays seat 0 in even matches and seat 1 in odd ones, so each pair of
/// matches has both seats and both first movers.
enum SearchBenchmark {
    static let tool = "duo-bench search"

    /// The options, each declared once: parsing, `--help` and the reads below come from these.
    enum Options {
        static let game: Option<String> = .text("game", "NAME", default: "broadside", help: "broadside (classic) or minigolf (meadow)")
        static let bots: Option<String> = .text("bots", "SEARCH,OPPONENT", default: "mcts,random", help: "the bot timed and its opponent")
        static let games: Option<Int> = .integer("games", in: 1...1_000_000, default: 4, help: "matches played")
        static let seed: Option<Int> = .integer("seed", in: 0...Int.max, default: 1, help: "the batch seed")
    }

    /// The benchmark's declaration: its help and what it accepts.
    static let command = CommandSpec(
        tool,
        sections: [
            .usage,
            .text(
                """
                A search bot's CPU time per move (its own thread's, its moves only)
                over whole matches against an opponent, the seats alternating, with
                its wins, draws and losses.
                """),
            .options("options:", [Options.game.spec, Options.bots.spec, Options.games.spec, Options.seed.spec]),
        ])

    static func run(_ arguments: [String]) -> Int32 {
        let parsed = command.parseOrExit(arguments)
        let names = parsed[Options.bots].split(separator: ",", maxSplits: 1).map(String.init)
        guard names.count == 2 else { CommandExit.usage("--bots needs SEARCH,OPPONENT", tool: tool) }
        let games = parsed[Options.games]
        let seed = UInt64(parsed[Options.seed])
        do {
            let assets = try GameAssets.locate()
            switch parsed[Options.game] {
            case "broadside":
                let data = try Data(contentsOf: assets.appendingPathComponent("games/broadside/classic.json"))
                try measure(Broadside(variant: "classic", rulesData: data), names[0], names[1], games: games, seed: seed)
            case "minigolf":
                let data = try Data(contentsOf: assets.appendingPathComponent("games/minigolf/\(MiniGolf.defaultVariant).json"))
                try measure(MiniGolf(variant: MiniGolf.defaultVariant, rulesData: data), names[0], names[1], games: games, seed: seed)
            case let other:
                CommandExit.usage("--game is broadside or minigolf, not \(other)", tool: tool)
            }
        } catch {
            CommandExit.failure("\(error)", tool: tool)
        }
        return 0
    }

    /// Plays the matches and prints one line: results, moves, CPU per move.
    static func measure<Game: TabletopGame>(_ game: Game, _ search: String, _ opponent: String, games: Int, seed: UInt64) throws {
        var outcome = (won: 0, drawn: 0, lost: 0)
        var scores = (search: 0, opponent: 0)
        var moves = 0
        var cpu = 0.0
        for index in 0..<games {
            let setup = MatchSetup(batchSeed: seed, matchIndex: index)
            let searchSeat: Seat = index % 2 == 0 ? .first : .second
            var searcher = try game.makeBot(named: search, seat: searchSeat, seed: setup.botSeed(for: searchSeat))
            var other = try game.makeBot(named: opponent, seat: searchSeat.opponent, seed: setup.botSeed(for: searchSeat.opponent))
            var state = game.makeInitialState(setup)
            var last: Seat?
            while game.result(of: state) == nil {
                guard let seat = game.seatsToMove(in: state).nextMover(after: last) else { break }
                let view = game.seatView(of: state, for: seat)
                let move: Game.Move?
                if seat == searchSeat {
                    let start = FrameBenchmark.threadCPUSeconds()
                    move = searcher.move(for: view)
                    cpu += FrameBenchmark.threadCPUSeconds() - start
                    moves += 1
                } else {
                    move = other.move(for: view)
                }
                guard let move else { throw ArgumentError("\(seat == searchSeat ? search : opponent) gave no move") }
                try game.validate(move, by: seat, in: state)
                game.apply(move, by: seat, to: &state)
                last = seat
            }
            let result = game.result(of: state)
            scores.search += result?.scores[searchSeat] ?? 0
            scores.opponent += result?.scores[searchSeat.opponent] ?? 0
            switch result?.winner {
            case searchSeat?: outcome.won += 1
            case nil: outcome.drawn += 1
            default: outcome.lost += 1
            }
        }
        let score = (Double(outcome.won) + Double(outcome.drawn) / 2) / Double(games)
        print(
            String(
                format:
                    "search: %@ %@ vs %@, %d matches (seed %llu): won %d, drawn %d, lost %d (score %.3f), %@ %.2f against %.2f a match; %d moves, %.3f ms of CPU a move",
                Game.name, search, opponent, games, seed, outcome.won, outcome.drawn, outcome.lost, score, Game.scoreUnit,
                Double(scores.search) / Double(games), Double(scores.opponent) / Double(games), moves, cpu * 1000 / Double(max(1, moves))))
    }
}
