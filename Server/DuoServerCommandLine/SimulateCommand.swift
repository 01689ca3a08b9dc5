import DuoArguments
import DuoServerKit
import Foundation
import TabletopEngine

/// `duo-server simulate`: runs the whole server deterministically, one
/// seed after another, checking its invariants after every step.
enum SimulateCommand {
    static let tool = "\(DuoServerCommand.tool) simulate"

    /// The options, each declared once: parsing, `--help` and the reads below come from these.
    enum Options {
        static let seeds: Option<Int> = .integer("seeds", in: 1...100_000_000, default: 100, help: "how many seeds to run")
        static let seed: Option<UInt64> = .unsigned("seed", "S", default: 1, help: "the first seed (then S+1, S+2, ...)")
        static let steps: Option<Int> = .integer("steps", "K", in: 1...1_000_000, default: 200, help: "steps each seed plans")
        static let keep: Option<String?> = .text(
            "keep", "LIST",
            help: """
                take only these steps of the seed (comma-separated
                numbers: the shrunk reproduction a failure prints)
                """)
        static let fault: Option<String?> = .text(
            "fault", "NAME",
            help: """
                plant a defect in the server to see it caught:
                \(SimulatedFault.allCases.map(\.rawValue).joined(separator: ", "))
                """)
        static let game: Option<[String]> = .repeatable(
            "game", "NAME", help: "host only this game (repeat for more; default: every\ngame registered)")
        static let noShrink: Option<Bool> = .flag("no-shrink", help: "report a failing seed as it ran, without shrinking it")
        static let keepGoing: Option<Bool> = .flag("keep-going", help: "run every seed even after a failure")
    }

    /// The command's declaration: its help and what it accepts.
    static func command(games: GameCatalog) -> CommandSpec {
        CommandSpec(
            tool,
            sections: [
                .usage,
                .text(
                    """
                    Runs the match server deterministically: the real server on an in-memory
                    event loop, a manual clock and journal syncs the run completes or fails.
                    Each seed decides everything: the clients (valid play, resignations, moves
                    out of turn, hostile and half lines, drops and resumes with tickets, late
                    spectators, matches against bots), when syncs complete or fail, how the
                    clock moves, and crashes (every unsynced byte lost) and restarts on the
                    same data. Every step is followed by checks of the server's invariants
                    (docs/PROTOCOL.md, Simulation). A failing seed is shrunk to the fewest
                    steps that still fail and printed with the command that replays it.
                    """),
                .text("exit status: 0 every invariant held, 1 a seed broke one, 2 a bad flag or value"),
                .options(
                    "options:",
                    [
                        Options.seeds.spec, Options.seed.spec, Options.steps.spec, Options.keep.spec, Options.fault.spec,
                        Options.game.spec, Options.noShrink.spec, Options.keepGoing.spec,
                    ]),
                .list(
                    "examples:",
                    [
                        "\(DuoServerCommand.tool) simulate --seeds 10000",
                        "\(DuoServerCommand.tool) simulate --seed 42 --steps 500",
                        "\(DuoServerCommand.tool) simulate --seeds 200 --fault ackBeforeSync",
                    ]),
            ])
    }

    static func run(_ arguments: [String], games: GameCatalog) -> Int32 {
        let parsed = command(games: games).parseOrExit(arguments)
        var fault: SimulatedFault?
        var keep: [Int]?
        var hosted = games
        do {
            let names = parsed[Options.game]
            if !names.isEmpty {
                hosted = GameCatalog(
                    try names.map { name in
                        do throws(CatalogError) { return try games.entry(named: name) } catch { throw ArgumentError("--game: \(error)") }
                    })
            }
            if let name = parsed[Options.fault] {
                guard let named = SimulatedFault(rawValue: name) else {
                    throw ArgumentError("--fault must be one of \(SimulatedFault.allCases.map(\.rawValue).joined(separator: ", ")), not '\(name)'")
                }
                fault = named
            }
            if let list = parsed[Options.keep] {
                let numbers = list.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
                guard !numbers.isEmpty, numbers.allSatisfy({ $0 != nil && $0! >= 0 }) else {
                    throw ArgumentError("--keep takes step numbers separated by commas, not '\(list)'")
                }
                keep = numbers.compactMap { $0 }
            }
        } catch let error as ArgumentError {
            CommandExit.usage(error.message, tool: tool)
        } catch {
            CommandExit.usage("\(error)", tool: tool)
        }
        let settings = ServerSimulation.Settings(catalog: hosted, assets: GameLoading.assets(), steps: parsed[Options.steps], fault: fault)
        let simulation = ServerSimulation(settings)
        let first = parsed[Options.seed]
        let count = parsed[Options.seeds]
        var totals = SimulationTotals()
        let start = ContinuousClock.now
        for offset in 0..<UInt64(count) {
            let run = simulation.run(seed: first &+ offset, keeping: keep)
            totals.add(run)
            guard run.passed else {
                report(run, simulation: simulation, shrinking: !parsed[Options.noShrink] && keep == nil)
                if parsed[Options.keepGoing] { continue }
                break
            }
        }
        let elapsed = start.duration(to: .now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print(summary(totals, seconds: seconds))
        return totals.failures.isEmpty ? 0 : CommandExit.failureStatus
    }

    /// Prints a failing seed: shrunk (unless told not to), with its steps and the command that replays it.
    static func report(_ run: SimulationRun, simulation: ServerSimulation, shrinking: Bool) {
        guard let failure = run.failure else { return }
        print("seed \(run.seed) failed at step \(failure.step): \(failure.violation)")
        print("  replay: \(run.command)")
        let shown = shrinking ? simulation.shrink(run) : simulation.run(seed: run.seed, keeping: run.keptSteps, tracing: true)
        if shrinking, let shrunk = shown.failure {
            print("shrunk to \(shown.keptSteps?.count ?? shown.plannedSteps) steps, failing at step \(shrunk.step): \(shrunk.violation)")
            print("  replay: \(shown.command)")
        }
        for line in shown.trace { print("    \(line)") }
    }

    static func summary(_ totals: SimulationTotals, seconds: Double) -> String {
        let rate = seconds > 0 ? Double(totals.seeds) / seconds : 0
        let stepRate = seconds > 0 ? Double(totals.steps) / seconds : 0
        return """
            \(totals.seeds) seeds in \(String(format: "%.2f", seconds)) s (\(String(format: "%.1f", rate)) seeds/s, \(String(format: "%.0f", stepRate)) steps/s): \
            \(totals.steps) steps, \(totals.crashes) crashes and restarts, \(totals.matchesCreated) matches, \
            \(totals.acknowledgedMoves) moves acknowledged, \(totals.linesChecked) lines checked, \
            \(totals.slowReadersDropped) slow readers dropped, \
            \(totals.invariantsChecked) invariants checked; \(totals.failures.count) failed
            """
    }
}
