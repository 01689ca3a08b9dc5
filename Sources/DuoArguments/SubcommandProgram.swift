import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A program made of subcommands (`duo-server match`, `duo-bench frame`):
/// the usage listing and the dispatch on the first word, the same for every
/// such executable.
///
///     SubcommandProgram(tool: "duo-server", noun: "command", commands: [
///         .init("match", "play a batch of matches", run: MatchCommand.run),
///     ]).main(Array(CommandLine.arguments.dropFirst()))
public struct SubcommandProgram {
    /// One subcommand: its name, one line for the listing, and what runs it
    /// (given the words after its name; it returns the exit status).
    public struct Command {
        /// The word that picks it.
        public var name: String
        /// What it does, in one line.
        public var summary: String
        /// Runs it with the words after its name; returns the exit status.
        public var run: ([String]) -> Int32
        /// Makes its declaration (options and help), for `--dump-options`; nil for one that declares none of its own.
        /// Made only when asked for: the other commands' declarations are not worked out for each run.
        public var spec: (() -> CommandSpec)?

        /// Makes a subcommand.
        public init(_ name: String, _ summary: String, spec: (() -> CommandSpec)? = nil, run: @escaping ([String]) -> Int32) {
            self.name = name
            self.summary = summary
            self.spec = spec
            self.run = run
        }
    }

    /// The program's name, as errors and the usage give it.
    public var tool: String
    /// What a subcommand is called in the usage and in errors (`command`, `benchmark`).
    public var noun: String
    /// The subcommands, in the order the usage lists them.
    public var commands: [Command]
    /// Text after the listing (a hint, how to get figures that mean something).
    public var footer: String
    /// What the program is, in one line (its manual page's NAME).
    public var summary: String
    /// What `--version` prints after the program's name.
    public var version: String
    /// What option values complete with, by option name, beyond what their declarations say
    /// (``ProgramDeclaration/completions``).
    public var completions: @Sendable () -> [String: ValueCompletion]

    /// Makes a program from its subcommands.
    public init(tool: String, noun: String, commands: [Command], footer: String = "") {
        self.init(tool: tool, noun: noun, commands: commands, footer: footer, summary: tool, version: "")
    }

    /// Makes a program from its subcommands, with what its `--version`, manual page and
    /// completion scripts say (`completions` is worked out only when a script is asked for).
    public init(
        tool: String, noun: String, commands: [Command], footer: String = "", summary: String, version: String,
        completions: @escaping @Sendable () -> [String: ValueCompletion] = { [:] }
    ) {
        self.tool = tool
        self.noun = noun
        self.commands = commands
        self.footer = footer
        self.summary = summary
        self.version = version
        self.completions = completions
    }

    /// The whole program declared, for its manual page and completion scripts.
    public var declaration: ProgramDeclaration {
        ProgramDeclaration(
            name: tool, summary: summary, version: version,
            subcommands: commands.map { .init($0.name, summary: $0.summary, command: $0.spec?()) },
            completions: completions())
    }

    /// `usage: TOOL <NOUN> [options]`, then one line per subcommand, then `--version` (when the
    /// program has one), then the footer.
    public var usage: String {
        var text = "usage: \(tool) <\(noun)> [options]\n\n\(noun)s:\n"
        for command in commands {
            text += "  \(command.name.padding(toLength: 8, withPad: " ", startingAt: 0)) \(command.summary)\n"
        }
        if !version.isEmpty {
            text +=
                "\n--version prints the version, \(ProgramDeclaration.Word.completionScript) bash|zsh|fish a completion script,\n"
                + "\(ProgramDeclaration.Word.manual) the manual page.\n"
        }
        return text + footer
    }

    /// The subcommand `word` names, if any.
    public func command(named word: String) -> Command? {
        commands.first { $0.name == word }
    }

    /// Runs the subcommand the first of `arguments` names and exits with its
    /// status. `help`, `--help` or `-h` prints the usage (status 0); no word
    /// is a usage error (the usage on standard error, status 2), as is an
    /// unknown word: a CI script that forgot the command must not pass.
    /// `--dump-options` prints every subcommand's ``CommandDeclaration``.
    /// With a version (``init(tool:noun:commands:footer:summary:version:completions:)``), it also
    /// answers `--version`, `--generate-completion-script SHELL` and `--generate-manual`.
    public func main(_ arguments: [String]) -> Never {
        if !version.isEmpty, let first = arguments.first, first.hasPrefix("--generate-") || first == ProgramDeclaration.Word.version {
            declaration.handle(arguments)
        }
        switch arguments.first {
        case CommandDeclaration.dumpWord where arguments.count == 1:
            CommandDeclaration.print(commands.compactMap { $0.spec?() })
            exit(0)
        case "--help", "-h", "help":
            print(usage, terminator: "")
            exit(0)
        case nil:
            FileHandle.standardError.write(Data(usage.utf8))
            CommandExit.usage("no \(noun) given", tool: tool)
        case let word?:
            guard let command = command(named: word) else {
                CommandExit.usage("unknown \(noun) '\(word)'", tool: tool)
            }
            exit(command.run(Array(arguments.dropFirst())))
        }
    }
}
