import DuoArguments
import DuoTestSupport
import Foundation
import Testing

/// Walks every declared option of every command of every executable, from
/// the declarations the executables print themselves (`--dump-options`), so
/// a command or an option added later is walked with no list to update:
/// each option is in its command's `--help`, takes a valid value, and a
/// misuse (unknown option, missing value, bad or out-of-range value, value
/// given to a flag) is a one-line usage error with status 2 (docs/EXIT_STATUS.md).
@Suite("Declared options")
struct DeclaredOptionsTests {
    /// The executables, each printing the declarations of all its commands.
    static let executables = [
        "duo", "duo-server", "duo-bench", "ExampleRegions", "ExampleArrangements", "ExampleHingeEffect", "ExampleHUD",
        "ExampleTicTacToe", "ExampleServerClient",
    ]

    /// The commands `executable` declares, each with the words that pick it.
    static func commands(of executable: String) throws -> [(words: [String], declaration: CommandDeclaration)] {
        let run = try BuiltExecutable(named: executable).run([CommandDeclaration.dumpWord])
        #expect(run.status == 0, "\(executable) \(CommandDeclaration.dumpWord): \(run.errorOutput)")
        return try run.output.split(separator: "\n").map { line in
            let declaration = try JSONDecoder().decode(CommandDeclaration.self, from: Data(line.utf8))
            let words = declaration.tool.split(separator: " ").map(String.init)
            #expect(words.first == executable, "\(declaration.tool) is printed by \(executable)")
            return (Array(words.dropFirst()), declaration)
        }
    }

    /// A value the option's kind accepts.
    static func validValue(_ kind: OptionKind) -> String {
        switch kind {
        case .flag, .text: "x"
        case .integer(let range): "\(range.upperBound)"
        case .unsigned: "\(UInt64.max)"
        case .decimal(let range): range.map { "\($0.lowerBound)" } ?? "1.5"
        case .choice(let values): values.last ?? ""
        }
    }

    /// Values the option's kind refuses: just out of its range, or not one of its words (the parse
    /// of every kind is unit-tested in DuoArgumentsTests; here each command must refuse them).
    static func badValues(_ kind: OptionKind) -> [String] {
        switch kind {
        case .flag, .text: []
        case .integer(let range): range.upperBound < Int.max ? ["\(range.upperBound + 1)", "x"] : ["\(range.lowerBound - 1)", "x"]
        case .unsigned: ["-1"]
        case .decimal(let range): range.map { ["\($0.upperBound + 1)"] } ?? ["x"]
        case .choice: ["no-such-choice"]
        }
    }

    /// Checks that `run` is one usage error line of `tool` naming `expected`.
    static func expectUsageError(_ run: ProcessResult, tool: String, naming expected: String, _ what: String) {
        #expect(run.status == 2, "\(what): status \(run.status), \(run.errorOutput)")
        let lines = run.errorOutput.split(separator: "\n")
        #expect(lines.count == 1, "\(what): \(run.errorOutput)")
        #expect(run.errorOutput.hasPrefix("\(tool): error: ") && run.errorOutput.hasSuffix("(see '\(tool) --help')\n"), "\(what): \(run.errorOutput)")
        #expect(run.errorOutput.contains(expected), "\(what): \(run.errorOutput)")
    }

    @Test("every option is in --help, parses with a valid value, and a misuse is one line and status 2", arguments: executables)
    func walk(executable: String) throws {
        let program = try BuiltExecutable(named: executable)
        let commands = try Self.commands(of: executable)
        #expect(!commands.isEmpty)
        for (words, declaration) in commands {
            let tool = declaration.tool
            let help = try program.run(words + ["--help"])
            #expect(help.status == 0, "\(tool) --help: \(help.errorOutput)")
            #expect(help.errorOutput.isEmpty)
            let unknown = try program.run(words + ["--no-such-option"])
            Self.expectUsageError(unknown, tool: tool, naming: "unknown option --no-such-option", "\(tool) --no-such-option")
            for option in declaration.options {
                let synopsis = option.placeholder.isEmpty ? "--\(option.name)" : "--\(option.name) \(option.placeholder)"
                #expect(help.output.contains(synopsis), "\(tool) --help does not show \(synopsis)")
                guard option.name != "help" else { continue }
                // `--help` after the option: every value is checked before the help is shown, so status 0 means it parsed.
                let given = option.kind.takesValue ? ["--\(option.name)", Self.validValue(option.kind)] : ["--\(option.name)"]
                let valid = try program.run(words + given + (option.isRepeatable ? given : []) + ["--help"])
                #expect(valid.status == 0, "\(tool) \(given.joined(separator: " ")): \(valid.errorOutput)")
                if option.kind.takesValue {
                    let missing = try program.run(words + ["--\(option.name)"])
                    Self.expectUsageError(missing, tool: tool, naming: "--\(option.name) needs a value", "\(tool) --\(option.name)")
                    for bad in Self.badValues(option.kind) {
                        let run = try program.run(words + ["--\(option.name)=\(bad)"])
                        Self.expectUsageError(run, tool: tool, naming: "--\(option.name) must be", "\(tool) --\(option.name)=\(bad)")
                        #expect(run.errorOutput.contains("'\(bad)'"), "\(tool) --\(option.name)=\(bad): \(run.errorOutput)")
                    }
                } else {
                    let valued = try program.run(words + ["--\(option.name)=yes"])
                    Self.expectUsageError(valued, tool: tool, naming: "--\(option.name) takes no value", "\(tool) --\(option.name)=yes")
                }
            }
        }
    }

    @Test("every subcommand of duo, duo-server and duo-bench declares its options")
    func everyCommandIsDeclared() throws {
        #expect(try Self.commands(of: "duo").map(\.declaration.tool) == ["duo", "duo inspect", "duo screenshot", "duo lint", "duo filmstrip"])
        #expect(
            try Self.commands(of: "duo-server").map(\.declaration.tool)
                == ["match", "merge", "bot", "replay", "serve", "load", "simulate"].map { "duo-server \($0)" })
        let benchmarks = [
            "platform", "cameras", "match", "limit", "ci", "bots", "search", "frame", "server", "serverloop", "minigolf", "photo", "soak",
        ]
        #expect(try Self.commands(of: "duo-bench").map(\.declaration.tool) == benchmarks.map { "duo-bench \($0)" })
    }
}
