import DuoArguments
import Foundation

// duo-server: headless matches, shard merging and replay checks (and, later,
// the network server). Each subcommand lives in its own file; this file only
// dispatches.

let arguments = Array(CommandLine.arguments.dropFirst())

/// The subcommands, in the order `--help` lists them.
let subcommands: [(name: String, summary: String, run: ([String]) -> Int32)] = [
    ("match", "play a batch of matches between two bots and summarise the results", MatchCommand.run),
    ("merge", "combine the --json results of a batch's shards into the batch's totals", MergeCommand.run),
    ("replay", "verify a replay log, or show it from one seat's point of view", ReplayCommand.run),
    ("serve", "host networked matches over TCP (docs/PROTOCOL.md)", ServeCommand.run),
    ("load", "drive many concurrent bot-client matches against a server and measure them", LoadCommand.run),
]

@MainActor func printUsage() {
    var text = "usage: duo-server <command> [options]\n\ncommands:\n"
    for command in subcommands {
        text += "  \(command.name.padding(toLength: 8, withPad: " ", startingAt: 0)) \(command.summary)\n"
    }
    text += "\nRun 'duo-server <command> --help' for a command's options.\n"
    print(text, terminator: "")
}

switch arguments.first {
case nil, "--help", "-h", "help":
    printUsage()
    exit(0)
case let name?:
    guard let command = subcommands.first(where: { $0.name == name }) else {
        CommandExit.usage("unknown command '\(name)'", tool: "duo-server")
    }
    exit(command.run(Array(arguments.dropFirst())))
}
