import DuoPlatform
import TabletopEngine

/// One frame of a session drawn offscreen with its ``FrameTrace``, and the
/// scene and window it was drawn in: what ``DrawnTextRules`` checks.
public struct TracedFrame: Sendable {
    /// What the frame drew.
    public var trace: FrameTrace
    /// The scene: its size, active regions and HUD elements (each seat's, with a seat on each half).
    public var scene: DrawnTextRules.Scene
    /// The window, when the whole window was drawn (nil: the scene alone): its size and where the fold shows in it.
    public var window: DrawnTextRules.Window?
    /// The HUD screen laid out.
    public var screen: String

    /// Every drawn-text rule the frame breaks, with texts at least `minimumSize` points allowed.
    public func violations(minimumSize: Double) -> [DrawnTextViolation] {
        DrawnTextRules.violations(in: trace, scene: scene, window: window, minimumSize: minimumSize)
    }
}

/// Draws a session's frames offscreen, as the window would at one pixel per
/// point, with the canvas's frame trace on: the drawn-text lint's eyes. Keeps
/// one offscreen surface per window size, so a walk through a match pays for
/// fonts and textures once.
public final class FrameTracer {
    private let faces: FontLocator.Faces?
    private var surfaces: [Size: (offscreen: OffscreenRenderer, renderer: FrameRenderer)] = [:]

    /// A tracer drawing with `faces` (located with ``FontLocator`` when nil).
    public init(faces: FontLocator.Faces? = nil) {
        self.faces = faces
    }

    /// Draws one frame of `session` and returns its trace: the whole window (the device as the
    /// window draws it, the status line, the hotkey help when the session shows it) when `whole`,
    /// else the scene alone, flat (the same texts of the scene, far cheaper: no panel is tilted or shaded).
    /// - Throws: ``DesktopError`` when the frame cannot be drawn.
    public func frame(of session: DesktopSession, whole: Bool = true) throws(DesktopError) -> TracedFrame {
        guard !whole else {
            let size = Screenshot.windowSize(for: session, scale: 1)
            let surface = try self.surface(width: size.width, height: size.height)
            // The hinge effect's light draws no text, and is the dearest part of a whole frame in a debug build.
            var content = session.content
            content.effect = nil
            return try Self.drawWhole(
                session, content: content, renderer: surface.renderer, width: Double(size.width), height: Double(size.height), statusLine: true)
        }
        let context = session.sceneContext
        let surface = try self.surface(width: Int(context.size.width.rounded(.up)), height: Int(context.size.height.rounded(.up)))
        let canvas = surface.offscreen.canvas
        canvas.beginFrame()
        canvas.transform = .identity
        canvas.traceSpace = .scene
        canvas.clear(Palette.flatSea)
        ScenePainter(canvas: canvas, content: session.content).draw()
        canvas.traceSpace = .window
        if let error = canvas.takeError() { throw error }
        return TracedFrame(
            trace: canvas.takeTrace(), scene: DrawnTextRules.Scene(context: context, elements: Self.elements(of: session)), window: nil,
            screen: Self.screenName(of: session, in: context))
    }

    /// Draws `content` of `session` whole on `renderer`'s canvas (tracing) in a window of `width` x `height` pixels, and returns its trace.
    static func drawWhole(
        _ session: DesktopSession, content: SceneContent, renderer: FrameRenderer, width: Double, height: Double, statusLine: Bool
    ) throws(DesktopError) -> TracedFrame {
        let canvas = renderer.canvas
        let viewport = session.deviceViewport(windowWidth: width, windowHeight: height)
        if session.isFreeform { session.setFreeformSize(viewport.size) }
        let presentation = session.presentation(in: viewport)
        try renderer.render(
            content, presentation: presentation, statusLine: statusLine ? session.statusLine(frameMilliseconds: nil) : nil,
            showsHelp: session.showsHelp, accessory: session.accessoryInset(windowWidth: width, windowHeight: height))
        if let error = canvas.takeError() { throw error }
        let context = session.sceneContext
        return TracedFrame(
            trace: canvas.takeTrace(), scene: DrawnTextRules.Scene(context: context, elements: elements(of: session)),
            window: DrawnTextRules.Window(size: Size(width: width, height: height), folds: folds(of: context, in: presentation)),
            screen: screenName(of: session, in: context))
    }

    /// The HUD screen's name, as findings name it.
    static func screenName(of session: DesktopSession, in context: LayoutContext) -> String {
        session.game.isShowingSeatsOnHalves ? "a seat on each half" : session.game.screen(in: context).name
    }

    /// The offscreen surface of this size, made once.
    private func surface(width: Int, height: Int) throws(DesktopError) -> (offscreen: OffscreenRenderer, renderer: FrameRenderer) {
        let key = Size(width: Double(width), height: Double(height))
        if let known = surfaces[key] { return known }
        let offscreen = try OffscreenRenderer(width: width, height: height, faces: faces)
        offscreen.canvas.tracesFrame = true
        // The fan gives the very pixels the sweep does, for less work in Swift (the sweep saves the renderer's).
        offscreen.canvas.sweepsPolygons = false
        let renderer = FrameRenderer(canvas: offscreen.canvas)
        renderer.shadesLeaningPanels = false
        let surface = (offscreen, renderer)
        surfaces[key] = surface
        return surface
    }

    /// Frees every surface.
    public func close() {
        for surface in surfaces.values {
            surface.renderer.close()
            surface.offscreen.close()
        }
        surfaces = [:]
    }

    /// The HUD elements painted in the session's scene, in scene points: each seat's own, offset into its half, when each has a half.
    static func elements(of session: DesktopSession) -> [(id: String, frame: Rect)] {
        if let halves = session.game as? SeatsLaidOutOnHalves, let placements = halves.placementsOnHalves {
            return placements.map { ($0.id, $0.frame) }
        }
        return session.hudLayout.placements.map { ($0.id, $0.frame) }
    }

    /// The bounding box in the window of each active division, as the device is drawn (through its tilt and turn).
    static func folds(of context: LayoutContext, in presentation: DevicePresentation) -> [Rect] {
        presentation.windowBoxes(ofActiveDivisionsIn: context)
    }
}

/// A game that lays each seat out on its own half (``LocalMatchGame`` in a tent): the lint checks each half's elements.
protocol SeatsLaidOutOnHalves {
    /// Every seat's placements, in scene points; nil while the game shows one layout for the whole scene.
    var placementsOnHalves: [HUDLayout.Placement]? { get }
}

extension LocalMatchGame: SeatsLaidOutOnHalves {
    var placementsOnHalves: [HUDLayout.Placement]? {
        guard seating != nil else { return nil }
        return halves.flatMap { half in
            half.layout.placements.map { placement in
                var moved = placement
                moved.frame = placement.frame.offsetBy(dx: half.frame.minX, dy: half.frame.minY)
                return moved
            }
        }
    }
}
