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
