import DuoArguments
import Foundation

// duo-bench: the performance figures, one subcommand per benchmark (each in
// its own file). Run with a release build: swift run -c release duo-bench all

let arguments = Array(CommandLine.arguments.dropFirst())

/// The benchmarks, in the order `all` runs them.
let benchmarks: [(name: String, summary: String, run: ([String]) -> Int32)] = [
    ("platform", "layout context build plus every region query, per posture", PlatformBenchmark.run),
    ("cameras", "camera updates per device change, one preview frame", CameraBenchmark.run),
    ("match", "headless matches per second, match time and per-move bot cost", MatchBenchmark.run),
    ("frame", "CPU time of one desktop frame (HUD layout + draw, both panels), software renderer", FrameBenchmark.run),
    ("server", "what one move costs the match server: decoding, views, legal moves", ServerBenchmark.run),
    ("minigolf", "mini golf physics per stroke, aim bot per move, matches per second", MiniGolfBenchmark.run),
    ("photo", "the victory photo: one preview picture, one window frame with it, one device change", PhotoBenchmark.run),
]

@MainActor func printUsage() {
    var text = "usage: duo-bench <benchmark|all> [options]\n\nbenchmarks:\n"
    for benchmark in benchmarks {
        text += "  \(benchmark.name.padding(toLength: 8, withPad: " ", startingAt: 0)) \(benchmark.summary)\n"
    }
    text += "  all      every benchmark above, in turn\n\nBuild in release mode for meaningful figures: swift run -c release duo-bench all\n"
    print(text, terminator: "")
}

switch arguments.first {
case nil, "--help", "-h", "help":
    printUsage()
    exit(0)
case "all":
    var status: Int32 = 0
    for benchmark in benchmarks {
        let result = benchmark.run(Array(arguments.dropFirst()))
        if result != 0 { status = result }
    }
    exit(status)
case let name?:
    guard let benchmark = benchmarks.first(where: { $0.name == name }) else {
        CommandExit.usage("unknown benchmark '\(name)'", tool: "duo-bench")
    }
    exit(benchmark.run(Array(arguments.dropFirst())))
}
