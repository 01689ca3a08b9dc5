import Foundation

/// A command's options in machine-readable form, as `TOOL [COMMAND] --dump-options`
/// prints them (one JSON object a line, one line per command): what lets a test
/// walk every option of every executable without a list of its own that could
/// fall behind. Not in `--help`: it is for tools, as swift-argument-parser's
/// `--experimental-dump-help` is.
public struct CommandDeclaration: Codable, Sendable, Equatable {
    /// The word that asks for the declarations instead of running.
    public static let dumpWord = "--dump-options"

    /// The command as messages name it: the executable, then the subcommand (`duo-server match`).
    public var tool: String
    /// Every option, `--help` included, in table order.
    public var options: [OptionSpec]

    /// The declaration of `command`.
    public init(_ command: CommandSpec) {
        tool = command.tool
        options = command.options
    }

    /// Prints one line of JSON per command on standard output.
    public static func print(_ commands: [CommandSpec]) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for command in commands {
            // Every field is a string, number, bool or array of them: encoding cannot fail.
            let data = (try? encoder.encode(CommandDeclaration(command))) ?? Data()
            FileHandle.standardOutput.write(data + Data("\n".utf8))
        }
    }
}
