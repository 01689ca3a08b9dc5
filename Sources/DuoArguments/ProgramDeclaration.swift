import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A whole program declared: its name, version, the options it takes with no
/// subcommand (`duo`'s window), and its subcommands with theirs. The
/// completion scripts (``CompletionScript``) and the manual page
/// (``ManualPage``) are generated from it, from the same declarations that
/// parse the command lines and write `--help`, so none of them can fall behind.
public struct ProgramDeclaration: Sendable {
    /// One subcommand: the word that picks it, one line on what it does, and its declaration.
    public struct Subcommand: Sendable {
        /// The word that picks it (`match`).
        public var name: String
        /// What it does, in one line.
        public var summary: String
        /// Its options and help; nil for one that declares none of its own (`duo-bench all`).
        public var command: CommandSpec?

        /// Makes a subcommand's entry.
        public init(_ name: String, summary: String, command: CommandSpec?) {
            self.name = name
            self.summary = summary
            self.command = command
        }
    }

    /// The program's name (`duo-server`, or a game package's own, `noughts-server`).
    public var name: String
    /// What it is, in one line (the manual page's NAME).
    public var summary: String
    /// What `--version` prints after the name (`0.1.1-dev`, or a package's `1.0.0 (Duo engine 0.1.1-dev)`).
    public var version: String
    /// The options taken with no subcommand (`duo` opens its window with them); nil when a subcommand is required.
    public var root: CommandSpec?
    /// The subcommands, in the order the usage lists them.
    public var subcommands: [Subcommand]
    /// What an option's value completes with, by option name, for options whose
    /// declaration says nothing (``OptionSpec/completion``): what only the program
    /// knows, such as its registered games (`game`) and each game's bots (`bot`).
    public var completions: [String: ValueCompletion]

    /// Declares a program.
    public init(
        name: String, summary: String, version: String, root: CommandSpec? = nil, subcommands: [Subcommand],
        completions: [String: ValueCompletion] = [:]
    ) {
        self.name = name
        self.summary = summary
        self.version = version
        self.root = root
        self.subcommands = subcommands
        self.completions = completions
    }

    /// The words a program takes in place of a subcommand, for tools and packagers.
    public enum Word {
        /// Prints `NAME VERSION` and exits.
        public static let version = "--version"
        /// `--generate-completion-script bash|zsh|fish`: prints the shell's completion script.
        public static let completionScript = "--generate-completion-script"
        /// Prints the manual page (roff, `man(7)`).
        public static let manual = "--generate-manual"
    }

    /// The line `--version` prints: `duo-server 0.1.1-dev`.
    public var versionLine: String { "\(name) \(version)" }

    /// What a program-level word asks for (``handle(_:)``), nil when `arguments` is no such request.
    /// - Throws: ``ArgumentError`` for a program word given wrongly (an unknown shell, an extra word).
    public func output(for arguments: [String]) throws(ArgumentError) -> String? {
        switch arguments.first {
        case Word.version?:
            guard arguments.count == 1 else { throw ArgumentError("\(Word.version) takes no other word") }
            return versionLine + "\n"
        case Word.manual?:
            guard arguments.count == 1 else { throw ArgumentError("\(Word.manual) takes no other word") }
            return ManualPage(self).text
        case Word.completionScript?:
            let shells = CompletionScript.Shell.allCases.map(\.rawValue).joined(separator: "|")
            guard arguments.count == 2, let shell = CompletionScript.Shell(rawValue: arguments[1]) else {
                throw ArgumentError(
                    "\(Word.completionScript) takes one of \(shells)\(arguments.count > 1 ? ", not '\(arguments.dropFirst().joined(separator: " "))'" : "")"
                )
            }
            return CompletionScript(self, shell: shell).text
        default:
            return nil
        }
    }

    /// Answers a program-level word (`--version`, `--generate-completion-script SHELL`,
    /// `--generate-manual`): prints what it asks for and exits with status 0, or a usage
    /// error with status 2. Returns when `arguments` asks for none of them.
    public func handle(_ arguments: [String]) {
        do throws(ArgumentError) {
            guard let text = try output(for: arguments) else { return }
            FileHandle.standardOutput.write(Data(text.utf8))
            exit(0)
        } catch {
            CommandExit.usage(error.message, tool: name)
        }
    }

    /// The declaration of the command a subcommand word picks (the root for nil).
    public func command(_ subcommand: String?) -> CommandSpec? {
        guard let subcommand else { return root }
        return subcommands.first { $0.name == subcommand }?.command
    }

    /// What `option`'s value completes with in this program: its own declaration's, else the
    /// program's by its name, else its kind's default.
    public func completion(of option: OptionSpec) -> ValueCompletion {
        option.completion ?? completions[option.name] ?? option.defaultCompletion
    }

    /// What the positional words of `command` complete with: files when its usage names a `FILE`.
    public func positionalCompletion(of command: CommandSpec) -> ValueCompletion {
        guard command.acceptsPositionals else { return .anything }
        return command.positionals.contains("FILE") ? .files : .anything
    }
}
