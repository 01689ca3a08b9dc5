// `duo`: the desktop program. The first word picks a subcommand; with none
// it opens the window (built by the desktop front end).
import DuoArguments
#if canImport(Glibc)
import Glibc
#endif

let arguments = Array(CommandLine.arguments.dropFirst())

switch arguments.first {
case "inspect":
    InspectCommand.main(Array(arguments.dropFirst()))
case "screenshot":
    ScreenshotCommand.main(Array(arguments.dropFirst()))
case "lint":
    LintCommand.main(Array(arguments.dropFirst()))
case "--help", "-h", "help":
    print(DuoHelp.text, terminator: "")
    exit(0)
case let word? where !word.hasPrefix("-"):
    CommandExit.usage("unknown command '\(word)'", tool: "duo")
default:
    MainActor.assumeIsolated { WindowCommand.main(arguments) }
}
