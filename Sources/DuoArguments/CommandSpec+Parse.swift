#if canImport(Glibc)
import Glibc
#endif

extension CommandSpec {
    /// What a command line asks for: the command's work, or its help.
    public enum Request: Sendable {
        /// Run with these options.
        case run(ParsedOptions)
        /// `--help` was given: print ``CommandSpec/help``.
        case help

        /// The options to run with; nil when help was asked for.
        public var options: ParsedOptions? {
            if case .run(let parsed) = self { return parsed }
            return nil
        }
    }

    /// Reads `arguments` (the words after the command's name) by the declaration:
    /// names, values, ranges and choices are checked here, before any work is done.
    /// - Throws: ``ArgumentError`` for an unknown option, a missing or bad value,
    ///   an option given twice, or a positional word the command takes none of.
    public func parse(_ arguments: [String]) throws(ArgumentError) -> Request {
        let parsed: ParsedArguments
        do {
            parsed = try ParsedArguments(
                arguments, options: Set(options.filter(\.kind.takesValue).map(\.name)),
                flags: Set(options.filter { !$0.kind.takesValue }.map(\.name)),
                repeatable: Set(options.filter(\.isRepeatable).map(\.name)))
        } catch let error as ArgumentError {
            throw error
        } catch {
            throw ArgumentError("\(error)")
        }
        // Values first: `--games 0 --help` is a mistake too, and a valid value with `--help` shows it parses.
        for option in options where option.kind.takesValue {
            for raw in parsed.values(option.name) { try option.kind.check(raw, name: option.name) }
        }
        if parsed.has("help") { return .help }
        if !acceptsPositionals, let word = parsed.positionals.first { throw ArgumentError("unexpected argument '\(word)'") }
        return .run(ParsedOptions(command: self, arguments: parsed))
    }

    /// Reads `arguments` with the rules every command shares: `--help` prints
    /// the help and exits with status 0; a mistake is one line on standard error
    /// and status 2 (docs/EXIT_STATUS.md). `--dump-options` alone prints the
    /// ``CommandDeclaration`` and exits with status 0.
    public func parseOrExit(_ arguments: [String]) -> ParsedOptions {
        if arguments == [CommandDeclaration.dumpWord] {
            CommandDeclaration.print([self])
            exit(0)
        }
        do throws(ArgumentError) {
            switch try parse(arguments) {
            case .run(let parsed):
                return parsed
            case .help:
                print(help, terminator: "")
                exit(0)
            }
        } catch {
            CommandExit.usage(error.message, tool: tool)
        }
    }
}
