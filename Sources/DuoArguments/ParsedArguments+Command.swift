#if canImport(Glibc)
import Glibc
#endif

extension ParsedArguments {
    /// Parses a command's arguments with the rules every command shares: a
    /// mistake prints one line and exits with status 2, and `--help` prints
    /// `help` and exits with status 0. `"help"` must be among `flags`.
    public static func forCommand(
        _ arguments: [String], options: Set<String>, flags: Set<String>, repeatable: Set<String> = [], tool: String,
        help: @autoclosure () -> String
    ) -> ParsedArguments {
        let parsed: ParsedArguments
        do {
            parsed = try ParsedArguments(arguments, options: options, flags: flags, repeatable: repeatable)
        } catch {
            CommandExit.usage("\(error)", tool: tool)
        }
        if parsed.has("help") {
            print(help(), terminator: "")
            exit(0)
        }
        return parsed
    }
}
