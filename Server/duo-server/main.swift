import DuoArguments
import Foundation

// duo-server: headless matches, shard merging and replay checks (and, later,
// the network server). Each subcommand lives in its own file; this file only
// dispatches.

SubcommandProgram(tool: "duo-server", noun: "command", commands: [
    .init("match", "play a batch of matches between two bots and summarise the results", run: MatchCommand.run),
    .init("merge", "combine the --json results of a batch's shards into the batch's totals", run: MergeCommand.run),
    .init("bot", "play one of the game's bots as an outside bot, in JSON lines (docs/BOTS.md)", run: BotCommand.run),
    .init("replay", "verify a replay log, or show it from one seat's point of view", run: ReplayCommand.run),
    .init("serve", "host networked matches over TCP (docs/PROTOCOL.md)", run: ServeCommand.run),
    .init("load", "drive many concurrent bot-client matches against a server and measure them", run: LoadCommand.run),
], footer: "\nRun 'duo-server <command> --help' for a command's options.\n").main(Array(CommandLine.arguments.dropFirst()))
