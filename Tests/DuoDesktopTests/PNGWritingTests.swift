import DuoDesktop
import DuoPlatform
import DuoSupport
import DuoTestSupport
import Foundation
import Testing

/// PNG files written with SDL2_image and read back with it: what the saved
/// screenshots and photos hold is checked as decoded pixels. In the one
/// serialized SDL suite (see `OffscreenRenderingTests`).
extension OffscreenRenderingTests {
    static func scratchFolder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("duo-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("A written PNG decodes to the same pixels, alpha included, from the file and from its bytes")
    func pngRoundTrip() throws {
        var generator = SplitMix64(seed: 11)
        var bytes = [UInt8](repeating: 0, count: 37 * 23 * 4)
        for index in bytes.indices {
            // Half gradient, half noise, every alpha value from 0 to 255 somewhere.
            bytes[index] = index % 2 == 0 ? UInt8(truncatingIfNeeded: index / 7) : UInt8(truncatingIfNeeded: generator.next())
        }
        let image = PixelImage(width: 37, height: 23, rgba: bytes)
        let folder = try Self.scratchFolder("png")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("written.png")
        let fromBytes = folder.appendingPathComponent("bytes.png")
        try image.writePNG(to: file)
        try image.pngData().write(to: fromBytes)
        for url in [file, fromBytes] {
            let decoded = try PNGImage(contentsOf: url)
            #expect(decoded.width == 37 && decoded.height == 23)
            #expect(decoded.rgba == bytes)
        }
    }

    @Test("A saved screenshot decodes to the pixels drawn, and a flat frame makes a small file")
    func savedScreenshotDecodesToTheFrame() throws {
        let session = DesktopFixtures.session(.tabletop)
        let size = Screenshot.windowSize(for: session, scale: 1)
        let frame = try Screenshot.frame(of: session, width: size.width, height: size.height)
        let folder = try Self.scratchFolder("png")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("frame.png")
        try frame.writePNG(to: file)
        let decoded = try PNGImage(contentsOf: file)
        #expect(decoded.width == frame.width && decoded.height == frame.height)
        #expect(decoded.rgba == frame.rgba)
        #expect(try PixelImage(width: 660, height: 932, filledWith: RGBAColor(hex: 0x123456)).pngData().count < 40_000)
    }

    @Test("A PNG that cannot be written, or a file that is not a PNG, is an error naming the file")
    func pngErrorsNameTheFile() throws {
        let missing = URL(fileURLWithPath: "/nonexistent-duo-folder/shot.png")
        let error = try #require(throws: DesktopError.self) {
            try PixelImage(width: 2, height: 2, filledWith: RGBAColor(hex: 0)).writePNG(to: missing)
        }
        #expect(error.cause.contains("cannot write /nonexistent-duo-folder/shot.png"))
        let folder = try Self.scratchFolder("png")
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = folder.appendingPathComponent("notes.png")
        try Data("not an image".utf8).write(to: text)
        let readError = try #require(throws: PNGReadError.self) { try PNGImage(contentsOf: text) }
        #expect(readError.description.contains(text.path))
    }
}
