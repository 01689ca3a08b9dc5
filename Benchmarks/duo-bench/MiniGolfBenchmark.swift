import DuoArguments
import DuoGames
import Foundation
import MiniGolf
import TabletopEngine

/// `duo-bench minigolf`: the cost of mini golf's integer physics and bots,
/// and full matches through the same generic engine path `duo-server
/// match` uses (the catalog's `AnyGame.runBatch`).
///
/// Reports: microseconds per simulated stroke (random strokes from every
/// tee, and the mean ticks they last), microseconds per `aim` bot move,
/// and matches per second on one job for random vs random and aim vs random.
enum MiniGolfBenchmark {
    static let tool = "duo-bench minigolf"

    /// The options, each declared once: parsing, `--help` and the reads below come from these.
    enum Options {
        static let strokes: Option<Int> = .integer("strokes", in: 1...100_000_000, default: 200_000, help: "strokes simulated")
        static let games: Option<Int> = .integer("games", in: 1...1_000_000, default: 200, help: "matches played")
    }

    /// The benchmark's declaration: its help and what it accepts.
    static let command = CommandSpec(
        tool,
        sections: [
            .usage,
            .text("Mini golf on one core: physics per stroke, the aim bot per move, matches per second."),
            .options("options:", [Options.strokes.spec, Options.games.spec]),
        ])

    static func run(_ arguments: [String]) -> Int32 {
        let parsed = command.parseOrExit(arguments)
        let strokes = parsed[Options.strokes]
        let games = parsed[Options.games]
        let assets: URL
        let golf: MiniGolf
        let erased: AnyGame
        do {
            assets = try GameAssets.locate()
            let data = try Data(contentsOf: assets.appendingPathComponent("games/minigolf/\(MiniGolf.defaultVariant).json"))
            golf = try MiniGolf(variant: MiniGolf.defaultVariant, rulesData: data)
            erased = try GameCatalog.standard.entry(named: MiniGolf.name).load(assets: assets)
        } catch {
            CommandExit.failure("\(error)", tool: tool)
        }
        print("minigolf (\(golf.variant), \(golf.rules.holes.count) holes), one core")

        // Physics: random strokes from each tee.
        var generator = SeededGenerator(seed: 1)
        let shots = (0..<strokes).map { _ in MiniGolfShot(angle: generator.nextInt(below: 360), power: generator.nextInt(in: 1...100)) }
        var ticks = 0
        let physicsStart = ContinuousClock.now
        for (index, shot) in shots.enumerated() {
            let simulator = golf.simulators[index % golf.simulators.count]
            ticks += simulator.simulate(from: simulator.hole.tee, shot: shot).ticks
        }
        let physics = seconds(ContinuousClock.now - physicsStart)
        print(
            "  physics: \(format(physics / Double(strokes) * 1e6)) us per stroke (\(ticks / strokes) ticks of 1/\(golf.physics.ticksPerSecond) s on average), \(strokes) strokes"
        )

        // The aiming bot: one move from each tee and from a few lies.
        var aim = MiniGolfBot(strategy: .aim, game: golf, seed: 3)
        var moves = 0
        let aimStart = ContinuousClock.now
        for round in 0..<20 {
            for hole in golf.simulators.indices {
                var state = golf.makeInitialState(MatchSetup(seed: UInt64(round)))
                // Reach hole `hole` by letting both seats pick up at the cap (fast, and valid play).
                while state.hole < hole, let seat = golf.seatsToMove(in: state).seats.first {
                    golf.apply(MiniGolfShot(angle: 0, power: 1), by: seat, to: &state)
                }
                guard let move = aim.move(for: golf.seatView(of: state, for: state.turn)) else { continue }
                golf.apply(move, by: state.turn, to: &state)
                moves += 1
            }
        }
        let aimSeconds = seconds(ContinuousClock.now - aimStart)
        print("  aim bot: \(format(aimSeconds / Double(moves) * 1e6)) us per move (\(moves) moves)")

        for bots in [SeatPair("random", "random"), SeatPair("aim", "random")] {
            do {
                let report = try erased.runBatch(
                    BatchConfiguration(
                        games: bots.first == "aim" ? max(1, games / 10) : games,
                        seed: 1, bots: bots, jobs: 1))
                let mean = report.meanScoreToWin.map { String(Double(Int($0 * 100)) / 100) } ?? "-"
                print(
                    "  \(bots.first) vs \(bots.second): \(format(report.matchesPerSecond)) matches/s, "
                        + "\(report.games) matches, wins \(report.wins.first)-\(report.wins.second), mean strokes to win \(mean)")
            } catch {
                CommandExit.failure("\(error)", tool: tool)
            }
        }
        return 0
    }

    static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }

    static func format(_ value: Double) -> String {
        value >= 100 ? String(Int(value.rounded())) : String(Double(Int(value * 100)) / 100)
    }
}
