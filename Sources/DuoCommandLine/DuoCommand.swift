import DuoArguments
import DuoDesktop

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
    @MainActor
    public static func main(games: [DesktopGameRegistration], arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        let registry: DesktopGames
        do {
            registry = try DesktopGames(games)
        } catch {
            CommandExit.failure("cannot start: \(error)", tool: tool)
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
}
