/// The zsh completion function of a program (``CompletionScript``): a
/// `#compdef` file for a folder on `fpath`, built on `_arguments`.
struct ZshCompletion {
    let program: ProgramDeclaration

    var stem: String { "_\(program.functionStem)" }

    var text: String {
        let commands = CompletedCommand.all(of: program)
        var lines = [
            "#compdef \(program.name)",
            "# zsh completion for \(program.name), generated from its option declarations by",
            "# '\(program.name) \(ProgramDeclaration.Word.completionScript) zsh' (\(program.versionLine)).",
            "",
        ]
        // One function per option value that needs more than a fixed action.
        var helpers: [String] = []
        func specs(of command: CompletedCommand) -> [String] {
            command.options.map { option in
                let head = (option.isRepeatable ? "*" : "") + "--\(option.name)"
                let description = "[\(Self.bracketed(ProgramDeclaration.oneLine(option.help)))]"
                guard option.kind.takesValue else { return Self.quoted(head + description) }
                let function = "\(stem)__\(ProgramDeclaration.identifier(command.word ?? "root"))__\(ProgramDeclaration.identifier(option.name))"
                let action = self.action(program.completion(of: option), function: function, helpers: &helpers)
                return Self.quoted("\(head)=\(description):\(Self.message(option.placeholder)):\(action)")
            }
        }
        func positional(of command: CompletedCommand) -> [String] {
            guard command.spec.acceptsPositionals, !command.spec.positionals.isEmpty else { return [] }
            let function = "\(stem)__\(ProgramDeclaration.identifier(command.word ?? "root"))__positional"
            let action = self.action(program.positionalCompletion(of: command.spec), function: function, helpers: &helpers)
            return [Self.quoted("*:\(Self.message(command.spec.positionals)):\(action)")]
        }
        for command in commands where command.word != nil {
            lines += [
                "\(stem)_\(ProgramDeclaration.identifier(command.word ?? "")) () {",
                "    local context state state_descr line",
                "    typeset -A opt_args",
                "    _arguments \\",
            ]
            lines += (specs(of: command) + positional(of: command)).map { "        \($0) \\" }
            lines[lines.count - 1].removeLast(2)
            lines += ["}", ""]
        }
        let root = commands.first { $0.word == nil }
        lines += [
            "\(stem) () {",
            "    local curcontext=\"$curcontext\" context state state_descr line",
            "    typeset -A opt_args",
            "    _arguments -C \\",
        ]
        var rootSpecs = root.map(specs(of:)) ?? [Self.quoted("(- *)--help[show the help]")]
        rootSpecs.append(Self.quoted("(- *)--version[show the version]"))
        if !program.subcommands.isEmpty {
            rootSpecs += [Self.quoted("1: :->command"), Self.quoted("*:: :->argument")]
        }
        lines += rootSpecs.map { "        \($0) \\" }
        lines[lines.count - 1].removeLast(2)
        if !program.subcommands.isEmpty {
            lines += [
                "    case $state in",
                "        command)",
                "            local -a commands=(",
            ]
            lines += program.subcommands.map { "                \(Self.quoted("\($0.name):\($0.summary)"))" }
            lines += [
                "            )",
                "            _describe -t commands \(Self.quoted("\(program.name) command")) commands",
                "            ;;",
                "        argument)",
                "            case $words[1] in",
            ]
            for command in commands where command.word != nil {
                let word = command.word ?? ""
                lines.append("                \(Self.quoted(word))) \(stem)_\(ProgramDeclaration.identifier(word)) ;;")
            }
            lines += ["            esac", "            ;;", "    esac"]
        }
        lines += ["}", ""]
        lines += helpers
        // Autoloaded from fpath, the file is the completion function's body: run it. Sourced, register it.
        lines += [
            "if [[ $zsh_eval_context[-1] == loadautofunc ]]; then",
            "    \(stem) \"$@\"",
            "else",
            "    compdef \(stem) \(program.name)",
            "fi",
            "",
        ]
        return lines.joined(separator: "\n")
    }

    /// The `_arguments` action for `completion`; a value that needs code gets a function named
    /// `function`, added to `helpers`.
    func action(_ completion: ValueCompletion, function: String, helpers: inout [String]) -> String {
        switch completion {
        case .anything: return " "
        case .files: return "_files"
        case .directories: return "_files -/"
        case .words, .dependingOn, .list:
            helpers += ["\(function) () {"] + body(completion).map { "    " + $0 } + ["}", ""]
            return function
        }
    }

    /// The lines of a helper function that offers `completion`'s words (`compadd`, or `_sequence` for a list).
    func body(_ completion: ValueCompletion, adding add: String = "compadd --") -> [String] {
        switch completion {
        case .anything: return []
        case .files: return ["_files"]
        case .directories: return ["_files -/"]
        case .words(let words): return ["\(add) \(words.map(Self.quoted).joined(separator: " "))"]
        case .dependingOn(let option, let cases, let fallback):
            var lines = ["local -a values", "case ${opt_args[--\(option)]} in"]
            for key in cases.keys.sorted() {
                lines.append("    \(Self.quoted(key))) values=(\((cases[key] ?? []).map(Self.quoted).joined(separator: " "))) ;;")
            }
            lines += ["    *) values=(\(fallback.map(Self.quoted).joined(separator: " "))) ;;", "esac", "\(add) \"${values[@]}\""]
            return lines
        case .list(let separator, let item, let limit):
            return body(item, adding: "_sequence -s \(Self.quoted(String(separator)))\(limit.map { " -n \($0)" } ?? "") compadd -")
        }
    }

    /// `text` in single quotes for zsh.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// An `_arguments` description, inside `[...]`: brackets escaped.
    static func bracketed(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
    }

    /// An `_arguments` message (the value's placeholder): colons escaped.
    static func message(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ":", with: "\\:")
    }
}
