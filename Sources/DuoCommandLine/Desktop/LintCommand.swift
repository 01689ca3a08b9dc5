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
        return CommandSpec(
            tool,
            sections: [
                .text(
                    """
                    \(DuoCommand.tool) lint: check the games' HUD layouts on every device situation.

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
                    or disappears) when the device folds from flat. Exit status 0 when the
                    HUD is clean, 1 when anything is reported, 2 for a bad flag.

                    Usage:
                      \(DuoCommand.tool) lint [options]
                    """),
                .options("Options:", [game, Options.profile.spec, variant.spec, Options.foldPositions.spec, Options.json.spec]),
                .list(
                    "Examples:",
                    [
                        "\(DuoCommand.tool) lint", "\(DuoCommand.tool) lint --game minigolf",
                        "\(DuoCommand.tool) lint --profile duo,my-phone.json --fold-positions 9",
                    ]),
            ])
    }

    static func main(_ arguments: [String], games: DesktopGames) {
        let parsed = command(games: games).parseOrExit(arguments)
        var merged: HUDLintReport?
        var checked: [(title: String, screens: [HUDScreen])] = []
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
        } catch let error as ArgumentError {
            CommandExit.usage(error.message, tool: tool)
        } catch {
            CommandExit.failure("\(error)", tool: tool)
        }
        // At least one game was checked (the catalog is never empty).
        let report = merged!
        if parsed[Options.json] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            let data = (try? encoder.encode(report)) ?? Data("{}".utf8)
            FileHandle.standardOutput.write(data + Data("\n".utf8))
        } else {
            for (title, screens) in checked {
                print("\(title) HUD: \(screens.count) screens (\(screens.map(\.name).joined(separator: ", ")))")
            }
            print(
                "checked \(report.situationCount) situations (\(report.distinctContextCount) distinct layout contexts), "
                    + "\(report.layoutCount) layouts, \(report.foldingPairCount) flat-to-folded pairs")
            for finding in report.findings { print("violation: \(finding)") }
            print(report.isClean ? "no violations" : "\(report.findings.count) violation\(report.findings.count == 1 ? "" : "s")")
        }
        exit(report.isClean ? 0 : 1)
    }
}
