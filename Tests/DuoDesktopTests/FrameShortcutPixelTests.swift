import DuoDesktop
import DuoPlatform
import Testing

/// The frame's shortcuts on the software renderer (merged strips, fills blended in memory)
/// draw the very pixels of the plain way. In the one serialized SDL suite (see `OffscreenRenderingTests`).
extension OffscreenRenderingTests {
    /// One whole frame of `session` at `scale`, with the leaning panels' strips merged or drawn one by one.
    static func frame(of session: DesktopSession, scale: Double, mergesStrips: Bool) throws -> PixelImage {
        let size = Screenshot.windowSize(for: session, scale: scale)
        let offscreen = try OffscreenRenderer(width: size.width, height: size.height)
        defer { offscreen.close() }
        let renderer = FrameRenderer(canvas: offscreen.canvas)
        defer { renderer.close() }
        renderer.mergesStrips = mergesStrips
        let viewport = FrameRenderer.viewport(windowWidth: Double(size.width), windowHeight: Double(size.height))
        try renderer.render(session.content, presentation: session.presentation(in: viewport), statusLine: "status", showsHelp: false)
        if let error = offscreen.canvas.takeError() { throw error }
        return try offscreen.readPixels()
    }

    @Test(
        "Merged strips draw every leaning panel to the very pixels of one copy per row or column",
        arguments: [(Posture.book, 1.0), (.tent, 1.0), (.tabletop, 1.0), (.book, 1.37), (.tabletop, 2.0)])
    func mergedStripsChangeNoPixel(posture: Posture, scale: Double) throws {
        let session = DesktopFixtures.session(posture)
        let merged = try Self.frame(of: session, scale: scale, mergesStrips: true)
        let alone = try Self.frame(of: session, scale: scale, mergesStrips: false)
        var differing = 0
        for y in 0..<merged.height {
            for x in 0..<merged.width where merged.pixel(x: x, y: y) != alone.pixel(x: x, y: y) { differing += 1 }
        }
        #expect(differing == 0, "\(posture) at scale \(scale): \(differing) pixels differ")
        // The panels really lean (so strips were drawn): the frame is not the flat one.
        let flat = try Self.frame(of: DesktopFixtures.session(.flat), scale: scale, mergesStrips: true)
        #expect(flat.width != merged.width || flat.height != merged.height || flat.rgba != merged.rgba)
    }

    @Test("fillRects blends into a render target to the very pixels of one fillRect after another, overlaps and edges included")
    func filledRectsMatchFillRect() throws {
        let size = (width: 90, height: 70)
        // The same varied picture (translucent pixels too) in two targets, then the same fills drawn both ways.
        func picture(_ fills: (Canvas) -> Void) throws -> PixelImage {
            let offscreen = try OffscreenRenderer(width: size.width, height: size.height)
            defer { offscreen.close() }
            let canvas = offscreen.canvas
            let target = try canvas.makeRenderTarget(pixelWidth: size.width, pixelHeight: size.height, isOpaque: true)
            canvas.drawing(into: target, transform: CanvasTransform(scale: 1.5)) {
                canvas.clear(RGBAColor(red: 12, green: 200, blue: 90, alpha: 0))
                canvas.fillGradientRect(
                    x: 0, y: 0, width: 60, height: 46, top: RGBAColor(red: 250, green: 3, blue: 128, alpha: 40),
                    bottom: RGBAColor(red: 7, green: 99, blue: 255, alpha: 230))
                canvas.fillCircle(centerX: 30, centerY: 20, radius: 14, color: RGBAColor(red: 255, green: 255, blue: 255, alpha: 255))
                fills(canvas)
            }
            canvas.drawTexture(
                target, sourcePixels: Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height)), x: 0, y: 0,
                width: Double(size.width), height: Double(size.height))
            if let error = canvas.takeError() { throw error }
            return try offscreen.readPixels()
        }
        var fills: [FilledRect] = []
        for index in 0..<40 {
            let x = Double(index % 7) * 8.3 - 6
            let y = Double(index / 7) * 7.7 - 4
            let alpha = UInt8([1, 17, 64, 127, 128, 200, 254, 255][index % 8])
            let color = RGBAColor(red: UInt8(index * 37 % 256), green: UInt8(index * 91 % 256), blue: UInt8(index * 13 % 256), alpha: alpha)
            fills.append(FilledRect(Rect(x: x, y: y, width: 13.4 + Double(index % 3), height: 9.6), color: color))
        }
        fills.append(FilledRect(Rect(x: 10, y: 10, width: 0.2, height: 0.2), color: RGBAColor(hex: 0x000000, alpha: 90)))
        fills.append(FilledRect(Rect(x: 50, y: 40, width: 30, height: 30), color: RGBAColor(hex: 0xFFFFFF, alpha: 0)))
        let together = try picture { $0.fillRects(fills) }
        let oneByOne = try picture { canvas in
            for fill in fills {
                canvas.fillRect(x: fill.rect.minX, y: fill.rect.minY, width: fill.rect.width, height: fill.rect.height, color: fill.color)
            }
        }
        let untouched = try picture { _ in }
        #expect(together.rgba != untouched.rgba, "the fills changed the picture")
        var differing = 0
        for y in 0..<size.height {
            for x in 0..<size.width where together.pixel(x: x, y: y) != oneByOne.pixel(x: x, y: y) { differing += 1 }
        }
        #expect(differing == 0, "\(differing) pixels differ")
    }
}

extension OffscreenRenderingTests {
    @Test("Polygons swept from the top fill the very pixels of fans from the first corner: rounded rectangles, circles, lines, odd shapes")
    func sweptPolygonsMatchFans() throws {
        func picture(sweeps: Bool, scale: Double) throws -> PixelImage {
            let offscreen = try OffscreenRenderer(width: 260, height: 200)
            defer { offscreen.close() }
            let canvas = offscreen.canvas
            canvas.sweepsPolygons = sweeps
            canvas.transform = CanvasTransform(scale: scale, offsetX: 0.3, offsetY: -0.45)
            canvas.clear(RGBAColor(hex: 0x102030))
            for index in 0..<24 {
                let x = Double(index % 6) * 27.3 - 4
                let y = Double(index / 6) * 31.7 - 3
                let alpha = UInt8([255, 200, 128, 60][index % 4])
                let color = RGBAColor(red: UInt8(index * 41 % 256), green: UInt8(index * 73 % 256), blue: UInt8(index * 19 % 256), alpha: alpha)
                canvas.fillRoundedRect(
                    x: x, y: y, width: 18.6 + Double(index % 5) * 3.1, height: 12.2 + Double(index % 3) * 6.7, radius: 2 + Double(index % 4) * 2.3,
                    color: color)
                canvas.fillCircle(
                    centerX: x + 9.5, centerY: y + 24.25, radius: 3.3 + Double(index % 7) * 1.9, color: color.withAlpha(alpha / 2 + 100))
                canvas.line(
                    fromX: x, y1: y + 2, toX: x + 21.7, y2: y + 13.9 - Double(index % 3) * 9, color: color, thickness: 1.5 + Double(index % 3))
            }
            // A wide flat hexagon, a thin sliver, a polygon with corners on one pixel, and a concave one (always a fan).
            canvas.fillPolygon(
                [(10, 150), (60, 140.4), (120, 141), (130, 160.7), (70, 171.2), (12, 166)], color: RGBAColor(hex: 0xE0C040, alpha: 150))
            canvas.fillPolygon([(140, 150), (240, 151.2), (241, 152.9), (139.5, 152.1), (139.2, 151)], color: RGBAColor(hex: 0x40E0C0, alpha: 220))
            canvas.fillPolygon(
                [(200, 20), (200.2, 20.1), (200.4, 20.3), (230, 60), (190, 70), (199.9, 20.2)], color: RGBAColor(hex: 0xFFFFFF, alpha: 90))
            canvas.fillPolygon([(150, 100), (250, 100), (200, 120), (250, 140), (150, 140)], color: RGBAColor(hex: 0xC040E0, alpha: 130))
            if let error = canvas.takeError() { throw error }
            return try offscreen.readPixels()
        }
        for scale in [1.0, 1.37, 2.0] {
            let swept = try picture(sweeps: true, scale: scale)
            let fans = try picture(sweeps: false, scale: scale)
            var differing = 0
            for y in 0..<swept.height {
                for x in 0..<swept.width where swept.pixel(x: x, y: y) != fans.pixel(x: x, y: y) { differing += 1 }
            }
            #expect(differing == 0, "scale \(scale): \(differing) pixels differ")
            #expect(
                Self.count(RGBAColor(hex: 0x102030), in: swept, rect: Rect(x: 0, y: 0, width: 260, height: 200), tolerance: 0) < 260 * 200 * 3 / 4,
                "the shapes cover a good part of the picture")
        }
    }
}
