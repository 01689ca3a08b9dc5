// duo-bench: speed measurements, one subcommand per benchmark.
// Run in release: swift run -c release duo-bench <name> [options]
import DuoArguments
#if canImport(Glibc)
import Glibc
#endif

let usage = """
duo-bench: measures the engine's costs (build with -c release).

Usage:
  duo-bench platform [--iterations N] [--rounds N]   layout context + region queries, per posture
  duo-bench minigolf [--strokes N] [--games N]       mini golf physics, aim bot, matches per second
  duo-bench all                                      every benchmark with its defaults
  duo-bench --help                                   show this help

"""

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "platform":
    PlatformBenchmark.main(Array(arguments.dropFirst()))
case "minigolf":
    MiniGolfBenchmark.main(Array(arguments.dropFirst()))
case "all":
    PlatformBenchmark.main([])
    MiniGolfBenchmark.main([])
case "--help", "-h", "help", nil:
    print(usage, terminator: "")
    exit(arguments.isEmpty ? 2 : 0)
case let word?:
    CommandExit.usage("unknown benchmark '\(word)'", tool: "duo-bench")
}
