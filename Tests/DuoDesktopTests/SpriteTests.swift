import DuoDesktop
import DuoPlatform
import DuoTestSupport
import Foundation
import Testing

/// Sprites drawn by the canvas: loaded from an `Assets/` folder, scaled into
/// their rectangle, tinted, kept per renderer, and a clear error when the
/// image is missing or broken. In the one serialized SDL suite (see `OffscreenRenderingTests`).
extension OffscreenRenderingTests {
    /// An `Assets/` folder holding one 16x8 sprite: the left half red, the right half white, opaque.
    static func spriteAssets() throws -> (folder: URL, sprite: Sprite) {
        let folder = try scratchFolder("sprites")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sprites"), withIntermediateDirectories: true)
        var bytes: [UInt8] = []
        for _ in 0..<8 {
            for x in 0..<16 { bytes += x < 8 ? [255, 0, 0, 255] : [255, 255, 255, 255] }
        }
        try PixelImage(width: 16, height: 8, rgba: bytes).writePNG(to: folder.appendingPathComponent("sprites/halves.png"))
        return (folder, Sprite("sprites/halves.png"))
    }

    @Test("A sprite fills the rectangle it is drawn in, at any scale, and a tint multiplies its colours")
    func spriteDrawsScaledAndTinted() throws {
        let (folder, sprite) = try Self.spriteAssets()
        defer { try? FileManager.default.removeItem(at: folder) }
        let offscreen = try OffscreenRenderer(width: 200, height: 100)
        defer { offscreen.close() }
        let canvas = offscreen.canvas
        canvas.assets = AssetLocator(directory: folder)
        #expect(try canvas.spriteSize(sprite) == (16, 8))
        for scale in [1.0, 2.5] {
            canvas.transform = CanvasTransform(scale: scale)
            canvas.clear(RGBAColor(hex: 0x000000))
            // 64x32 points: 4 and 10 pixels per image pixel, far more than the image has.
            canvas.drawSprite(sprite, x: 4, y: 4, width: 64, height: 32)
            canvas.drawSprite(sprite, x: 4, y: 36, width: 8, height: 4, tint: RGBAColor(hex: 0x00FF80))
            let image = try offscreen.readPixels()
            func at(_ x: Double, _ y: Double) -> RGBAColor { image.pixel(x: Int(x * scale), y: Int(y * scale)) }
            #expect(at(12, 20) == RGBAColor(hex: 0xFF0000), "left half at scale \(scale)")
            #expect(at(60, 20) == RGBAColor(hex: 0xFFFFFF), "right half at scale \(scale)")
            #expect(at(2, 20) == RGBAColor(hex: 0x000000), "nothing outside at scale \(scale)")
            #expect(at(70, 20) == RGBAColor(hex: 0x000000), "nothing outside at scale \(scale)")
            // Tinted: red x green-blue is black; white x the tint is the tint.
            #expect(at(11, 38).isClose(to: RGBAColor(hex: 0x00FF80), tolerance: 2), "tinted white at scale \(scale)")
            #expect(at(5, 38).isClose(to: RGBAColor(hex: 0x000000), tolerance: 2), "tinted red at scale \(scale)")
        }
        #expect(canvas.takeError() == nil)
        #expect(canvas.loadedSpriteCount == 1)
    }

    @Test("A sprite drawn much smaller than its image averages it (a halved copy) rather than picking stray pixels")
    func smallSpritesAverage() throws {
        let folder = try Self.scratchFolder("sprites")
        defer { try? FileManager.default.removeItem(at: folder) }
        // 64x64 of one-pixel stripes, black and white: any pixel picked alone is black or white.
        var bytes: [UInt8] = []
        for _ in 0..<64 {
            for x in 0..<64 { bytes += x % 2 == 0 ? [0, 0, 0, 255] : [255, 255, 255, 255] }
        }
        try PixelImage(width: 64, height: 64, rgba: bytes).writePNG(to: folder.appendingPathComponent("stripes.png"))
        let offscreen = try OffscreenRenderer(width: 40, height: 40)
        defer { offscreen.close() }
        offscreen.canvas.assets = AssetLocator(directory: folder)
        offscreen.canvas.clear(RGBAColor(hex: 0xFF0000))
        // 9 pixels for 64: a filter reading the image itself would land near single stripes.
        offscreen.canvas.drawSprite(Sprite("stripes.png"), x: 0, y: 0, width: 9, height: 9)
        let image = try offscreen.readPixels()
        for x in 0..<9 {
            #expect(image.pixel(x: x, y: 4).isClose(to: RGBAColor(hex: 0x808080), tolerance: 8), "grey at (\(x), 4)")
        }
        #expect(offscreen.canvas.takeError() == nil)
    }

    @Test("A missing or broken sprite draws nothing and is an error naming the file, every frame, read once")
    func brokenSpritesAreErrors() throws {
        let (folder, sprite) = try Self.spriteAssets()
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = folder.appendingPathComponent("sprites/broken.png")
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]).write(to: broken)
        let offscreen = try OffscreenRenderer(width: 40, height: 40)
        defer { offscreen.close() }
        let canvas = offscreen.canvas
        canvas.assets = AssetLocator(directory: folder)
        canvas.clear(RGBAColor(hex: 0x000000))
        canvas.drawSprite(Sprite("sprites/absent.png"), x: 0, y: 0, width: 40, height: 40)
        let missing = try #require(canvas.takeError())
        #expect(missing.cause.contains("sprites/absent.png"))
        #expect(missing.description.contains("DUO_ASSETS"))
        canvas.drawSprite(Sprite("sprites/broken.png"), x: 0, y: 0, width: 40, height: 40)
        let unreadable = try #require(canvas.takeError())
        #expect(unreadable.cause.contains(broken.path))
        #expect(unreadable.cause.contains("cannot be read as an image"))
        // Fixed on disk, the broken file is still not read again by this canvas: the next frame says the same.
        try FileManager.default.copyItem(
            at: folder.appendingPathComponent("sprites/halves.png"), to: folder.appendingPathComponent("sprites/absent.png"))
        canvas.drawSprite(Sprite("sprites/absent.png"), x: 0, y: 0, width: 40, height: 40)
        #expect(canvas.takeError() == missing)
        #expect(try offscreen.readPixels() == PixelImage(width: 40, height: 40, filledWith: RGBAColor(hex: 0x000000)))
        // A good sprite still draws beside the broken ones.
        canvas.drawSprite(sprite, x: 0, y: 0, width: 40, height: 20)
        #expect(canvas.takeError() == nil)
        #expect(canvas.loadedSpriteCount == 1)
    }
}
