import DuoArguments
import DuoPlatform
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `duo inspect`: prints a device state and the reserved regions of a view as JSON.
enum InspectCommand {
    static let tool = "\(DuoCommand.tool) inspect"

    /// Runs the command with the words after `inspect`; exits on error.
    static func main(_ arguments: [String]) {
        let parsed = InspectHelp.command.parseOrExit(arguments)
        let profile = loadProfile(parsed[DeviceStateFlags.profile])
        var report: InspectReport
        do {
            let request = try InspectRequest(parsed, profile: profile)
            report = try InspectReport(answering: request)
            if parsed[InspectHelp.cameras] {
                report.cameras = try InspectCameras(request: request)
            }
        } catch let error as ArgumentError {
            CommandExit.usage(error.message, tool: tool)
        } catch {
            CommandExit.failure("\(error)", tool: tool)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            let data = try encoder.encode(report)
            FileHandle.standardOutput.write(data)
            FileHandle.standardOutput.write(Data("\n".utf8))
        } catch {
            CommandExit.failure("cannot write the report (\(error))", tool: tool)
        }
    }

    /// A shipped profile by name or a profile file by path. A name or path
    /// that does not exist is a bad value (exit 2); a file that exists but
    /// is broken is bad data (exit 1).
    private static func loadProfile(_ nameOrPath: String) -> DeviceProfile {
        let isPath = nameOrPath.contains("/") || nameOrPath.hasSuffix(".json")
        if isPath {
            guard FileManager.default.fileExists(atPath: nameOrPath) else {
                CommandExit.usage("--profile: no file '\(nameOrPath)'", tool: tool)
            }
        } else {
            let available: [String]
            do {
                available = try DeviceProfile.availableNames()
            } catch {
                CommandExit.failure("\(error)", tool: tool)
            }
            guard available.contains(nameOrPath) else {
                CommandExit.usage(
                    "--profile must be one of \(available.joined(separator: "|")) or a path to a .json file, not '\(nameOrPath)'", tool: tool)
            }
        }
        do {
            return try DeviceProfile.resolve(nameOrPath)
        } catch {
            CommandExit.failure("\(error)", tool: tool)
        }
    }
}
