import Foundation

/// A new, empty folder under the system's temporary directory for one test to write into.
public enum ScratchFolder {
    /// Creates `PREFIX-UUID` under the temporary directory and returns it.
    public static func make(_ prefix: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
