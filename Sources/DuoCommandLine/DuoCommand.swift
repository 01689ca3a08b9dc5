import DuoArguments
import DuoDesktop
import DuoSupport

#if canImport(Glibc)
import Glibc
#endif

/// `duo` as a library entry point: the window, `duo screenshot`, `duo lint`,
/// `duo filmstrip` and `duo inspect` for the games a program registers. The engine's own
/// `duo` is one call of it with the engine's games; a game's own package
/// runs the same commands with its games from its `main.swift`:
///
///     DuoCommand.main(games: [.noughts])
///
/// Every help text, `--game` value and error message lists the games given
/// here, the first being the default.
public enum DuoCommand {
    /// The tool's name in messages: the running program's (`duo`, or a game package's own, `noughts`).
    static let tool = ProgramName.running(or: "duo")
    /// The server program beside it, named as the engine and the package guide name theirs
    /// (`duo-server` beside `duo`, `noughts-server` beside `noughts`), for help and fixes.
    static var serverTool: String { "\(tool)-server" }

    /// Runs the command `arguments` name (none: the window) with `games` registered, and exits with its status.
    /// Two games registered under one name (or none at all) is a clear error (status 1) before anything runs.
    /// `--version` prints the program's name and the engine's version in parentheses: a game
    /// package gives its own with ``main(games:version:arguments:)``.
    @MainActor
    public static func main(games: [DesktopGameRegistration], arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        main(games: games, version: nil, arguments: arguments)
    }

    /// Runs the command `arguments` name with `games` registered, as ``main(games:arguments:)``,
    /// for a program of version `version` (a game package's own, which `--version` prints before
    /// the engine's; the engine's own `duo` gives `EngineVersion.current`).
    @MainActor
    public static func main(
        games: [DesktopGameRegistration], version: String?, arguments: [String] = Array(CommandLine.arguments.dropFirst())
    ) -> Never {
        let registry: DesktopGames
        do {
            registry = try DesktopGames(games)
        } catch {
            CommandExit.failure("cannot start: \(error)", tool: tool)
        }
        if let first = arguments.first, first == ProgramDeclaration.Word.version || first.hasPrefix("--generate-") {
            declaration(games: registry, version: version).handle(arguments)
        }
        switch arguments.first {
        case "inspect":
            InspectCommand.main(Array(arguments.dropFirst()))
        case "screenshot":
            ScreenshotCommand.main(Array(arguments.dropFirst()), games: registry)
        case "lint":
            LintCommand.main(Array(arguments.dropFirst()), games: registry)
        case "filmstrip":
            FilmstripCommand.main(Array(arguments.dropFirst()), games: registry)
        case CommandDeclaration.dumpWord where arguments.count == 1:
            CommandDeclaration.print([
                DuoHelp.command(games: registry), InspectHelp.command, ScreenshotCommand.command(games: registry),
                LintCommand.command(games: registry), FilmstripCommand.command(games: registry),
            ])
        case "--help", "-h", "help":
            print(DuoHelp.command(games: registry).help, terminator: "")
        case let word? where !word.hasPrefix("-"):
            CommandExit.usage("unknown command '\(word)'", tool: tool)
        default:
            WindowCommand.main(arguments, games: registry)
        }
        exit(0)
    }

    /// The whole program declared (the window's options and each subcommand's), for
    /// `--version`, its manual page and its completion scripts.
    static func declaration(games: DesktopGames, version: String?) -> ProgramDeclaration {
        ProgramDeclaration(
            name: tool,
            summary: "the desktop program of the Duo tabletop engine for \(games.names.joined(separator: ", ")): "
                + "the game window on a simulated foldable, screenshots, lint, filmstrips and inspect",
            version: EngineVersion.programVersion(version), root: DuoHelp.command(games: games),
            subcommands: [
                .init("inspect", summary: "print a device state and its reserved regions as JSON", command: InspectHelp.command),
                .init(
                    "screenshot", summary: "render a frame offscreen (no display needed) to a PNG file",
                    command: ScreenshotCommand.command(games: games)),
                .init("lint", summary: "check the games' HUD layouts on every device situation", command: LintCommand.command(games: games)),
                .init(
                    "filmstrip", summary: "draw a replay as one contact sheet (PNG), a frame per move",
                    command: FilmstripCommand.command(games: games)),
            ], completions: completions(games: games))
    }

    /// What the values of `--game`, `--bot` and `--variant` complete with: the registered games,
    /// and each game's bots and variants as its data in Assets/ has them.
    static func completions(games: DesktopGames) -> [String: ValueCompletion] {
        let listings = games.listings()
        let bots = Dictionary(uniqueKeysWithValues: listings.map { ($0.name, $0.bots) })
        let variants = Dictionary(uniqueKeysWithValues: listings.map { ($0.name, $0.variants) })
        let defaultGame = games.defaultEntry.name
        return [
            "game": .words(games.names),
            "bot": .dependingOn(option: "game", cases: bots, fallback: bots[defaultGame] ?? []),
            "variant": .dependingOn(option: "game", cases: variants, fallback: variants[defaultGame] ?? []),
        ]
    }
}
