import DuoArguments
import DuoDesktop
import DuoPlatform
import Foundation
import TabletopEngine

#if canImport(Glibc)
import Glibc
#endif

/// `duo lint`: lays every game's HUD out in every situation and reports
/// each element that breaks a rule; exit status 1 when any does.
enum LintCommand {
    static let tool = "\(DuoCommand.tool) lint"

    /// The options, each declared once: parsing, `--help` and the reads below come from these.
    enum Options {
        static let game: Option<String?> = .text("game", "NAME", defaultText: "every game", help: "check only this game")
        static let profile: Option<String> = .text(
            "profile", "LIST", default: "duo,classic", help: "profiles to check, comma-separated names or files")
        static let variant: Option<String?> = .text("variant", "NAME", help: "the rules variant laid out, of --game")
        static let foldPositions: Option<Int> = .integer(
            "fold-positions", in: 1...41, default: 5, help: "fold positions tried across each profile's range")
        static let json: Option<Bool> = .flag("json", help: "print the report as JSON instead of text")
        static let drawnMoves: Option<Int> = .integer(
            "drawn-moves", in: 1...1_000, default: 400,
            help: "moves drawn of each match the drawn-text lint plays (the default plays them whole)")
        static let seed: Option<Int> = .integer("seed", in: 0...Int.max, default: 1, help: "seed of the drawn-text lint's matches and device walks")
    }

    /// The command's declaration: its help and what it accepts.
    static func command(games: DesktopGames) -> CommandSpec {
        var game = Options.game.with(help: "check only this game: \(games.names.joined(separator: " | "))").spec
        game.kind = .choice(games.names)
        game.showsAllowed = false
        let variant = Options.variant.with(
            help: """
                the rules variant laid out, of --game (default: each game's own;
                without --game it applies to the default game, \(games.defaultEntry.name))
                """)
        // 0...Int.max says nothing a person needs.
        var seed = Options.seed.spec
        seed.showsAllowed = false
        return CommandSpec(
            tool,
            sections: [
                .text(
                    """
                    \(DuoCommand.tool) lint: check the games' HUD layouts on every device situation, and every
                    text their tables draw over whole matches.

                    It lays out every screen of each game (each game names its screens: its
                    moments of play, in each mode, and the victory photo's where it has one)
                    in every profile x posture x orientation x direction x fold position x
                    hinge angle, with the inner
                    camera in use or not, and reports each element that:
                      - crosses an active division (the fold band),
                      - overlaps an active occlusion (a camera, the status area),
                      - leaves the scene,
                      - is interactive and smaller than a 44 pt touch target,
                      - is a board whose cells are smaller than it allows,
                      - is interactive and, in tabletop, not on the flat half below the fold,
                      - is too narrow for a text the game shows in it, measured with the
                        window's font (wrapped, and shrunk to 10 pt at the least),
                    and each element that moves by more than half the fold band (or appears,
                    or disappears) when the device folds from flat.

                    Then it plays whole matches of each game in the window's own session,
                    offscreen: against the game's bot, two people passing the device, two
                    seats in tent (a game that seats them), a replay as seat 0 and as a
                    spectator saw it (a game with a networked table), the first profile's
                    device walking through postures, orientations, fold positions, the camera
                    and the direction (each further profile: the bot match), now and then with
                    the hotkey help, the regions overlay or older news showing. It draws a
                    frame after every move and again 1.6 s later, and checks every text each
                    frame drew: not cut short or clipped, inside the scene, at the game's
                    minimum size (10 pt unless it declares another), clear of the fold's band
                    and the cameras, inside its HUD element (never across an edge), clear
                    of other texts and of the overlays' boxes. It prints how many texts it
                    checked.

                    On the same matches it checks the truth over time: at every frame, what
                    each seat's table says (its news, banner, turn line and score, and that the
                    frame drew them) is what that seat's views up to the move it shows say (the
                    game's own table fed the match's replay to that step): no news of a move
                    not shown yet, none lost. A replay's steps are reached forward, and again
                    stepping back and by a jump: the frames and words must be the same. Findings the engine knows of and has not fixed yet are printed
                    as 'known:' (with the reason) and do not fail.

                    Exit status 0 when everything is clean, 1 when anything (not known) is
                    reported, 2 for a bad flag.

                    Usage:
                      \(DuoCommand.tool) lint [options]
                    """),
                .options(
                    "Options:",
                    [
                        game, Options.profile.spec, variant.spec, Options.foldPositions.spec, Options.drawnMoves.spec, seed,
                        Options.json.spec,
                    ]),
                .list(
                    "Examples:",
                    [
                        "\(DuoCommand.tool) lint", "\(DuoCommand.tool) lint --game minigolf",
                        "\(DuoCommand.tool) lint --profile duo,my-phone.json --fold-positions 9",
                        "\(DuoCommand.tool) lint --game minigolf --drawn-moves 20 --seed 7",
                    ]),
            ])
    }

    static func main(_ arguments: [String], games: DesktopGames) {
        let parsed = command(games: games).parseOrExit(arguments)
        var merged: HUDLintReport?
        var checked: [(title: String, screens: [HUDScreen])] = []
        var drawn: [DrawnTextLint.Report] = []
        do {
            let names = parsed[Options.profile].split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
            guard !names.isEmpty, !names.contains(where: \.isEmpty) else { throw ArgumentError("--profile needs one or more names or files") }
            let profiles = try names.map { try DeviceStateFlags.profile($0) }
            let count = parsed[Options.foldPositions]
            let entries = try parsed[Options.game].map { [try games.entry(named: $0)] } ?? games.entries
            let sweep = HUDLintSweep(profiles: profiles, foldPositionCount: count)
            // The text-fit rule measures with the font the window draws with.
            let metrics = try FontMetrics()
            defer { metrics.close() }
            for (index, entry) in entries.enumerated() {
                // A --variant without --game names a variant of the default (first) game.
                let variant = index == 0 ? parsed[Options.variant] ?? entry.defaultVariant : entry.defaultVariant
                try GameFlags.checkVariant(variant, of: entry.name)
                let screens = try entry.lintScreens(variant)
                var gameSweep = sweep
                gameSweep.checksTentHalves = entry.seatsOnTentHalves
                var part = gameSweep.run(screens: screens, texts: try entry.lintTexts(variant), measure: metrics.measure)
                checked.append((entry.title, screens))
                // With several games, a finding's screen names its game.
                if entries.count > 1 {
                    part.findings = part.findings.map { finding in
                        var named = finding
                        named.screen = "\(entry.name) \(finding.screen)"
                        return named
                    }
                }
                guard var total = merged else {
                    merged = part
                    continue
                }
                total.situationCount += part.situationCount
                total.distinctContextCount += part.distinctContextCount
                total.layoutCount += part.layoutCount
                total.foldingPairCount += part.foldingPairCount
                total.findings += part.findings
                merged = total
            }
            drawn = try drawnTexts(of: entries, profiles: profiles, parsed: parsed)
        } catch let error as ArgumentError {
            CommandExit.usage(error.message, tool: tool)
        } catch {
            CommandExit.failure("\(error)", tool: tool)
        }
        // At least one game was checked (the catalog is never empty).
        let report = merged!
        let failures = drawn.flatMap(\.failures)
        let known = drawn.flatMap(\.findings).filter { $0.known != nil }
        var truth = TableTruthCheck.Report()
        for part in drawn { truth.merge(part.truth) }
        let isClean = report.isClean && drawn.allSatisfy(\.isClean)
        if parsed[Options.json] {
            FileHandle.standardOutput.write(json(report, drawn: drawn) + Data("\n".utf8))
        } else {
            for (title, screens) in checked {
                print("\(title) HUD: \(screens.count) screens (\(screens.map(\.name).joined(separator: ", ")))")
            }
            print(
                "checked \(report.situationCount) situations (\(report.distinctContextCount) distinct layout contexts), "
                    + "\(report.layoutCount) layouts, \(report.foldingPairCount) flat-to-folded pairs")
            for finding in report.findings { print("violation: \(finding)") }
            let texts = drawn.map(\.textCount).reduce(0, +)
            let frames = drawn.map(\.frameCount).reduce(0, +)
            let matches = drawn.map(\.matches.count).reduce(0, +)
            print("checked \(texts) drawn texts in \(frames) frames of \(matches) matches")
            for part in drawn {
                print(
                    "  \(part.game): "
                        + part.matches.map { "\($0.mode.title) (\($0.profile), \($0.moves) moves, \($0.frames) frames)" }.joined(separator: ", "))
            }
            print(
                "checked what the tables said at \(truth.momentCount) moments of \(truth.matchCount) matches against their seat views, "
                    + "and \(truth.replayStepCount) replay steps reached forward, back and by a jump")
            for finding in known { print("known: \(finding) [\(finding.known?.reason ?? "")]") }
            for finding in failures { print("violation: \(finding)") }
            for finding in truth.findings { print("violation: \(finding)") }
            let count = report.findings.count + failures.count + truth.findings.count
            let knownNote = known.isEmpty ? "" : " (\(known.count) known drawn-text finding\(known.count == 1 ? "" : "s"))"
            print(isClean ? "no violations\(knownNote)" : "\(count) violation\(count == 1 ? "" : "s")\(knownNote)")
        }
        exit(isClean ? 0 : 1)
    }

    /// Walks each game's matches with the drawn-text lint: every kind of match on the first
    /// profile, the bot match on each further one.
    static func drawnTexts(
        of entries: [DesktopGameRegistration], profiles: [DeviceProfile], parsed: ParsedOptions
    ) throws -> [DrawnTextLint.Report] {
        let tracer = FrameTracer()
        defer { tracer.close() }
        return try entries.enumerated().map { index, entry in
            let variant = index == 0 ? parsed[Options.variant] ?? entry.defaultVariant : entry.defaultVariant
            var report = DrawnTextLint.Report(game: entry.name)
            for (number, profile) in profiles.enumerated() {
                let settings = DrawnTextLint.Settings(
                    profile: profile, variant: variant, seed: UInt64(parsed[Options.seed]), modes: number == 0 ? nil : [.bot],
                    maxMoves: parsed[Options.drawnMoves])
                report.merge(try DrawnTextLint.run(entry, settings: settings, tracer: tracer))
            }
            return report
        }
    }

    /// The layout report's JSON with the drawn-text lint's under `drawnTexts`.
    static func json(_ report: HUDLintReport, drawn: [DrawnTextLint.Report]) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let layout = try? encoder.encode(report), var object = (try? JSONSerialization.jsonObject(with: layout)) as? [String: Any] else {
            return Data("{}".utf8)
        }
        object["drawnTexts"] = drawn.map { part -> [String: Any] in
            [
                "game": part.game, "frameCount": part.frameCount, "textCount": part.textCount,
                "matches": part.matches.map { ["mode": $0.mode.rawValue, "profile": $0.profile, "moves": $0.moves, "frames": $0.frames] },
                "findings": part.findings.map { finding -> [String: Any] in
                    var fields: [String: Any] = [
                        "mode": finding.mode?.rawValue ?? "screenshot", "frame": finding.frame, "move": finding.move, "seconds": finding.seconds,
                        "situation": finding.situation, "screen": finding.screen, "rule": finding.rule, "place": finding.place,
                        "frameCount": finding.frameCount, "texts": finding.violations.map(\.text.text), "message": finding.description,
                    ]
                    if let known = finding.known { fields["known"] = known.reason }
                    return fields
                },
                "truth": [
                    "momentCount": part.truth.momentCount, "matchCount": part.truth.matchCount, "replayStepCount": part.truth.replayStepCount,
                    "findings": part.truth.findings.map { finding -> [String: Any] in
                        [
                            "table": finding.table, "match": finding.match, "frame": finding.frame, "step": finding.step,
                            "rule": finding.rule.rawValue,
                            "text": finding.text, "count": finding.count, "message": finding.description,
                        ]
                    },
                ],
            ]
        }
        return (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])) ?? Data("{}".utf8)
    }
}
