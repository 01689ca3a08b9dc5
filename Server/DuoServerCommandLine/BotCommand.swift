import DuoArguments
import Foundation
import TabletopEngine

/// `duo-server bot NAME`: one of the game's bots as an outside bot, speaking
/// JSON lines on standard input and output (docs/BOTS.md), so that this
/// build can play inside another build's batch.
enum BotCommand {
    static let tool = "\(DuoServerCommand.tool) bot"

    /// The options, each declared once: parsing, `--help` and the reads below come from these.
    enum Options {
        static let game: Option<String?> = .text("game", "NAME", help: "the game")
        static let variant: Option<String?> = .text("variant", "NAME", defaultText: "the game's", help: "the rules variant")
    }

    /// The command's declaration: its help and what it accepts.
    static func command(games: GameCatalog) -> CommandSpec {
        CommandSpec(
            tool, positionals: "NAME",
            sections: [
                .usage,
                .text(
                    """
                    Plays the bot NAME of the game as an outside bot: reads the messages of
                    '\(DuoServerCommand.tool) match --bots exec:...' (joined, view, ended) on standard input
                    and answers each view with the bot's move on standard output, until the
                    input ends. With it, one build's bot plays in another build's batch.
                    """),
                .options("options:", [Options.game.with(defaultText: games.defaultGame).spec, Options.variant.spec]),
                .list("example:", ["\(DuoServerCommand.tool) match --bots \"exec:old/\(tool) density,density\" --pairs --games 1000"]),
            ])
    }

    static func run(_ arguments: [String], games: GameCatalog) -> Int32 {
        let parsed = command(games: games).parseOrExit(arguments)
        guard parsed.positionals.count == 1 else {
            CommandExit.usage(parsed.positionals.isEmpty ? "bot needs a bot NAME" : "bot takes one NAME, not \(parsed.positionals.count)", tool: tool)
        }
        let game = GameLoading.load(
            game: parsed[Options.game] ?? games.defaultGame, from: games,
            variant: parsed[Options.variant], assets: GameLoading.assets())
        do {
            try game.checkBot(named: parsed.positionals[0])
        } catch {
            CommandExit.usage("\(error)", tool: tool)
        }
        do {
            try game.serveBot(
                named: parsed.positionals[0], readLine: { Swift.readLine(strippingNewline: true) },
                write: { line in
                    // Unbuffered: the match waits for each answer.
                    FileHandle.standardOutput.write(Data((line + "\n").utf8))
                })
        } catch {
            CommandExit.failure("\(error)", tool: tool)
        }
        return 0
    }
}
