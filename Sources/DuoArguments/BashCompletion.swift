/// The bash completion script of a program (``CompletionScript``).
///
/// It reads the line up to the cursor itself (`COMP_LINE`, `COMP_POINT`) rather
/// than bash's words, which `COMP_WORDBREAKS` splits at `=` and `:`
/// (`--game=minigolf`, `aim:easy`): it completes whole words, then gives bash
/// each reply without the part before bash's own word.
struct BashCompletion {
    let program: ProgramDeclaration

    var stem: String { "_\(program.functionStem)" }

    var text: String {
        let commands = CompletedCommand.all(of: program)
        let subcommandWords = program.subcommands.map(\.name)
        var lines = [
            "# bash completion for \(program.name), generated from its option declarations by",
            "# '\(program.name) \(ProgramDeclaration.Word.completionScript) bash' (\(program.versionLine)).",
            "",
            "# \(stem)__words VALUE WORD...: adds each WORD that starts with VALUE to replies.",
            "\(stem)__words() {",
            "    local value=\"$1\" word",
            "    shift",
            "    for word in \"$@\"; do",
            "        [[ \"$word\" == \"$value\"* ]] && replies+=(\"$word\")",
            "    done",
            "    return 0",
            "}",
            "",
            "# \(stem)__files VALUE [-d]: adds the files (with -d the folders) whose names start with VALUE.",
            "\(stem)__files() {",
            "    local path",
            "    compopt -o filenames 2>/dev/null",
            "    while IFS= read -r path; do replies+=(\"$path\"); done < <(compgen \"${2:--f}\" -- \"$1\")",
            "    return 0",
            "}",
            "",
            "# \(stem)__option_value NAME: the value given to --NAME on the line, if any.",
            "\(stem)__option_value() {",
            "    local index",
            "    for ((index = 1; index < ${#words[@]}; index++)); do",
            "        case \"${words[index]}\" in",
            "            \"--$1\") echo \"${words[index + 1]:-}\"; return ;;",
            "            \"--$1=\"*) echo \"${words[index]#*=}\"; return ;;",
            "        esac",
            "    done",
            "}",
            "",
            "# \(stem)__value COMMAND OPTION VALUE: adds the values of OPTION of COMMAND (- for none) that start with VALUE.",
            "\(stem)__value() {",
            "    local value=\"$3\"",
            "    case \"$1 $2\" in",
        ]
        for command in commands {
            for option in command.options where option.kind.takesValue {
                let body = values(program.completion(of: option))
                guard !body.isEmpty else { continue }
                lines.append("        \(Self.quoted("\(command.word ?? "-") --\(option.name)")))")
                lines += body.map { "            " + $0 }
                lines.append("            ;;")
            }
        }
        lines += [
            "    esac",
            "}",
            "",
            "# \(stem)__positional COMMAND VALUE: adds what COMMAND's positional words may be.",
            "\(stem)__positional() {",
            "    local value=\"$2\"",
            "    case \"$1\" in",
        ]
        for command in commands {
            let body = values(program.positionalCompletion(of: command.spec))
            guard !body.isEmpty else { continue }
            lines.append("        \(Self.quoted(command.word ?? "-")))")
            lines += body.map { "            " + $0 }
            lines.append("            ;;")
        }
        lines += [
            "    esac",
            "}",
            "",
            "\(stem)() {",
            "    local line=\"${COMP_LINE:0:COMP_POINT}\" cur=\"\" command=\"-\" previous=\"\" option=\"\" value=\"\" head=\"\"",
            "    local -a words=() replies=()",
            "    read -r -a words <<<\"$line\"",
            "    if [[ -n \"$line\" && \"$line\" != *[[:space:]] ]]; then",
            "        cur=\"${words[${#words[@]} - 1]}\"",
            "        unset 'words[${#words[@]} - 1]'",
            "    fi",
            "    (( ${#words[@]} > 1 )) && previous=\"${words[${#words[@]} - 1]}\"",
            "    case \"${words[1]:-}\" in",
            "        \(subcommandWords.isEmpty ? "\"\"" : subcommandWords.map(Self.quoted).joined(separator: "|"))) command=\"${words[1]}\" ;;",
            "    esac",
            "    if (( ${#words[@]} == 1 )) && [[ \"$cur\" != -* ]]; then",
            "        \(stem)__words \"$cur\" \(subcommandWords.map(Self.quoted).joined(separator: " "))",
            "    elif [[ \"$cur\" == --*=* ]]; then",
            "        option=\"${cur%%=*}\" value=\"${cur#*=}\" head=\"${cur%%=*}=\"",
            "        \(stem)__value \"$command\" \"$option\" \"$value\"",
            "    else",
            "        case \"$command $previous\" in",
        ]
        let valued = commands.flatMap { command in
            command.options.filter(\.kind.takesValue).map { "\(command.word ?? "-") --\($0.name)" }
        }
        if !valued.isEmpty {
            lines.append("            \(valued.map(Self.quoted).joined(separator: "|"))) option=\"$previous\" ;;")
        }
        lines += [
            "        esac",
            "        if [[ -n \"$option\" ]]; then",
            "            \(stem)__value \"$command\" \"$option\" \"$cur\"",
            "        elif [[ \"$cur\" == -* ]]; then",
            "            case \"$command\" in",
        ]
        for command in commands {
            let names = command.options.map { "--\($0.name)" } + (command.word == nil ? ["--version"] : [])
            lines.append(
                "                \(Self.quoted(command.word ?? "-"))) \(stem)__words \"$cur\" \(names.map(Self.quoted).joined(separator: " ")) ;;")
        }
        if program.root == nil {
            lines.append("                -) \(stem)__words \"$cur\" --help --version ;;")
        }
        lines += [
            "            esac",
            "        else",
            "            \(stem)__positional \"$command\" \"$cur\"",
            "        fi",
            "    fi",
            "    # Each reply without what comes before bash's own word (it splits at COMP_WORDBREAKS: = and :).",
            "    local index reply",
            "    for ((index = ${#cur}; index > 0; index--)); do",
            "        [[ \"$COMP_WORDBREAKS\" == *\"${cur:index-1:1}\"* ]] && break",
            "    done",
            "    COMPREPLY=()",
            "    for reply in \"${replies[@]}\"; do",
            "        reply=\"$head$reply\"",
            "        COMPREPLY+=(\"${reply:index}\")",
            "    done",
            "}",
            "",
            "complete -F \(stem) \(program.name)",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The lines that add `completion`'s values starting with `$value` to `replies`.
    func values(_ completion: ValueCompletion) -> [String] {
        switch completion {
        case .anything: []
        case .files: ["\(stem)__files \"$value\""]
        case .directories: ["\(stem)__files \"$value\" -d"]
        case .words(let words): ["\(stem)__words \"$value\" \(words.map(Self.quoted).joined(separator: " "))"]
        case .dependingOn(let option, let cases, let fallback):
            ["case \"$(\(stem)__option_value \(Self.quoted(option)))\" in"]
                + cases.keys.sorted().map { key in
                    "    \(Self.quoted(key))) \(stem)__words \"$value\" \((cases[key] ?? []).map(Self.quoted).joined(separator: " ")) ;;"
                }
                + ["    *) \(stem)__words \"$value\" \(fallback.map(Self.quoted).joined(separator: " ")) ;;", "esac"]
        case .list(let separator, let item, _):
            // Complete the last item and keep the ones before it (`density,hu` -> `density,hunt`).
            [
                "local separator=\(Self.quoted(String(separator)))",
                "if [[ \"$value\" == *\"$separator\"* ]]; then",
                "    head+=\"${value%\"$separator\"*}$separator\" value=\"${value##*\"$separator\"}\"",
                "fi",
            ] + values(item)
        }
    }

    /// `word` in single quotes for bash.
    static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
