import DuoPlatform
import DuoTestSupport
import Foundation
import Testing

@testable import DuoDesktop

/// Every cache of a canvas is bounded (issue 21, defect 10): text textures by
/// count and bytes, open faces by count, scaled sprites by count and bytes,
/// fitted paragraphs by count, however many scales, strings and sizes a long
/// session draws. Each test also lifts the limit it checks, and sees the cache
/// grow past it as it did before there was one. In the one serialized SDL suite.
extension OffscreenRenderingTests {
    /// Draws a few labels at each of `scales` scales, a frame each, as a window resized or a fold moved does.
    static func drawLabels(on canvas: Canvas, scales: Int) {
        for index in 0..<scales {
            canvas.beginFrame()
            canvas.transform = CanvasTransform(scale: 0.5 + Double(index) * 0.03)
            canvas.drawText("Your turn", x: 2, y: 2, style: TextStyle(size: 12, color: RGBAColor(hex: 0xFFFFFF)))
            canvas.drawText("NEWS", x: 2, y: 20, style: TextStyle(size: 10.5, bold: true, color: RGBAColor(hex: 0xFFFFFF)))
        }
        canvas.beginFrame()
    }

    @Test("The faces open stay within their limit however many scales are drawn (each scale opens its own sizes)")
    func openFontsAreBounded() throws {
        let offscreen = try OffscreenRenderer(width: 200, height: 100)
        defer { offscreen.close() }
        Self.drawLabels(on: offscreen.canvas, scales: 150)
        let limits = offscreen.canvas.cacheLimits
        #expect(offscreen.canvas.cacheSizes.fonts <= limits.fonts)
        #expect(offscreen.canvas.cacheSizes.fonts >= 2, "the last frame's faces stay open")
        // The same frames with no limit: one face per pixel size and weight, for good.
        let unbounded = try OffscreenRenderer(width: 200, height: 100)
        defer { unbounded.close() }
        unbounded.canvas.text.fontLimit = .max
        Self.drawLabels(on: unbounded.canvas, scales: 150)
        #expect(unbounded.canvas.cacheSizes.fonts > 3 * limits.fonts)
        // Text drawn after faces were closed still draws (closing a face leaves its textures alone).
        let image = try offscreen.readPixels()
        #expect(image.width == 200)
        #expect(offscreen.canvas.takeError() == nil)
    }

    /// Draws `count` different long strings at a large size, one frame each.
    static func drawLongStrings(on canvas: Canvas, count: Int) {
        canvas.transform = CanvasTransform(scale: 2)
        for index in 0..<count {
            canvas.beginFrame()
            canvas.drawText(
                "Salvo \(index): the hunt bot fired at B\(index % 10) and missed the whole fleet", x: 0, y: 0,
                style: TextStyle(size: 28, color: RGBAColor(hex: 0xFFFFFF)))
        }
        canvas.beginFrame()
    }

    @Test("The text textures stay within their bytes, not only their count, however long the strings")
    func textTexturesAreBoundedInBytes() throws {
        let offscreen = try OffscreenRenderer(width: 200, height: 100)
        defer { offscreen.close() }
        Self.drawLongStrings(on: offscreen.canvas, count: 400)
        let sizes = offscreen.canvas.cacheSizes
        #expect(sizes.textBytes <= offscreen.canvas.cacheLimits.textBytes)
        #expect(sizes.texts <= offscreen.canvas.cacheLimits.texts)
        #expect(sizes.texts > 0)
        // A count alone lets 400 such strings (over 100 kB each) stay.
        let unbounded = try OffscreenRenderer(width: 200, height: 100)
        defer { unbounded.close() }
        unbounded.canvas.text.cacheByteLimit = .max
        Self.drawLongStrings(on: unbounded.canvas, count: 400)
        #expect(unbounded.canvas.cacheSizes.textBytes > 2 * offscreen.canvas.cacheLimits.textBytes)
    }

    @Test("Sprites scaled to the sizes drawn stay within their bytes, not only their count")
    func scaledSpritesAreBoundedInBytes() throws {
        let (folder, sprite) = try Self.spriteAssets()
        defer { try? FileManager.default.removeItem(at: folder) }
        func draw(on canvas: Canvas) {
            canvas.assets = AssetLocator(directory: folder)
            for index in 0..<60 {
                canvas.beginFrame()
                let side = 600 + Double(index) * 10
                canvas.drawSprite(sprite, x: 0, y: 0, width: side, height: side / 2)
            }
        }
        let offscreen = try OffscreenRenderer(width: 100, height: 100)
        defer { offscreen.close() }
        draw(on: offscreen.canvas)
        #expect(offscreen.canvas.cacheSizes.sizedSpriteBytes <= offscreen.canvas.cacheLimits.sizedSpriteBytes)
        #expect(offscreen.canvas.cacheSizes.sizedSprites > 0)
        #expect(offscreen.canvas.takeError() == nil)
        let unbounded = try OffscreenRenderer(width: 100, height: 100)
        defer { unbounded.close() }
        unbounded.canvas.sprites.sizedByteLimit = .max
        draw(on: unbounded.canvas)
        #expect(unbounded.canvas.cacheSizes.sizedSpriteBytes > 2 * offscreen.canvas.cacheLimits.sizedSpriteBytes)
    }

    @Test("F3's readout names the caches' sizes: texts and their megabytes, fonts, sprites, paragraphs")
    func readoutShowsCaches() throws {
        let sizes = CanvasCacheSizes(
            texts: 212, textBytes: 3_250_000, fonts: 9, sprites: 4, sizedSprites: 14, sizedSpriteBytes: 1_258_291, paragraphs: 80)
        #expect(sizes.readout == "cache 212 texts 3.1 MB, 9 fonts, 14 sprites 1.2 MB, 80 paragraphs")
        let session = DesktopFixtures.session(.tabletop)
        session.cacheSizes = sizes
        #expect(!session.statusLine(frameMilliseconds: 2).contains("cache "), "only with F3")
        session.apply(.toggleFrameTiming)
        #expect(session.statusLine(frameMilliseconds: 2).hasSuffix(sizes.readout))
    }
}
