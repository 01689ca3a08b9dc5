import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// How a command ends: the exit statuses every `duo` and `duo-server`
/// command shares, and the one-line error form on standard error.
public enum CommandExit {
    /// Exit status for a command-line mistake (bad flag or value).
    public static let usageStatus: Int32 = 2
    /// Exit status for a failure at run time (missing file, bad data, ...).
    public static let failureStatus: Int32 = 1

    /// Writes `tool: error: message` to standard error.
    public static func printError(_ message: String, tool: String) {
        FileHandle.standardError.write(Data("\(tool): error: \(message)\n".utf8))
    }

    /// Prints a usage error with a hint to `--help` and exits with status 2.
    public static func usage(_ message: String, tool: String) -> Never {
        printError("\(message) (see '\(tool) --help')", tool: tool)
        exit(usageStatus)
    }

    /// Prints a run-time error and exits with status 1.
    public static func failure(_ message: String, tool: String) -> Never {
        printError(message, tool: tool)
        exit(failureStatus)
    }
}
