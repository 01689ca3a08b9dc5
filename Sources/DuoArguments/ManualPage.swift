import DuoSupport
import Foundation

/// A program's manual page in roff (`man(7)`), generated from its
/// ``ProgramDeclaration``: the synopsis, the options taken with no
/// subcommand, and one section per subcommand with the same text, option
/// tables and examples as its `--help`. `PROGRAM --generate-manual` prints
/// it; `make install` puts it in `share/man/man1` (docs/INSTALL.md).
///
/// Every character outside ASCII is written as a roff escape and every
/// hyphen as `\-`, so `groff -ww` and `mandoc -T lint` find nothing to say.
public struct ManualPage: Sendable {
    /// The program the page documents.
    public let program: ProgramDeclaration
    /// The date in the page's header (`2026-12-01`): the one in `SOURCE_DATE_EPOCH`
    /// when set (reproducible builds), else today's, in UTC.
    public let date: String

    /// The page of `program`, dated as ``date`` says.
    public init(_ program: ProgramDeclaration, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.program = program
        let seconds = environment["SOURCE_DATE_EPOCH"].flatMap(TimeInterval.init) ?? Date().timeIntervalSince1970
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let day = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: seconds))
        date = String(format: "%04d-%02d-%02d", day.year ?? 1970, day.month ?? 1, day.day ?? 1)
    }

    /// Where `make install` puts the page under the prefix.
    public var installPath: String { "share/man/man1/\(program.name).1" }

    /// The page's roff text.
    public var text: String {
        var page = Roff()
        let name = program.name
        page.comment("Generated from the option declarations by '\(name) \(ProgramDeclaration.Word.manual)'.")
        page.request(
            "TH", [Roff.escaped(name.uppercased()), "1", date, Roff.escaped(program.versionLine), "Duo tabletop engine"], escaping: false)
        // No hyphenation and a ragged right edge: option names and paths stay whole and readable.
        page.request("nh")
        page.request("ad l")
        page.section("NAME")
        page.line("\(Roff.escaped(name)) \\- \(Roff.escaped(program.summary))")
        page.section("SYNOPSIS")
        if let root = program.root {
            page.synopsis(root, name: name)
            page.request("br")
        }
        if !program.subcommands.isEmpty {
            page.line("\\fB\(Roff.escaped(name))\\fR \\fICOMMAND\\fR [\\fIoptions\\fR]")
            page.request("br")
        }
        page.line("\\fB\(Roff.escaped(name))\\fR \\fB\\-\\-help\\fR | \\fB\\-\\-version\\fR")
        page.section("DESCRIPTION")
        if let root = program.root {
            page.sections(of: root)
        } else {
            page.paragraph(program.summary.prefix(1).uppercased() + program.summary.dropFirst() + ".")
        }
        if !program.subcommands.isEmpty {
            page.section("COMMANDS")
            for subcommand in program.subcommands {
                page.request("TP")
                page.line("\\fB\(Roff.escaped(subcommand.name))\\fR")
                page.line(Roff.escaped(subcommand.summary))
            }
            page.paragraph(
                "Each command is described in a section of its own below, with the same text as '\(name) COMMAND \\-\\-help'.", escaping: false)
        }
        page.section("PROGRAM OPTIONS")
        page.paragraph("Given alone, in place of a command:")
        for (synopsis, help) in [
            ("--help", "show the help and exit"),
            ("--version", "print '\(program.versionLine)' and exit"),
            ("\(ProgramDeclaration.Word.completionScript) bash|zsh|fish", "print the shell's completion script"),
            (ProgramDeclaration.Word.manual, "print this manual page (roff)"),
        ] {
            page.request("TP")
            page.line(Roff.synopsis(synopsis))
            page.line(Roff.escaped(help))
        }
        for subcommand in program.subcommands {
            page.section("\(name) \(subcommand.name)".uppercased())
            page.paragraph(subcommand.summary.prefix(1).uppercased() + subcommand.summary.dropFirst() + ".")
            if let command = subcommand.command {
                page.synopsis(command, name: command.tool)
                page.sections(of: command)
            }
        }
        page.section("ENVIRONMENT")
        page.request("TP")
        page.line("\\fBDUO_ASSETS\\fR")
        page.line(
            Roff.escaped(
                "The Assets folder to use (device profiles, game data, schemas, sprites). When it is not set, "
                    + "the program looks for Assets next to its own folder and in each folder above it, in "
                    + "\(InstallLayout.assetsFolder(ofProgram: name)) beside its bin folder (where make install puts them), "
                    + "then in the current folder."))
        return page.text
    }
}

/// Writes roff: requests, escaped text, and the pieces a manual page is made of.
struct Roff {
    private(set) var lines: [String] = []

    var text: String { lines.joined(separator: "\n") + "\n" }

    mutating func comment(_ text: String) { lines.append(".\\\" " + Self.escaped(text)) }

    /// The longest input line written: mandoc's lint calls longer ones hard to read.
    static let width = 78

    /// `.NAME "ARG" ...`, each argument escaped (`escaping`) and quoted.
    mutating func request(_ name: String, _ arguments: [String] = [], escaping: Bool = true) {
        let quoted = arguments.map { "\"\((escaping ? Self.escaped($0) : $0).replacingOccurrences(of: "\"", with: "\\(dq"))\"" }
        lines.append(([".\(name)"] + quoted).joined(separator: " "))
    }

    mutating func section(_ title: String) { request("SH", [title]) }

    /// Starts a paragraph, unless a heading just started one.
    mutating func startParagraph() {
        guard let last = lines.last, !last.hasPrefix(".SH"), !last.hasPrefix(".SS") else { return }
        request("PP")
    }

    /// Running text, already escaped, filled into lines of at most ``width`` bytes at its
    /// spaces; a line that would start with `.` or `'` (a request) is made plain text.
    mutating func line(_ text: String) {
        var current = ""
        for word in text.split(separator: " ") {
            if !current.isEmpty, current.utf8.count + 1 + word.utf8.count > Self.width {
                lines.append(Self.plain(Self.unspaced(current)))
                current = ""
            }
            current += (current.isEmpty ? "" : " ") + word
        }
        if !current.isEmpty { lines.append(Self.plain(Self.unspaced(current))) }
    }

    /// `line` with `\&` after a full stop, question or exclamation mark that ends it: roff puts
    /// two spaces after a sentence that ends an input line, and `e.g.` ends none.
    static func unspaced(_ line: String) -> String {
        guard let last = line.last, ".?!".contains(last) else { return line }
        return line + "\\&"
    }

    /// A line kept as it is in no-fill mode (already escaped): a longer one than ``width`` is
    /// split at a space into input lines joined by `\c`, which roff prints as one.
    mutating func verbatimLine(_ text: String) {
        var rest = Substring(text.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression))
        while rest.utf8.count > Self.width, let space = rest.prefix(Self.width - 2).lastIndex(of: " "), space > rest.startIndex {
            lines.append(Self.plain(String(rest[..<space])) + "\\c")
            rest = rest[space...]
        }
        lines.append(Self.plain(String(rest)))
    }

    /// `line` made plain text where roff would read it as a request.
    static func plain(_ line: String) -> String {
        line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line
    }

    /// A paragraph of running text.
    mutating func paragraph(_ text: String, escaping: Bool = true) {
        startParagraph()
        line(escaping ? Self.escaped(text) : text)
    }

    /// Hand-written text as `--help` prints it: paragraphs split at blank lines; one with an
    /// indented line (a table, a usage block) keeps its lines as they are, the others are filled.
    mutating func text(_ text: String) {
        for paragraph in text.components(separatedBy: "\n\n") where !paragraph.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            let paragraphLines = paragraph.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            startParagraph()
            if paragraphLines.contains(where: { $0.first?.isWhitespace == true }) {
                verbatim(paragraphLines)
            } else {
                line(Self.escaped(paragraphLines.joined(separator: " ")))
            }
        }
    }

    /// Lines kept as they are (no filling), each escaped.
    mutating func verbatim(_ verbatimLines: [String]) {
        request("nf")
        for line in verbatimLines { verbatimLine(Self.escaped(line)) }
        request("fi")
    }

    /// The command's synopsis: its name in bold and every option in brackets.
    mutating func synopsis(_ command: CommandSpec, name: String) {
        startParagraph()
        var words = ["\\fB\(Self.escaped(name))\\fR"]
        if !command.positionals.isEmpty { words.append("\\fI\(Self.escaped(command.positionals))\\fR") }
        for option in command.options where option.name != "help" {
            words.append("[\(Self.synopsis(option.synopsis))]" + (option.isRepeatable ? "..." : ""))
        }
        line(words.joined(separator: " "))
    }

    /// A command's help sections: text, option tables, lists.
    mutating func sections(of command: CommandSpec) {
        for section in command.sections {
            switch section {
            case .usage:
                continue
            case .text(let body):
                text(body)
            case .deferred(let body):
                text(body())
            case .options(let title, let specs):
                request("SS", [Self.title(title)])
                for spec in specs { option(spec) }
            case .list(let title, let items):
                request("SS", [Self.title(title)])
                request("RS")
                verbatim(items)
                request("RE")
            }
        }
    }

    /// One option: its synopsis, its help filled, the allowed values and default, then its
    /// per-game details and examples line by line.
    mutating func option(_ spec: OptionSpec) {
        request("TP")
        line(Self.synopsis(spec.synopsis))
        let help = spec.help.split(separator: "\n").joined(separator: " ")
        line(Self.escaped([help, spec.factsText].compactMap { $0 }.joined(separator: " ")))
        let more = (spec.details?() ?? []) + spec.examples
        if !more.isEmpty { verbatim(more) }
    }

    /// `--name PLACEHOLDER` with the name in bold and the placeholder in italics.
    static func synopsis(_ synopsis: String) -> String {
        let parts = synopsis.split(separator: " ", maxSplits: 1).map(String.init)
        let name = "\\fB\(escaped(parts[0]))\\fR"
        // \~: a space the line is never broken at (`--seed N` stays together).
        return parts.count == 1 ? name : "\(name)\\~\\fI\(escaped(parts[1]))\\fR"
    }

    /// A table's title as a subsection heading: `options:` -> `Options`.
    static func title(_ title: String) -> String {
        let trimmed = title.hasSuffix(":") ? String(title.dropLast()) : title
        return trimmed.prefix(1).uppercased() + trimmed.dropFirst()
    }

    /// `text` with roff's special characters escaped: backslashes, hyphens (as `\-`, so options
    /// copy as typed) and every character outside ASCII as `\[uXXXX]`.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case "\t": out += " "
            case _ where scalar.value > 126 || scalar.value < 32:
                out += String(format: "\\[u%04X]", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
