import DuoArguments
import Foundation

/// Where `match` and `merge` write their reports (`--json FILE`, `--junit FILE`).
enum ReportOutput {
    /// Writes each report to its path, `-` being standard output; a path of
    /// nil was not asked for. A file that cannot be written ends the command
    /// with status 1 (the paths were checked before any match was played).
    static func write(_ reports: [(path: String?, data: Data)], tool: String) {
        for (path, data) in reports {
            guard let path else { continue }
            if path == "-" {
                FileHandle.standardOutput.write(data)
                continue
            }
            do {
                try data.write(to: URL(fileURLWithPath: path))
            } catch {
                CommandExit.failure("cannot write \(path): \(error.localizedDescription)", tool: tool)
            }
        }
    }
}
