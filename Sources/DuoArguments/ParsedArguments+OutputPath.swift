import Foundation

extension ParsedArguments {
    /// The path of an output file option (`--json FILE`), checked before any
    /// work is done so that a long run never ends in "cannot write": its
    /// folder must exist and be writable, and the path must not be a folder.
    /// `-` (standard output) passes as it is; nil when the option is absent.
    /// - Throws: ``ArgumentError`` naming the option, the path and why.
    public func outputPath(_ name: String) throws -> String? {
        guard let path = values[name] else { return nil }
        guard path != "-" else { return path }
        guard !path.isEmpty else { throw ArgumentError("--\(name) needs a file name, not ''") }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard !isDirectory.boolValue else { throw ArgumentError("--\(name): '\(path)' is a folder, not a file") }
            guard FileManager.default.isWritableFile(atPath: path) else { throw ArgumentError("--\(name): '\(path)' is not writable") }
            return path
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ArgumentError("--\(name): cannot write '\(path)': the folder '\(folder)' does not exist")
        }
        guard FileManager.default.isWritableFile(atPath: folder) else {
            throw ArgumentError("--\(name): cannot write '\(path)': the folder '\(folder)' is not writable")
        }
        return path
    }
}
