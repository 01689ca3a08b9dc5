import DuoArguments
import DuoPlatform
import Foundation

/// `duo-bench platform`: the cost, in nanoseconds, of one full layout
/// context build for a scene plus every reserved-region query on it (each
/// kind filter x with and without inactive regions x mirrored and fixed,
/// twelve queries), in each posture of the duo, in right-to-left (the
/// costlier direction: frames are mirrored). Reports the median over rounds
/// of many iterations, and the best round.
enum PlatformBenchmark {
    static let tool = "duo-bench platform"

    /// The options, each declared once: parsing, `--help` and the reads below come from these.
    enum Options {
        static let iterations: Option<Int> = .integer(
            "iterations", in: 1...100_000_000, default: 20_000, help: "layout context builds (each with its queries) per round")
        static let rounds: Option<Int> = .integer("rounds", in: 1...1_000, default: 15, help: "rounds; the median and the best are shown")
    }

    /// The benchmark's declaration: its help and what it accepts.
    static let command = CommandSpec(
        tool,
        sections: [
            .usage,
            .text(
                """
                The cost, in nanoseconds, of one full layout context build for a scene
                plus every reserved-region query on it (each kind filter x with and
                without inactive regions x mirrored and fixed, twelve queries), in each
                posture of the duo, in right-to-left (inner camera in use). Reports the
                median over rounds of many iterations, and the best round.
                """),
            .options("options:", [Options.iterations.spec, Options.rounds.spec]),
        ])

    static func run(_ arguments: [String]) -> Int32 {
        let parsed = command.parseOrExit(arguments)
        let iterations = parsed[Options.iterations]
        let rounds = parsed[Options.rounds]
        let profile: DeviceProfile
        do {
            profile = try DeviceProfile.named("duo")
        } catch {
            CommandExit.failure("\(error)", tool: tool)
        }
        print("platform: layout context build + 12 region queries, duo profile, rtl, inner camera in use")
        print("  \("posture".padding(toLength: 10, withPad: " ", startingAt: 0)) median ns    best ns  (\(rounds) rounds x \(iterations))")
        var checksum = 0.0
        for posture in Posture.allCases {
            var state = DeviceState(profile: profile, posture: posture, layoutDirection: .rightToLeft)
            state.isInnerCameraInUse = true
            var samples: [Double] = []
            for _ in 0..<rounds {
                let start = ContinuousClock.now
                for _ in 0..<iterations {
                    checksum += buildAndQuery(state)
                }
                let elapsed = ContinuousClock.now - start
                samples.append(nanoseconds(elapsed) / Double(iterations))
            }
            samples.sort()
            let median = samples[samples.count / 2]
            let name = posture.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
            print("  \(name) \(format(median)) \(format(samples[0]))")
        }
        // Printing the checksum keeps the optimiser from dropping the work.
        print("  (checksum \(checksum))")
        return 0
    }

    /// One layout context build and every query; returns a number that depends on all results.
    @inline(never)
    static func buildAndQuery(_ state: DeviceState) -> Double {
        let context = state.layoutContext
        var sum = 0.0
        for kind in [nil, ReservedRegion.Kind.division, .occlusion] {
            for options in [ReservedRegion.QueryOptions(), .includeInactive] {
                for behavior in LayoutDirectionBehavior.allCases {
                    for region in context.reservedRegions(kind: kind, options: options, layoutDirectionBehavior: behavior) {
                        sum += region.frame.minX + region.frame.width
                    }
                }
            }
        }
        return sum
    }

    static func nanoseconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) * 1e9 + Double(parts.attoseconds) / 1e9
    }

    static func format(_ value: Double) -> String {
        let text = String(Int(value.rounded()))
        return String(repeating: " ", count: max(0, 10 - text.count)) + text
    }
}
