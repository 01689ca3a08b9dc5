/// A shell's completion script for a program, generated from its
/// ``ProgramDeclaration``: subcommand names, every declared option of each
/// command, and their values (choices, files, the program's games and each
/// game's bots). `PROGRAM --generate-completion-script bash` prints it, as
/// swift-argument-parser's programs do; `make install` puts it where each
/// shell looks (docs/INSTALL.md).
///
/// The scripts are self-contained: bash's needs no bash-completion package,
/// and none runs the program while completing.
public struct CompletionScript: Sendable {
    /// The shells a script can be generated for.
    public enum Shell: String, CaseIterable, Sendable {
        /// Bash (`complete -F`).
        case bash
        /// Zsh (a `#compdef` function for `fpath`).
        case zsh
        /// Fish (`complete -c` lines).
        case fish
    }

    /// The program the script completes.
    public let program: ProgramDeclaration
    /// The shell it is for.
    public let shell: Shell

    /// The script of `program` for `shell`.
    public init(_ program: ProgramDeclaration, shell: Shell) {
        self.program = program
        self.shell = shell
    }

    /// Where `make install` puts the script under the prefix, by each shell's convention.
    public var installPath: String {
        switch shell {
        case .bash: "share/bash-completion/completions/\(program.name)"
        case .zsh: "share/zsh/site-functions/_\(program.name)"
        case .fish: "share/fish/vendor_completions.d/\(program.name).fish"
        }
    }

    /// The script's text.
    public var text: String {
        switch shell {
        case .bash: BashCompletion(program: program).text
        case .zsh: ZshCompletion(program: program).text
        case .fish: FishCompletion(program: program).text
        }
    }
}

/// One command of a program as the completion scripts see it: the word that
/// picks it (nil for the root, the options taken with no subcommand) and its declaration.
struct CompletedCommand {
    let word: String?
    let spec: CommandSpec

    /// Every command of `program` that has a declaration, the root first.
    static func all(of program: ProgramDeclaration) -> [CompletedCommand] {
        (program.root.map { [CompletedCommand(word: nil, spec: $0)] } ?? [])
            + program.subcommands.compactMap { subcommand in subcommand.command.map { CompletedCommand(word: subcommand.name, spec: $0) } }
    }

    /// The options a shell offers, `--help` included.
    var options: [OptionSpec] { spec.options }
}

extension ProgramDeclaration {
    /// The program's name as a shell function's name: `duo_server` for `duo-server`.
    var functionStem: String { Self.identifier(name) }

    /// `word` as part of a shell function's name: every character but letters and digits as `_`.
    static func identifier(_ word: String) -> String {
        String(word.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// The options a program takes in place of a subcommand, as the scripts offer them first.
    var programWords: [(name: String, help: String)] {
        [("help", "show the help"), ("version", "show the version")]
    }

    /// An option's help on one line, cut to about 70 characters at a word, for a shell's description.
    static func oneLine(_ help: String) -> String {
        let words = help.split(whereSeparator: \.isWhitespace)
        var line = ""
        for word in words {
            guard line.count + 1 + word.count <= 70 else { return line + "..." }
            line += (line.isEmpty ? "" : " ") + word
        }
        return line
    }
}
