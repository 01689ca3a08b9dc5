import DuoArguments
import DuoPlatform
import DuoSupport
import TabletopEngine

/// `duo-server` as a library entry point: headless matches, shard merging,
/// replay checks, hosting and load tests for the games a program registers.
/// The engine's own `duo-server` is one call of it with the engine's games;
/// a game's own package runs the same commands with its games from its
/// `main.swift`:
///
///     DuoServerCommand.main(games: [Noughts.catalogEntry])
///
/// Every help text, `--game` value and error message lists the games given
/// here, the first being the default.
public enum DuoServerCommand {
    /// The tool's name in messages: the running program's (`duo-server`, or a game package's own, `noughts-server`).
    static let tool = ProgramName.running(or: "duo-server")

    /// Runs the subcommand `arguments` name with `games` registered, and exits with its status.
    /// Two games registered under one name (or none at all) is a clear error (status 1) before anything runs.
    /// `--version` prints the program's name and the engine's version in parentheses: a game
    /// package gives its own with ``main(games:version:arguments:)``.
    public static func main(games: [GameCatalogEntry], arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        main(games: games, version: nil, arguments: arguments)
    }

    /// Runs the subcommand `arguments` name with `games` registered, as ``main(games:arguments:)``,
    /// for a program of version `version` (a game package's own, which `--version` prints before
    /// the engine's; the engine's own `duo-server` gives `EngineVersion.current`).
    public static func main(games: [GameCatalogEntry], version: String?, arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        let catalog: GameCatalog
        do {
            catalog = try GameCatalog(registering: games)
        } catch {
            CommandExit.failure("cannot start: \(error)", tool: tool)
        }
        program(games: catalog, version: version).main(arguments)
    }

    /// What the values of `--game`, `--bot`, `--bots` and `--variant` complete with: the registered
    /// games, and each game's bots and variants as its data in Assets/ has them.
    static func completions(games: GameCatalog) -> [String: ValueCompletion] {
        let assets = try? AssetLocator.standard().directory()
        var bots: [String: [String]] = [:]
        var variants: [String: [String]] = [:]
        for entry in games.entries {
            guard let assets else { break }
            variants[entry.name] = entry.variants(in: assets)
            if let game = try? entry.load(assets: assets) { bots[entry.name] = game.botNames }
        }
        let botNames = ValueCompletion.dependingOn(option: "game", cases: bots, fallback: bots[games.defaultGame] ?? [])
        return [
            "game": .words(games.names), "bot": botNames, "bots": .list(separator: ",", item: botNames, limit: 2),
            "variant": .dependingOn(option: "game", cases: variants, fallback: variants[games.defaultGame] ?? []),
        ]
    }

    /// The subcommands, each running with `games`.
    static func program(games: GameCatalog, version: String? = nil) -> SubcommandProgram {
        SubcommandProgram(
            tool: tool, noun: "command",
            commands: [
                .init("match", "play a batch of matches between two bots and summarise the results", spec: { MatchCommand.command(games: games) }) {
                    MatchCommand.run($0, games: games)
                },
                .init(
                    "merge", "combine the --json results of a batch's shards into the batch's totals", spec: { MergeCommand.command },
                    run: MergeCommand.run),
                .init(
                    "bot", "play one of the game's bots as an outside bot, in JSON lines (docs/BOTS.md)", spec: { BotCommand.command(games: games) }
                ) {
                    BotCommand.run($0, games: games)
                },
                .init("replay", "verify a replay log, or show it from one seat's point of view", spec: { ReplayCommand.command }) {
                    ReplayCommand.run($0, games: games)
                },
                .init("serve", "host networked matches over TCP (docs/PROTOCOL.md)", spec: { ServeCommand.command(games: games) }) {
                    ServeCommand.run($0, games: games)
                },
                .init("load", "drive many concurrent bot-client matches against a server and measure them", spec: { LoadCommand.command }) {
                    LoadCommand.run($0, games: games)
                },
            ], footer: "\nRun '\(tool) <command> --help' for a command's options.\n",
            summary: "headless matches, replays, hosting and load tests of \(games.names.joined(separator: ", ")) on the Duo tabletop engine",
            version: EngineVersion.programVersion(version), completions: { completions(games: games) })
    }
}
