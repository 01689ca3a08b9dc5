import Foundation

/// A bot that runs outside the engine, named `exec:COMMAND` in `--bots`:
/// the program (and any arguments, separated by spaces) to start as a child
/// process. See `docs/BOTS.md`, "Bots from outside", for what it reads and writes.
public struct ExternalBotCommand: Hashable, Sendable, CustomStringConvertible {
    /// The prefix that marks an outside bot's name.
    public static let prefix = "exec:"

    /// The executable's path.
    public let executable: String
    /// The arguments after it.
    public let arguments: [String]
    /// The name as given (`exec:...`), as reports and replays show it.
    public let name: String

    /// The command named by `name`, or nil when `name` is not `exec:...`.
    /// - Throws: ``BatchError/invalidConfiguration(_:)`` when nothing follows
    ///   `exec:` or the program is not an executable file.
    public init?(name: String) throws(BatchError) {
        guard name.hasPrefix(Self.prefix) else { return nil }
        let words = name.dropFirst(Self.prefix.count).split(separator: " ").map(String.init)
        guard let executable = words.first else {
            throw .invalidConfiguration("bot '\(name)': exec: needs the path of a program, e.g. exec:Examples/ExecBot/random_bot.py")
        }
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            let why = FileManager.default.fileExists(atPath: executable) ? "is not executable (chmod +x?)" : "does not exist"
            throw .invalidConfiguration("bot '\(name)': \(executable) \(why)")
        }
        self.executable = executable
        arguments = Array(words.dropFirst())
        self.name = name
    }

    /// The name as given.
    public var description: String { name }
}
