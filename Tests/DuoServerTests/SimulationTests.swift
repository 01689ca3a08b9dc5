import Broadside
import DuoNet
import DuoServerKit
import Foundation
import TabletopEngine
import Testing

/// The whole server run deterministically over many seeds (`ServerSimulation`):
/// every invariant after every step, a planted defect of each kind caught,
/// and the seeds that found real defects kept, each of which failed before
/// its fix.
@Suite struct SimulationTests {
    static func simulation(steps: Int, fault: SimulatedFault? = nil) -> ServerSimulation {
        ServerSimulation(ServerSimulation.Settings(catalog: TestServer.catalog, assets: TestServer.assets, steps: steps, fault: fault))
    }

    /// Records a failing run as its shrunk reproduction and the command that replays it.
    static func expectPasses(_ run: SimulationRun, in simulation: ServerSimulation, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let failure = run.failure else { return }
        let shrunk = simulation.shrink(run, maxRuns: 100)
        Issue.record(
            """
            seed \(run.seed) failed at step \(failure.step): \(failure.violation)
            replay: \(run.command)
            shrunk: \(shrunk.command)
            \(shrunk.trace.suffix(60).joined(separator: "\n"))
            """, sourceLocation: sourceLocation)
    }

    /// Two thousand short seeds, in two halves that run side by side.
    @Test(arguments: [UInt64(1)...1_000, 1_001...2_000])
    func shortSeedsHoldEveryInvariant(_ seeds: ClosedRange<UInt64>) {
        let simulation = Self.simulation(steps: 30)
        var totals = SimulationTotals()
        for seed in seeds {
            let run = simulation.run(seed: seed)
            totals.add(run)
            Self.expectPasses(run, in: simulation)
            if !run.passed { break }
        }
        #expect(totals.seeds == seeds.count)
        #expect(totals.matchesCreated > seeds.count / 4, "the seeds play matches: \(totals.matchesCreated)")
        #expect(totals.crashes > 0 && totals.acknowledgedMoves > 0)
    }

    /// Fewer, longer seeds: matches played far, many crashes and restarts.
    @Test func longSeedsHoldEveryInvariant() {
        let simulation = Self.simulation(steps: 200)
        var totals = SimulationTotals()
        for seed in UInt64(1)...20 {
            let run = simulation.run(seed: seed)
            totals.add(run)
            Self.expectPasses(run, in: simulation)
            if !run.passed { break }
        }
        #expect(totals.crashes >= 20, "crashes and restarts: \(totals.crashes)")
        #expect(totals.acknowledgedMoves >= 100, "moves acknowledged: \(totals.acknowledgedMoves)")
    }

    /// A seed replays exactly: same steps, same lines, same checks.
    @Test func aSeedReplaysTheSameRun() {
        let simulation = Self.simulation(steps: 120)
        let first = simulation.run(seed: 7)
        let second = simulation.run(seed: 7)
        #expect(first.passed && second.passed)
        #expect(first.linesChecked == second.linesChecked && first.invariantsChecked == second.invariantsChecked)
        #expect(first.acknowledgedMoves == second.acknowledgedMoves && first.crashes == second.crashes)
    }

    /// Each planted defect is caught by the invariant it breaks, within the
    /// first seeds (the seed that finds it is pinned), and shrinks to a
    /// handful of steps that replay it.
    @Test(arguments: [
        (SimulatedFault.dropViewAfterSync, UInt64(1), SimulationInvariant.delivery),
        (.ackBeforeSync, 1, .acknowledgedMoves),
        (.leakDescriptorOnResign, 17, .resources),
    ])
    func aPlantedFaultIsCaught(_ fault: SimulatedFault, seed: UInt64, invariant: SimulationInvariant) throws {
        let simulation = Self.simulation(steps: 30, fault: fault)
        var caught: SimulationRun?
        for candidate in UInt64(1)...seed {
            let run = simulation.run(seed: candidate)
            if !run.passed {
                caught = run
                break
            }
        }
        let run = try #require(caught, "\(fault) was not caught by seeds 1...\(seed)")
        #expect(run.seed == seed)
        #expect(run.failure?.violation.invariant == invariant, "\(String(describing: run.failure?.violation))")
        let shrunk = simulation.shrink(run, maxRuns: 120)
        #expect(shrunk.failure?.violation.invariant == invariant)
        #expect((shrunk.keptSteps?.count ?? .max) <= 12, "shrunk to \(shrunk.keptSteps?.count ?? -1) steps: \(shrunk.command)")
        #expect(shrunk.command.contains("--fault \(fault.rawValue)") && shrunk.command.contains("--keep "))
        #expect(!shrunk.trace.isEmpty)
        // The same seed without the fault holds every invariant.
        #expect(Self.simulation(steps: 30).run(seed: seed).passed)
    }
}
