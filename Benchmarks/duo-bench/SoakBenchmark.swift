import BroadsideDesktop
import DuoArguments
import DuoDesktop
import DuoGames
import DuoPlatform
import Foundation
import MiniGolfDesktop

/// `duo-bench soak`: memory over a long session at the window, offscreen:
/// tens of thousands of seeded random inputs over many matches
/// (``MemorySoak``), the process's resident size and the canvas's caches
/// read every so often. Passes (status 0) when the resident size is level
/// after the warm-up and every cache within its limits.
enum SoakBenchmark {
    static let tool = "duo-bench soak"

    /// The options, each declared once: parsing, `--help` and the reads below come from these.
    enum Options {
        static let inputs: Option<Int> = .integer("inputs", in: 100...10_000_000, default: 20_000, help: "random inputs given")
        static let game: Option<String> = .choice("game", "NAME", among: ["broadside", "minigolf"], default: "broadside", help: "the game played")
        static let bot: Option<String?> = .text("bot", "NAME", defaultText: "the game's own: density, aim", help: "the bot played against")
        static let drawEvery: Option<Int> = .integer("draw-every", in: 1...1_000, default: 4, help: "a frame drawn after every N inputs")
        static let seed: Option<UInt64> = .unsigned("seed", default: 1, help: "seeds the input and the match")
        static let growth: Option<Int> = .integer(
            "growth", "MB", in: 1...10_000, default: 12, help: "resident growth after the warm-up (the first quarter) that fails")
    }

    /// The benchmark's declaration: its help and what it accepts.
    static let command = CommandSpec(
        tool,
        sections: [
            .usage,
            .text(
                """
                A long session at the window, offscreen (software renderer, no
                display): seeded random input (every hotkey but quit and the
                photo, game keys, clicks, drags, pointer moves, time passing,
                window resizes, New game twice) against a bot, a frame drawn
                every --draw-every inputs, over many matches. Every 1,000 inputs it prints
                the resident size (RSS) and the canvas's caches (what the F3
                readout shows). Fails when the resident size grows by more than
                --growth MB after the warm-up (the first quarter of the inputs),
                or a cache holds more than its limit.
                """),
            .options(
                "options:",
                [Options.inputs.spec, Options.game.spec, Options.bot.spec, Options.drawEvery.spec, Options.seed.spec, Options.growth.spec]),
        ])

    static func run(_ arguments: [String]) -> Int32 {
        let parsed = command.parseOrExit(arguments)
        let inputs = parsed[Options.inputs]
        let seed = parsed[Options.seed]
        let (registration, bot): (DesktopGameRegistration, String) =
            parsed[Options.game] == "minigolf" ? (.miniGolf, "aim") : (.broadside, "density")
        do {
            let profile = try GameLoader.profile("duo")
            let table = try registration.makeTable(registration.catalogEntry.defaultVariant, parsed[Options.bot] ?? bot, seed)
            let profiles = [profile, try GameLoader.profile("classic")]
            let session = DesktopSession(state: DeviceState(profile: profile, posture: .tabletop), profiles: profiles, game: table)
            let size = Screenshot.windowSize(for: session, scale: 1)
            let soak = try MemorySoak(session: session, width: size.width, height: size.height, seed: seed)
            let started = Date()
            let samples = try soak.run(inputs: inputs, drawEvery: parsed[Options.drawEvery])
            let seconds = Date().timeIntervalSince(started)
            print(
                "soak: \(registration.title) against \(parsed[Options.bot] ?? bot), \(inputs) random inputs, seed \(seed), "
                    + "\(size.width)x\(size.height) canvas")
            print("  inputs  matches   RSS MB  caches")
            for sample in samples {
                print(
                    String(format: "  %6d  %7d  %7.1f  ", sample.inputs, sample.matches, Double(sample.residentBytes) / 1_048_576)
                        + sample.caches.readout)
            }
            let verdict = MemorySoak.Verdict(samples: samples, limits: soak.cacheLimits, growthLimit: parsed[Options.growth] << 20)
            print(String(format: "  %.1f s, %.2f ms an input", seconds, seconds * 1000 / Double(inputs)))
            print("  " + verdict.summary)
            return verdict.passed ? 0 : 1
        } catch {
            CommandExit.failure("\(error)", tool: tool)
        }
    }
}
