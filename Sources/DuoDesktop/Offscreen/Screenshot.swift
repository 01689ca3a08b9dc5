import Dispatch
import DuoPlatform

/// Renders frames of a session offscreen (software renderer, no display):
/// what `duo screenshot` writes and what the pixel tests look at.
public enum Screenshot {
    /// The window size that shows the session's device at `scale` pixels per point,
    /// with the bezel and the status line.
    public static func windowSize(for session: DesktopSession, scale: Double, bezel: Double = 16) -> (width: Int, height: Int) {
        let scene = session.sceneContext.size
        let turned = session.showsDeviceFrame && DesktopSession.turns(for: session.device.state.orientation).swapsAxes
        let (w, h) = turned ? (scene.height, scene.width) : (scene.width, scene.height)
        let width = ((w + 2 * bezel) * scale + 16).rounded(.up)
        // The capture accessory takes a column of its own: the device keeps its scale.
        return (
            Int(session.accessoryContent == nil ? width : AccessoryInsetLayout.windowWidth(forDeviceWindowWidth: width)),
            Int(((h + 2 * bezel) * scale + FrameRenderer.statusLineHeight + 12).rounded(.up))
        )
    }

    /// One frame of `session`, as the window would draw it at `width` x `height` pixels.
    /// - Parameters:
    ///   - session: the desktop session to draw.
    ///   - width: the image's width in pixels.
    ///   - height: the image's height in pixels.
    ///   - statusLine: whether the status line is drawn under the device.
    ///   - faces: the fonts; located with ``FontLocator`` when nil.
    public static func frame(
        of session: DesktopSession, width: Int, height: Int, statusLine: Bool = true,
        faces: FontLocator.Faces? = nil
    ) throws(DesktopError) -> PixelImage {
        let offscreen = try OffscreenRenderer(width: width, height: height, faces: faces)
        defer { offscreen.close() }
        let renderer = FrameRenderer(canvas: offscreen.canvas)
        defer { renderer.close() }
        let viewport = session.deviceViewport(windowWidth: Double(width), windowHeight: Double(height))
        if session.isFreeform { session.setFreeformSize(viewport.size) }
        let presentation = session.presentation(in: viewport)
        try renderer.render(
            session.content, presentation: presentation,
            statusLine: statusLine ? session.statusLine(frameMilliseconds: nil) : nil,
            showsHelp: session.showsHelp,
            accessory: session.accessoryInset(windowWidth: Double(width), windowHeight: Double(height)))
        if let error = offscreen.canvas.takeError() { throw error }
        return try offscreen.readPixels()
    }

    /// Like ``frame(of:width:height:statusLine:faces:)``, with the frame's trace: every text it
    /// drew, and the scene and window it drew them in, for ``DrawnTextRules`` (`duo screenshot --check-texts`).
    public static func tracedFrame(
        of session: DesktopSession, width: Int, height: Int, statusLine: Bool = true, faces: FontLocator.Faces? = nil
    ) throws(DesktopError) -> (image: PixelImage, frame: TracedFrame) {
        let offscreen = try OffscreenRenderer(width: width, height: height, faces: faces)
        defer { offscreen.close() }
        offscreen.canvas.tracesFrame = true
        let renderer = FrameRenderer(canvas: offscreen.canvas)
        defer { renderer.close() }
        let frame = try FrameTracer.drawWhole(
            session, content: session.content, renderer: renderer, width: Double(width), height: Double(height), statusLine: statusLine)
        return (try offscreen.readPixels(), frame)
    }

    /// Like ``frame(of:width:height:statusLine:faces:)``, after `frames` frames drawn and read back
    /// one after the other, each timed into the session's ``DesktopSession/frameTiming`` as the
    /// window times its own (drawing, then reading the pixels back as an offscreen frame's present):
    /// with ``DesktopSession/showsFrameTiming`` on, the picture's status line shows figures really measured.
    public static func timedFrame(
        of session: DesktopSession, width: Int, height: Int, frames: Int,
        faces: FontLocator.Faces? = nil
    ) throws(DesktopError) -> PixelImage {
        let offscreen = try OffscreenRenderer(width: width, height: height, faces: faces)
        defer { offscreen.close() }
        let renderer = FrameRenderer(canvas: offscreen.canvas)
        defer { renderer.close() }
        let viewport = session.deviceViewport(windowWidth: Double(width), windowHeight: Double(height))
        if session.isFreeform { session.setFreeformSize(viewport.size) }
        var previousStart: Double?
        var image: PixelImage?
        for _ in 0...max(0, frames) {
            let start = monotonicSeconds()
            session.cacheSizes = offscreen.canvas.cacheSizes
            try renderer.render(
                session.content, presentation: session.presentation(in: viewport),
                statusLine: session.statusLine(frameMilliseconds: nil), showsHelp: session.showsHelp,
                accessory: session.accessoryInset(windowWidth: Double(width), windowHeight: Double(height)))
            if let error = offscreen.canvas.takeError() { throw error }
            let drawn = monotonicSeconds()
            image = try offscreen.readPixels()
            let presented = monotonicSeconds()
            session.frameTiming.record(interval: previousStart.map { start - $0 }, frame: presented - start, draw: drawn - start)
            previousStart = start
        }
        // The loop ran at least once.
        return image ?? PixelImage(width: width, height: height, filledWith: Palette.windowBackground)
    }

    /// Seconds on the monotonic clock.
    private static func monotonicSeconds() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }

    /// The scene alone, flat, at `scale` pixels per point (no bezel, tilt or status line):
    /// pixel (x, y) is scene point (x / scale, y / scale).
    public static func scene(of session: DesktopSession, scale: Double = 1, faces: FontLocator.Faces? = nil) throws(DesktopError) -> PixelImage {
        let size = session.sceneContext.size
        let offscreen = try OffscreenRenderer(
            width: Int((size.width * scale).rounded(.up)), height: Int((size.height * scale).rounded(.up)), faces: faces)
        defer { offscreen.close() }
        offscreen.canvas.transform = CanvasTransform(scale: scale)
        offscreen.canvas.traceSpace = .scene
        offscreen.canvas.clear(Palette.flatSea)
        ScenePainter(canvas: offscreen.canvas, content: session.content).draw()
        if let error = offscreen.canvas.takeError() { throw error }
        return try offscreen.readPixels()
    }
}
