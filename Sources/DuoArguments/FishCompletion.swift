/// The fish completion script of a program (``CompletionScript``): `complete -c` lines,
/// each option offered only in its own command.
struct FishCompletion {
    let program: ProgramDeclaration

    var stem: String { "__\(program.functionStem)" }

    var text: String {
        let commands = CompletedCommand.all(of: program)
        let subcommandWords = program.subcommands.map(\.name).map(Self.quoted).joined(separator: " ")
        var lines = [
            "# fish completion for \(program.name), generated from its option declarations by",
            "# '\(program.name) \(ProgramDeclaration.Word.completionScript) fish' (\(program.versionLine)).",
            "",
            "# Whether the line being completed is of subcommand $argv[1] (- for none).",
            "function \(stem)_using",
            "    set -l tokens (commandline -opc)",
            "    set -l command -",
        ]
        if !subcommandWords.isEmpty {
            lines += ["    if set -q tokens[2]; and contains -- $tokens[2] \(subcommandWords)", "        set command $tokens[2]", "    end"]
        }
        lines += [
            "    test \"$command\" = \"$argv[1]\"",
            "end",
            "",
            "# Whether the word being completed is the first after the program's name.",
            "function \(stem)_first",
            "    test (count (commandline -opc)) -eq 1",
            "end",
            "",
            "# The value given to --$argv[1] on the line, if any.",
            "function \(stem)_option_value",
            "    set -l tokens (commandline -opc)",
            "    for index in (seq (count $tokens))",
            "        if test \"$tokens[$index]\" = \"--$argv[1]\"",
            "            set -l next (math $index + 1)",
            "            set -q tokens[$next]; and echo $tokens[$next]",
            "            return",
            "        else if string match -q -- \"--$argv[1]=*\" $tokens[$index]",
            "            string replace -- \"--$argv[1]=\" '' $tokens[$index]",
            "            return",
            "        end",
            "    end",
            "end",
            "",
            "# $argv[2..] as the last item of a list joined by $argv[1], after the items already typed.",
            "function \(stem)_list",
            "    set -l parts (string split -- $argv[1] (string replace -r -- '^--[^=]*=' '' (commandline -ct)))",
            "    set -e parts[-1]",
            "    set -l head ''",
            "    set -q parts[1]; and set head (string join -- $argv[1] $parts)$argv[1]",
            "    for value in $argv[2..-1]",
            "        echo $head$value",
            "    end",
            "end",
            "",
            "complete -c \(program.name) -f",
        ]
        var helpers: [String] = []
        for subcommand in program.subcommands {
            lines.append(
                "complete -c \(program.name) -n \(stem)_first -a \(Self.quoted(subcommand.name)) -d \(Self.quoted(subcommand.summary))")
        }
        if program.root == nil {
            lines.append("complete -c \(program.name) -n \(stem)_first -l help -d 'show the help'")
        }
        lines.append("complete -c \(program.name) -n \(stem)_first -l version -d 'show the version'")
        for command in commands {
            let condition = Self.quoted("\(stem)_using \(command.word ?? "-")")
            for option in command.options {
                var line = "complete -c \(program.name) -n \(condition) -l \(option.name)"
                if option.kind.takesValue {
                    let function = "\(stem)_\(ProgramDeclaration.identifier(command.word ?? "root"))_\(ProgramDeclaration.identifier(option.name))"
                    line += " " + arguments(program.completion(of: option), function: function, helpers: &helpers)
                }
                lines.append(line + " -d \(Self.quoted(ProgramDeclaration.oneLine(option.help)))")
            }
            if program.positionalCompletion(of: command.spec) == .files {
                lines.append("complete -c \(program.name) -n \(condition) -F")
            }
        }
        return (lines + [""] + helpers).joined(separator: "\n") + "\n"
    }

    /// The `complete` arguments for an option's value: `-r -F` for files, `-x -a WORDS` for words,
    /// `-x -a (FUNCTION)` for words that need code (a function named `function`, added to `helpers`).
    func arguments(_ completion: ValueCompletion, function: String, helpers: inout [String]) -> String {
        switch completion {
        case .anything: return "-x"
        case .files: return "-r -F"
        case .directories: return "-x -a '(__fish_complete_directories)'"
        case .words(let words): return "-x -a \(Self.quoted(words.joined(separator: " ")))"
        case .dependingOn, .list:
            helpers += ["function \(function)"] + body(completion).map { "    " + $0 } + ["end", ""]
            return "-x -a '(\(function))'"
        }
    }

    /// The lines of a helper function printing `completion`'s words, one a line.
    func body(_ completion: ValueCompletion, printing print: String = "printf '%s\\n'") -> [String] {
        switch completion {
        case .anything, .files, .directories: return []
        case .words(let words): return ["\(print) \(words.map(Self.quoted).joined(separator: " "))"]
        case .dependingOn(let option, let cases, let fallback):
            var lines = ["set -l values", "switch (\(stem)_option_value \(Self.quoted(option)))"]
            for key in cases.keys.sorted() {
                lines += ["    case \(Self.quoted(key))", "        set values \((cases[key] ?? []).map(Self.quoted).joined(separator: " "))"]
            }
            lines += ["    case '*'", "        set values \(fallback.map(Self.quoted).joined(separator: " "))", "end", "\(print) $values"]
            return lines
        case .list(let separator, let item, _):
            return body(item, printing: "\(stem)_list \(Self.quoted(String(separator)))")
        }
    }

    /// `text` in single quotes for fish (which escapes `\` and `'` inside them).
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
