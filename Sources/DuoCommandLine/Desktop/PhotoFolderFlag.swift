import DuoArguments
import DuoDesktop
import Foundation

/// `--photos DIR` of the window: where victory photos are saved (default:
/// the current directory). Each saved photo's path is printed.
enum PhotoFolderFlag {
    static let photos: Option<String?> = .text("photos", "DIR", defaultText: "the current directory", help: "folder for victory photos")

    /// Points the session's victory photos at the folder the flag names and prints each one saved.
    /// - Throws: ``ArgumentError`` when the folder does not exist.
    static func configure(_ session: DesktopSession, _ parsed: ParsedOptions) throws {
        if let path = parsed[photos] {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ArgumentError("--photos must name an existing folder, not '\(path)'")
            }
            session.victoryPhotos.writer.folder = URL(fileURLWithPath: path, isDirectory: true)
        }
        session.victoryPhotos.onSaved = { url in
            // Written at once (not buffered), so a script watching the window sees it.
            FileHandle.standardOutput.write(Data("\(DuoCommand.tool): victory photo saved as \(url.path)\n".utf8))
        }
    }
}
