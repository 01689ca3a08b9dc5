import BroadsideDesktop
import DuoDesktop
import DuoPlatform
import Testing

/// Every test that touches SDL lives in this one serialized suite: SDL
/// state is process-wide. All of it is offscreen (software renderer, no display).
@Suite("Offscreen rendering (SDL)", .serialized)
struct OffscreenRenderingTests {
    @Test("Filled rectangles land on the pixels they cover, scaled by the transform")
    func rectanglesLandWhereDrawn() throws {
        let offscreen = try OffscreenRenderer(width: 100, height: 80)
        defer { offscreen.close() }
        let canvas = offscreen.canvas
        canvas.clear(RGBAColor(hex: 0x000000))
        canvas.transform = CanvasTransform(scale: 2, offsetX: 10, offsetY: 0)
        canvas.fillRect(x: 5, y: 5, width: 10, height: 10, color: RGBAColor(hex: 0xFF0000))
        let image = try offscreen.readPixels()
        #expect(image.pixel(x: 25, y: 15) == RGBAColor(hex: 0xFF0000))  // inside: 20...40 x 10...30
        #expect(image.pixel(x: 19, y: 15) == RGBAColor(hex: 0x000000))
        #expect(image.pixel(x: 41, y: 15) == RGBAColor(hex: 0x000000))
        #expect(canvas.takeError() == nil)
    }

    @Test("A filled polygon covers its inside and not its outside")
    func polygonFill() throws {
        let offscreen = try OffscreenRenderer(width: 64, height: 64)
        defer { offscreen.close() }
        offscreen.canvas.clear(RGBAColor(hex: 0xFFFFFF))
        offscreen.canvas.fillPolygon([(32, 4), (60, 60), (4, 60)], color: RGBAColor(hex: 0x0000FF))
        let image = try offscreen.readPixels()
        #expect(image.pixel(x: 32, y: 40) == RGBAColor(hex: 0x0000FF))
        #expect(image.pixel(x: 5, y: 10) == RGBAColor(hex: 0xFFFFFF))
    }

    @Test("Text draws glyph pixels inside its measured box and nothing outside")
    func textDrawsInsideItsBox() throws {
        let offscreen = try OffscreenRenderer(width: 200, height: 60)
        defer { offscreen.close() }
        let canvas = offscreen.canvas
        canvas.clear(RGBAColor(hex: 0x000000))
        let style = TextStyle(size: 20, bold: true, color: RGBAColor(hex: 0xFFFFFF))
        let size = canvas.drawText("Broadside", x: 10, y: 10, style: style)
        #expect(size.width > 60 && size.height > 15)
        #expect(canvas.measureText("Broadside", style: style).width == size.width)
        let image = try offscreen.readPixels()
        var inside = 0
        var outside = 0
        for y in 0..<60 {
            for x in 0..<200 where image.pixel(x: x, y: y).red > 128 {
                let isInside = Double(x) >= 10 && Double(x) < 10 + size.width && Double(y) >= 10 && Double(y) < 10 + size.height
                if isInside { inside += 1 } else { outside += 1 }
            }
        }
        #expect(inside > 100)
        #expect(outside == 0)
        #expect(canvas.takeError() == nil)
    }

    @Test("A render target drawn through a mesh shows its pixels where the mesh maps them")
    func renderTargetThroughMesh() throws {
        let offscreen = try OffscreenRenderer(width: 100, height: 100)
        defer { offscreen.close() }
        let canvas = offscreen.canvas
        let target = try canvas.makeRenderTarget(pixelWidth: 50, pixelHeight: 50)
        canvas.drawing(into: target, transform: .identity) {
            canvas.clear(RGBAColor(hex: 0x00FF00))
            canvas.fillRect(x: 0, y: 0, width: 25, height: 50, color: RGBAColor(hex: 0xFF0000))
        }
        canvas.clear(RGBAColor(hex: 0x000000))
        // Mapped to the lower-right quadrant, upside down (v runs bottom to top).
        let mesh = TexturedMesh(
            vertices: [
                .init(x: 50, y: 50, u: 0, v: 1), .init(x: 100, y: 50, u: 1, v: 1),
                .init(x: 100, y: 100, u: 1, v: 0), .init(x: 50, y: 100, u: 0, v: 0),
            ],
            indices: [0, 1, 2, 0, 2, 3])
        canvas.drawMesh(mesh, from: target)
        let image = try offscreen.readPixels()
        #expect(image.pixel(x: 60, y: 75).isClose(to: RGBAColor(hex: 0xFF0000), tolerance: 16))
        #expect(image.pixel(x: 90, y: 75).isClose(to: RGBAColor(hex: 0x00FF00), tolerance: 16))
        #expect(image.pixel(x: 25, y: 25) == RGBAColor(hex: 0x000000))
        let coordinate = try #require(mesh.textureCoordinate(atX: 60, y: 60))
        #expect(abs(coordinate.u - 0.2) < 1e-9 && abs(coordinate.v - 0.8) < 1e-9)
        #expect(mesh.textureCoordinate(atX: 10, y: 10) == nil)
        #expect(canvas.takeError() == nil)
    }

    @Test("The text cache keeps each rendered string once")
    func textCacheReusesStrings() throws {
        let offscreen = try OffscreenRenderer(width: 100, height: 40)
        defer { offscreen.close() }
        let style = TextStyle(size: 12, color: RGBAColor(hex: 0xFFFFFF))
        for _ in 0..<5 {
            offscreen.canvas.beginFrame()
            offscreen.canvas.drawText("Turn 3", x: 0, y: 0, style: style)
            offscreen.canvas.drawText("Score", x: 0, y: 20, style: style)
        }
        #expect(offscreen.canvas.cachedTextCount == 2)
    }

    @Test("An impossible offscreen size is a clear error, not a crash")
    func impossibleSizeIsAnError() {
        #expect(throws: DesktopError.self) { try OffscreenRenderer(width: 0, height: 10) }
    }
}
