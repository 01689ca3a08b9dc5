/// One option of a command, declared once: its name, what it takes, the
/// word that stands for its value, its default and its help. Parsing,
/// the `--help` table and usage errors all come from it.
public struct OptionSpec: Codable, Sendable, Equatable {
    /// The name without dashes (`seed` for `--seed`).
    public var name: String
    /// What it takes; its value is checked against it before the command runs.
    public var kind: OptionKind
    /// The word for its value in help (`N`, `FILE`); empty for a flag.
    public var placeholder: String
    /// What it does, as `--help` says it; `\n` starts a new line of the description.
    public var help: String
    /// The default as `--help` shows it (`100`, `the game's own`), nil for none.
    public var defaultText: String?
    /// Whether it may be given more than once (`--expect A --expect B`).
    public var isRepeatable: Bool
    /// Whether `--help` shows the allowed values after the description (off when the description lists them).
    public var showsAllowed: Bool
    /// Command lines shown under the description, one a line.
    public var examples: [String] = []
    /// Lines under the description worked out only when help is shown (they may read
    /// files: the bots of each game); not part of the declaration's identity or JSON.
    public var details: (@Sendable () -> [String])?
    /// What a shell completes its value with; nil for ``defaultCompletion``, or for what the
    /// program supplies by the option's name (``ProgramDeclaration/completions``). Not part of
    /// the declaration's identity or JSON.
    public var completion: ValueCompletion?

    enum CodingKeys: String, CodingKey { case name, kind, placeholder, help, defaultText, isRepeatable, showsAllowed, examples }

    /// Declares an option.
    public init(
        _ name: String, kind: OptionKind, placeholder: String = "", help: String, defaultText: String? = nil,
        isRepeatable: Bool = false, showsAllowed: Bool = true
    ) {
        precondition(!name.isEmpty && !name.hasPrefix("-"), "an option's name has no dashes: '\(name)'")
        precondition(kind.takesValue != placeholder.isEmpty, "--\(name): an option with a value has a placeholder, a flag none")
        self.name = name
        self.kind = kind
        self.placeholder = placeholder
        self.help = help
        self.defaultText = defaultText
        self.isRepeatable = isRepeatable
        self.showsAllowed = showsAllowed
    }

    /// `--name PLACEHOLDER`, as the options table and the usage line show it.
    public var synopsis: String { placeholder.isEmpty ? "--\(name)" : "--\(name) \(placeholder)" }

    /// The description's lines: the help, then the allowed values and the default in parentheses.
    public var descriptionLines: [String] {
        var lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if let suffix = factsText {
            // On the help's last line when it is the only one or the two fit; else on a line of their own.
            if let last = lines.last, !last.isEmpty, lines.count == 1 || last.count + suffix.count <= 72 {
                lines[lines.count - 1] = "\(last) \(suffix)"
            } else {
                lines.append(suffix)
            }
        }
        return lines + (details?() ?? []) + examples.map { "  \($0)" }
    }

    /// The allowed values, the default and whether it repeats, in parentheses; nil when there is nothing to say.
    var factsText: String? {
        // "default 100", but "default: the game's own" for words.
        let shownDefault = defaultText.map { $0.contains(" ") && $0.first?.isLetter == true ? "default: \($0)" : "default \($0)" }
        let facts = [showsAllowed ? kind.allowedText : nil, shownDefault, isRepeatable ? "repeatable" : nil].compactMap { $0 }
        return facts.isEmpty ? nil : "(\(facts.joined(separator: ", ")))"
    }

    /// What a shell completes the value with when nothing else is said: a choice's words,
    /// files for a `FILE` or `PATH` placeholder, folders for `DIR`, else nothing.
    public var defaultCompletion: ValueCompletion {
        switch kind {
        case .flag: .anything
        case .choice(let values): .words(values)
        case .integer, .unsigned, .decimal, .text:
            placeholder.contains("FILE") || placeholder.contains("PATH") ? .files : placeholder == "DIR" ? .directories : .anything
        }
    }

    /// Two declarations are the same when all but their ``details`` and ``completion`` are.
    public static func == (left: OptionSpec, right: OptionSpec) -> Bool {
        (left.name, left.kind, left.placeholder, left.help) == (right.name, right.kind, right.placeholder, right.help)
            && left.defaultText == right.defaultText && left.examples == right.examples
            && (left.isRepeatable, left.showsAllowed) == (right.isRepeatable, right.showsAllowed)
    }

    /// The `--help` option every command has.
    public static let helpFlag = OptionSpec("help", kind: .flag, help: "show this help")
}
