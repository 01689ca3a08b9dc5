import Foundation

/// A command of a ```console block in one of the docs, with the output the
/// doc shows for it: for a command too costly to run twice in `make test`,
/// the test that runs it holds what it prints to the doc, and the doc marks
/// the block `not-run` (docs/DOC_BLOCKS.md). The matching is the docs
/// runner's: `[..]` stands for any text within a line, a line `...` for any
/// number of lines.
public struct DocConsoleBlock: Sendable {
    /// The doc and the line of the command, for messages.
    public let place: String
    /// The lines the doc shows under the command.
    public let expected: [String]

    /// The first command `$ COMMAND` (its words, a `#` comment left out) of a
    /// ```console block in `doc` (a path from the package root).
    /// - Throws: ``DocConsoleBlockError`` when no such command is there.
    public init(doc: String, command: String) throws {
        try self.init(markdown: try String(contentsOf: PackageRoot.url.appendingPathComponent(doc), encoding: .utf8), doc: doc, command: command)
    }

    /// The first command `$ COMMAND` of a ```console block in the Markdown `markdown`, named `doc` in messages.
    /// - Throws: ``DocConsoleBlockError`` when no such command is there.
    public init(markdown: String, doc: String, command: String) throws {
        let lines = markdown.components(separatedBy: "\n")
        var inConsole = false
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("```") {
                inConsole = !inConsole && line == "```console"
                continue
            }
            guard inConsole, line.hasPrefix("$ "),
                line.dropFirst(2).split(separator: "#", maxSplits: 1).first?.trimmingCharacters(in: .whitespaces) == command
            else { continue }
            var output = Array(lines[(index + 1)...].prefix { !$0.hasPrefix("```") && !$0.hasPrefix("$ ") })
            while output.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { output.removeLast() }
            place = "\(doc):\(index + 1)"
            expected = output
            return
        }
        throw DocConsoleBlockError(doc: doc, command: command)
    }

    /// Whether `output` (a command's standard output) is what the doc shows.
    public func matches(_ output: String) -> Bool {
        var actual = output.components(separatedBy: "\n").map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
        while actual.last?.isEmpty == true { actual.removeLast() }
        // reach[j]: the expected lines so far can match the first j actual lines.
        var reach = [true] + Array(repeating: false, count: actual.count)
        for line in expected {
            if line.trimmingCharacters(in: .whitespaces) == "..." {
                for j in 1..<reach.count { reach[j] = reach[j] || reach[j - 1] }
            } else {
                let pattern = Self.pattern(line)
                reach = [false] + (1..<reach.count).map { reach[$0 - 1] && Self.matches(pattern, actual[$0 - 1]) }
            }
        }
        return reach[actual.count]
    }

    static func pattern(_ line: String) -> NSRegularExpression {
        let parts = line.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression).components(separatedBy: "[..]")
        // The parts are escaped text, so the expression is always valid.
        return try! NSRegularExpression(pattern: "^" + parts.map(NSRegularExpression.escapedPattern(for:)).joined(separator: ".*") + "$")
    }

    static func matches(_ pattern: NSRegularExpression, _ line: String) -> Bool {
        pattern.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil
    }
}

/// No ```console block of the doc has the command.
public struct DocConsoleBlockError: Error, CustomStringConvertible {
    public let doc: String
    public let command: String
    public var description: String { "no ```console block of \(doc) runs `$ \(command)`" }
}
