import Foundation

/// A command declared once: its name, its positional words, its help text
/// in parts, and the options of its tables. ``parse(_:)`` reads a command
/// line by it and ``help`` writes its `--help`, so an option cannot be
/// accepted without being shown, nor shown without being accepted.
///
///     let command = CommandSpec("duo-server replay", positionals: "FILE", sections: [
///         .usage, .text("Re-plays a replay log ..."), .options("options:", [Options.seat.spec, Options.json.spec]),
///         .list("examples:", ["duo-server replay replays/match-000000.jsonl"]),
///     ])
public struct CommandSpec: Sendable {
    /// The command as messages name it (`duo-server match`).
    public let tool: String
    /// The positional words as the usage line shows them (`FILE`, `FILE...`); empty for none.
    public let positionals: String
    /// Whether positional words are accepted (the command checks how many); when not, one is a usage error.
    public let acceptsPositionals: Bool
    /// The help text's parts, in order.
    public let sections: [HelpSection]
    /// Every option, in table order, with `--help` last.
    public let options: [OptionSpec]

    /// Declares a command. `--help` is added to the last options table (and declared) when no table has it.
    /// Two options of one name are a programming error (trap): they would parse as one.
    public init(_ tool: String, positionals: String = "", acceptsPositionals: Bool? = nil, sections: [HelpSection]) {
        var sections = sections
        if !sections.contains(where: { $0.declared.contains(where: { $0.name == "help" }) }),
            let last = sections.lastIndex(where: { if case .options = $0 { true } else { false } }),
            case .options(let title, let specs) = sections[last]
        {
            sections[last] = .options(title, specs + [OptionSpec.helpFlag])
        }
        let options = sections.flatMap(\.declared)
        var seen = Set<String>()
        for option in options { precondition(seen.insert(option.name).inserted, "\(tool): --\(option.name) declared twice") }
        self.tool = tool
        self.positionals = positionals
        self.acceptsPositionals = acceptsPositionals ?? !positionals.isEmpty
        self.sections = sections
        self.options = options.contains(where: { $0.name == "help" }) ? options : options + [OptionSpec.helpFlag]
    }

    /// The declaration of option `name`, nil when the command has none of that name.
    public func option(named name: String) -> OptionSpec? { options.first { $0.name == name } }

    /// The whole `--help` text, ending with a newline.
    public var help: String {
        sections.map { section -> String in
            switch section {
            case .usage: usageLine
            case .text(let text): text
            case .deferred(let text): text()
            case .options(let title, let specs): ([title] + Self.table(specs, width: tableWidth)).joined(separator: "\n")
            case .list(let title, let lines): ([title] + lines.map { "  \($0)" }).joined(separator: "\n")
            }
        }.joined(separator: "\n\n") + "\n"
    }

    /// `usage: TOOL POSITIONALS [--option VALUE]...`, wrapped at 100 columns under the first option.
    public var usageLine: String {
        let head = "usage: \(tool)" + (positionals.isEmpty ? "" : " \(positionals)")
        let words = options.filter { $0.name != "help" }.map { "[\($0.synopsis)]" + ($0.isRepeatable ? "..." : "") }
        var lines = [head]
        let indent = String(repeating: " ", count: "usage: \(tool) ".count)
        for word in words {
            if lines[lines.count - 1].count + 1 + word.count > 100 {
                lines.append(indent + word)
            } else {
                lines[lines.count - 1] += " " + word
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The synopsis column of every table of the command: as wide as its synopses up to 24 characters.
    var tableWidth: Int { options.map(\.synopsis.count).filter { $0 <= 24 }.max() ?? 0 }

    /// The options table: two spaces, the synopsis, the description in a column `width` wide
    /// (as wide as the synopses up to 24 characters when nil; a longer one stands on a line of its own above its description).
    public static func table(_ specs: [OptionSpec], width: Int? = nil) -> [String] {
        let width = width ?? specs.map(\.synopsis.count).filter { $0 <= 24 }.max() ?? 0
        let padding = String(repeating: " ", count: width + 4)
        return specs.flatMap { spec -> [String] in
            let lines = spec.descriptionLines
            let synopsis = spec.synopsis
            guard synopsis.count <= width else { return ["  \(synopsis)"] + lines.map { padding + $0 } }
            return ["  \(synopsis.padding(toLength: width, withPad: " ", startingAt: 0))  \(lines[0])"] + lines.dropFirst().map { padding + $0 }
        }
    }
}
