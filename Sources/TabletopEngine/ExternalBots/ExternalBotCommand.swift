import Foundation

/// A bot that runs outside the engine, named `exec:COMMAND` in `--bots`:
/// the program (and any arguments, separated by spaces) to start as a child
/// process. See `docs/BOTS.md`, "Bots from outside", for what it reads and writes.
///
/// The program is found as a shell finds it: a word with a `/` in it is a
/// path (relative to the current directory), a bare word (`python3`) is
/// looked up in the directories of `PATH`, in order.
public struct ExternalBotCommand: Hashable, Sendable, CustomStringConvertible {
    /// The prefix that marks an outside bot's name.
    public static let prefix = "exec:"

    /// The executable's path: the word as given when it holds a `/`, else
    /// the first match on `PATH` (`/usr/bin/python3` for `python3`).
    public let executable: String
    /// The arguments after it.
    public let arguments: [String]
    /// The name as given (`exec:...`), as reports and replays show it.
    public let name: String

    /// The command named by `name`, or nil when `name` is not `exec:...`.
    /// - Parameters:
    ///   - name: the bot's name in `--bots`, `exec:PROGRAM ARGUMENTS...`.
    ///   - searchPath: the directories a bare program name is looked
    ///     up in, as `PATH` lists them (the process's own `PATH` by default).
    /// - Throws: ``BatchError/invalidConfiguration(_:)`` when nothing follows
    ///   `exec:`, the program is not an executable file, or a bare name is on no directory of the path.
    public init?(name: String, searchPath: String? = ProcessInfo.processInfo.environment["PATH"]) throws(BatchError) {
        guard name.hasPrefix(Self.prefix) else { return nil }
        let words = name.dropFirst(Self.prefix.count).split(separator: " ").map(String.init)
        guard let program = words.first else {
            throw .invalidConfiguration("bot '\(name)': exec: needs the path of a program, e.g. exec:Examples/ExecBot/random_bot.py")
        }
        if program.contains("/") {
            guard FileManager.default.isExecutableFile(atPath: program) else {
                let why = FileManager.default.fileExists(atPath: program) ? "is not executable (chmod +x?)" : "does not exist"
                throw .invalidConfiguration("bot '\(name)': \(program) \(why)")
            }
            executable = program
        } else {
            guard let found = Self.lookUp(program, in: searchPath ?? "") else {
                throw .invalidConfiguration(
                    "bot '\(name)': no program '\(program)' on PATH (\(searchPath ?? "unset")); give its path, e.g. exec:./\(program)")
            }
            executable = found
        }
        arguments = Array(words.dropFirst())
        self.name = name
    }

    /// The first executable regular file named `program` in the directories
    /// of `searchPath` (an empty entry is the current directory, as for a shell).
    static func lookUp(_ program: String, in searchPath: String) -> String? {
        for directory in searchPath.split(separator: ":", omittingEmptySubsequences: false) {
            let folder = directory.isEmpty ? "." : String(directory)
            let candidate = folder.hasSuffix("/") ? folder + program : folder + "/" + program
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
                FileManager.default.isExecutableFile(atPath: candidate)
            else { continue }
            return candidate
        }
        return nil
    }

    /// The name as given.
    public var description: String { name }
}
