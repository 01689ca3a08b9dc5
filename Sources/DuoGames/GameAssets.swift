import Foundation

/// Finds the `Assets/` folder that holds the games' rules data.
///
/// The order is the one every executable of the package uses: the
/// `DUO_ASSETS` environment variable, then an `Assets/` folder next to or
/// above the executable's directory (walking up), then `./Assets`.
public enum GameAssets {
    /// Why no `Assets/` folder was found: every place looked at.
    public struct NotFound: Error, CustomStringConvertible, Sendable {
        /// The folders tried, in order.
        public let searched: [String]
        /// One line naming the places and the fix.
        public var description: String {
            "no Assets folder found (looked in: \(searched.joined(separator: ", "))); set DUO_ASSETS to the package's Assets folder"
        }
    }

    /// The `Assets/` folder.
    /// - Throws: ``NotFound`` listing the places searched.
    public static func locate(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath(),
        currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    ) throws(NotFound) -> URL {
        var searched: [String] = []
        if let path = environment["DUO_ASSETS"], !path.isEmpty {
            let url = URL(fileURLWithPath: path, isDirectory: true)
            if isDirectory(url) { return url }
            searched.append("DUO_ASSETS=\(path)")
        }
        var directory = executable.deletingLastPathComponent()
        while true {
            let candidate = directory.appendingPathComponent("Assets", isDirectory: true)
            searched.append(candidate.path)
            if isDirectory(candidate) { return candidate }
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path { break }
            directory = parent
        }
        let local = currentDirectory.appendingPathComponent("Assets", isDirectory: true)
        if isDirectory(local) { return local }
        searched.append(local.path)
        throw NotFound(searched: searched)
    }

    private static func isDirectory(_ url: URL) -> Bool {
        var flag: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &flag) && flag.boolValue
    }
}
