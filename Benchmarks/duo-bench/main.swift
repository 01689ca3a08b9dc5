import DuoArguments
import DuoSupport
import Foundation

// duo-bench: the performance figures, one subcommand per benchmark (each in
// its own file). Run with a release build: swift run -c release duo-bench all

/// The benchmarks, in the order `all` runs them.
let benchmarks: [SubcommandProgram.Command] = [
    .init(
        "platform", "layout context build plus every region query, per posture",
        spec: { PlatformBenchmark.command }, run: PlatformBenchmark.run),
    .init(
        "cameras", "camera updates per device change, one preview frame",
        spec: { CameraBenchmark.command }, run: CameraBenchmark.run),
    .init(
        "match", "headless matches per second, match time and per-move bot cost",
        spec: { MatchBenchmark.command }, run: MatchBenchmark.run),
    .init(
        "limit", "the engine's match loop against a plain C loop of the same game (engine / C)",
        spec: { LimitBenchmark.command }, run: LimitBenchmark.run),
    .init(
        "ci", "pairs and SPRT against a plain batch; an outside bot's round trip per move",
        spec: { CIMatchBenchmark.command }, run: CIMatchBenchmark.run),
    .init(
        "bots", "every bot's strength (shots to sink a fleet, golf strokes) and cost per move",
        spec: { BotsBenchmark.command }, run: BotsBenchmark.run),
    .init(
        "search", "a search bot's CPU time per move over whole matches, with its results",
        spec: { SearchBenchmark.command }, run: SearchBenchmark.run),
    .init(
        "frame", "CPU time of one desktop frame (HUD layout + draw, both panels), software renderer",
        spec: { FrameBenchmark.command }, run: FrameBenchmark.run),
    .init(
        "server", "what one move costs the match server: decoding, views, legal moves",
        spec: { ServerBenchmark.command }, run: ServerBenchmark.run),
    .init(
        "serverloop", "the match server's CPU a move without sockets: many matches of scripted moves on its embedded loop",
        spec: { ServerLoopBenchmark.command }, run: ServerLoopBenchmark.run),
    .init(
        "minigolf", "mini golf physics per stroke, aim bot per move, matches per second",
        spec: { MiniGolfBenchmark.command }, run: MiniGolfBenchmark.run),
    .init(
        "photo", "the victory photo: one preview picture, one window frame with it, one device change",
        spec: { PhotoBenchmark.command }, run: PhotoBenchmark.run),
    .init(
        "soak", "memory over a long session: random input over many matches, resident size and caches",
        spec: { SoakBenchmark.command }, run: SoakBenchmark.run),
]

/// Every benchmark in turn; the status is the last failure's, else 0.
let all = SubcommandProgram.Command("all", "every benchmark above, in turn") { arguments in
    var status: Int32 = 0
    for benchmark in benchmarks {
        let result = benchmark.run(arguments)
        if result != 0 { status = result }
    }
    return status
}

SubcommandProgram(
    tool: "duo-bench", noun: "benchmark", commands: benchmarks + [all],
    footer: "\nBuild in release mode for meaningful figures: swift run -c release duo-bench all\n",
    summary: "the Duo tabletop engine's benchmarks: layout, matches, bots, frames, the server", version: EngineVersion.current
)
.main(Array(CommandLine.arguments.dropFirst()))
