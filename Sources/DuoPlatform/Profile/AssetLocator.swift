import DuoSupport
import Foundation

/// Finds the `Assets/` folder, so executables and tests run from anywhere
/// without an absolute path in the code.
///
/// The standard search: the directory in the environment variable
/// `DUO_ASSETS` when it is set (and then only it: an explicit choice never
/// silently falls back); otherwise `Assets/` in the running executable's
/// directory, then the installed Assets beside it (`PREFIX/share/duo` for
/// `PREFIX/bin/duo-server`: `InstallLayout.assetsFolder(ofProgram:)` of DuoSupport, where
/// `make install` puts them), then `Assets/` in any directory above it (a build
/// in `.build/debug/` finds the package's `Assets/`), then `./Assets`.
public struct AssetLocator: Hashable, Sendable {
    /// The directories tried, in order; the first that exists is used.
    public var candidates: [URL]

    /// A locator that tries `candidates` in order.
    public init(candidates: [URL]) {
        self.candidates = candidates
    }

    /// A locator using a single directory.
    public init(directory: URL) {
        self.init(candidates: [directory])
    }

    /// The standard search (see the type's description).
    /// - Parameters:
    ///   - environment: where `DUO_ASSETS` is read.
    ///   - executableURL: the running program; its directory and the ones above are searched.
    ///   - currentDirectory: where `./Assets` is looked for last.
    public static func standard(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executableURL: URL? = currentExecutableURL(),
        currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    ) -> AssetLocator {
        if let explicit = environment["DUO_ASSETS"], !explicit.isEmpty {
            return AssetLocator(candidates: [URL(fileURLWithPath: explicit, relativeTo: currentDirectory).standardizedFileURL])
        }
        var candidates: [URL] = []
        if let executableURL {
            var directory = executableURL.deletingLastPathComponent().standardizedFileURL
            let installed = InstallLayout.assetsFolder(ofProgram: executableURL.lastPathComponent)
            while true {
                candidates.append(directory.appendingPathComponent("Assets"))
                if candidates.count == 1 {
                    candidates.append(directory.deletingLastPathComponent().appendingPathComponent(installed).standardizedFileURL)
                }
                let parent = directory.deletingLastPathComponent().standardizedFileURL
                if parent.path == directory.path { break }
                directory = parent
            }
        }
        candidates.append(currentDirectory.appendingPathComponent("Assets").standardizedFileURL)
        return AssetLocator(candidates: candidates)
    }

    /// The running executable, with symbolic links resolved.
    public static func currentExecutableURL() -> URL? {
        let selfLink = URL(fileURLWithPath: "/proc/self/exe")
        if FileManager.default.fileExists(atPath: selfLink.path) {
            return selfLink.resolvingSymlinksInPath()
        }
        if let url = Bundle.main.executableURL { return url.resolvingSymlinksInPath() }
        guard let first = CommandLine.arguments.first else { return nil }
        return URL(fileURLWithPath: first).resolvingSymlinksInPath()
    }

    /// The first candidate that is an existing directory.
    /// - Throws: ``AssetLocatorError`` listing every place looked in.
    public func directory() throws(AssetLocatorError) -> URL {
        for candidate in candidates where Self.isDirectory(candidate) {
            return candidate
        }
        throw AssetLocatorError(relativePath: nil, searched: candidates.map(\.path))
    }

    /// The file at `relativePath` inside the assets directory (e.g. `profiles/duo.json`).
    /// - Throws: ``AssetLocatorError`` when there is no assets directory or no such file in it.
    public func url(for relativePath: String) throws(AssetLocatorError) -> URL {
        let base = try directory()
        let url = base.appendingPathComponent(relativePath)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw AssetLocatorError(relativePath: relativePath, searched: [base.path])
        }
        return url
    }

    private static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}

/// An asset that could not be found, with every place looked in.
public struct AssetLocatorError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file looked for, or nil when no assets directory was found at all.
    public var relativePath: String?
    /// The directories searched, in order.
    public var searched: [String]

    /// Makes an error.
    public init(relativePath: String?, searched: [String]) {
        self.relativePath = relativePath
        self.searched = searched
    }

    /// One line naming what was looked for and where.
    public var description: String {
        let places = searched.joined(separator: ", ")
        if let relativePath {
            return "asset '\(relativePath)' not found in \(places)"
        }
        return "no Assets directory found (set DUO_ASSETS to it); looked in \(places)"
    }
}
