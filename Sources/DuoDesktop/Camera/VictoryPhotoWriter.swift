import DuoPlatform
import Foundation

/// Saves victory photos as PNG files in a folder, encoded by SDL2_image:
/// `victory-photo-001.png`, `victory-photo-002.png`, ... taking the
/// first number not yet used there, and never writing over a file. The
/// picture is the camera's photo enlarged by whole pixels, so what the
/// simulated sensor saw stays exact in the file.
public struct VictoryPhotoWriter: Sendable, Equatable {
    /// The folder the photos go in.
    public var folder: URL
    /// Each camera pixel becomes `scale` x `scale` pixels of the file.
    public var scale: Int

    /// The prefix of every photo's file name.
    public static let prefix = "victory-photo-"

    /// A writer into `folder` (default: the current directory).
    public init(folder: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath), scale: Int = 4) {
        self.folder = folder
        self.scale = max(1, scale)
    }

    /// The name of photo number `number` (`victory-photo-007.png`).
    public static func fileName(number: Int) -> String {
        let digits = String(number)
        return prefix + String(repeating: "0", count: max(0, 3 - digits.count)) + digits + ".png"
    }

    /// The number of the next photo among the files `existing` in the folder:
    /// one more than the highest photo number there (1 for none).
    public static func nextNumber(existing: [String]) -> Int {
        let numbers = existing.compactMap { name -> Int? in
            guard name.hasPrefix(prefix), name.hasSuffix(".png") else { return nil }
            return Int(name.dropFirst(prefix.count).dropLast(4))
        }
        return (numbers.max() ?? 0) + 1
    }

    /// The photo as an image, each camera pixel enlarged to `scale` x `scale`.
    public static func image(of frame: CameraFrame, scale: Int) -> PixelImage {
        let scale = max(1, scale)
        let width = frame.width * scale
        let height = frame.height * scale
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        frame.pixels.withUnsafeBufferPointer { source in
            for y in 0..<height {
                let row = (y / scale) * frame.width
                for x in 0..<width {
                    let from = (row + x / scale) * 4
                    let to = (y * width + x) * 4
                    bytes[to] = source[from]
                    bytes[to + 1] = source[from + 1]
                    bytes[to + 2] = source[from + 2]
                    bytes[to + 3] = source[from + 3]
                }
            }
        }
        return PixelImage(width: width, height: height, rgba: bytes)
    }

    /// Writes `frame` as the next photo of the folder.
    /// - Returns: the file written.
    /// - Throws: ``VictoryPhotoError/notAFolder(path:)`` or ``VictoryPhotoError/cannotWrite(path:reason:)``.
    public func save(_ frame: CameraFrame) throws(VictoryPhotoError) -> URL {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .notAFolder(path: folder.path)
        }
        let data: Data
        do { data = try Self.image(of: frame, scale: scale).pngData() } catch {
            throw .cannotWrite(path: folder.path, reason: error.cause)
        }
        let existing = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var number = Self.nextNumber(existing: existing)
        // Another program may take a name between the listing and the write: try the next one.
        for _ in 0..<100 {
            let url = folder.appendingPathComponent(Self.fileName(number: number))
            do {
                try data.write(to: url, options: .withoutOverwriting)
                return url
            } catch CocoaError.fileWriteFileExists {
                number += 1
            } catch {
                throw .cannotWrite(path: url.path, reason: error.localizedDescription)
            }
        }
        throw .cannotWrite(path: folder.path, reason: "no free photo number")
    }
}
