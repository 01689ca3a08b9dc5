import DuoDesktop
import DuoPlatform
import TabletopEngine
import Testing

/// The canvas's frame trace (what each frame drew) and the drawn-text rules it is checked by.
@Suite("Drawn texts: the frame trace and its rules")
struct DrawnTextTraceTests {
    static let style = TextStyle(size: 13.5, bold: true, color: RGBAColor(hex: 0xFFFFFF))

    @Test("The trace records each text's words, box, size, clip and the words a cut one was cut from")
    func traceRecordsTexts() throws {
        let offscreen = try OffscreenRenderer(width: 300, height: 120)
        defer { offscreen.close() }
        let canvas = offscreen.canvas
        canvas.tracesFrame = true
        canvas.beginFrame()
        let size = canvas.drawText("Your turn: fire!", x: 10, y: 20, style: Self.style)
        canvas.clip(x: 0, y: 0, width: 50, height: 50)
        canvas.drawText("Clipped", x: 40, y: 60, style: Self.style)
        canvas.unclip()
        let cut = canvas.fittedText("The hunt bot fired at G6: miss", maxWidth: 80, style: Self.style)
        canvas.drawText(cut, x: 10, y: 90, style: Self.style)
        #expect(canvas.fittedText("Longer than nothing", maxWidth: 1, style: Self.style).isEmpty)
        let trace = canvas.takeTrace()
        #expect(trace.texts.map(\.text) == ["Your turn: fire!", "Clipped", cut])
        let first = try #require(trace.texts.first)
        #expect(first.frame.minX == 10 && first.frame.minY == 20)
        #expect(abs(first.frame.width - size.width) < 1 && abs(first.frame.height - size.height) < 1)
        #expect(first.size == 13.5 && first.bold && first.clip == nil && first.cutFrom == nil)
        #expect(trace.texts[1].clip == Rect(x: 0, y: 0, width: 50, height: 50))
        #expect(trace.texts[2].cutFrom == "The hunt bot fired at G6: miss")
        #expect(trace.vanishedTexts == ["Longer than nothing"])
        // Taken: the next frame starts empty.
        #expect(canvas.takeTrace().texts.isEmpty)
    }

    @Test("With the trace off (as in the window) nothing is recorded")
    func traceOffRecordsNothing() throws {
        let offscreen = try OffscreenRenderer(width: 200, height: 60)
        defer { offscreen.close() }
        let canvas = offscreen.canvas
        canvas.beginFrame()
        canvas.drawText("Hello", x: 10, y: 10, style: Self.style)
        _ = canvas.fittedText("A longer line than fits", maxWidth: 30, style: Self.style)
        #expect(canvas.takeTrace() == FrameTrace())
    }

    @Test("Texts drawn into the scene's texture at a scale are recorded in scene points, the status line in window pixels")
    func spacesOfAWholeFrame() throws {
        let session = DesktopFixtures.session(.tabletop)
        let (_, frame) = try Screenshot.tracedFrame(of: session, width: 708, height: 1014)
        let scene = frame.trace.texts.filter { $0.space == .scene }
        let window = frame.trace.texts.filter { $0.space == .window }
        #expect(scene.contains { $0.text == "TURN" })
        #expect(window.count == 1 && window[0].layer == .window && window[0].text.hasPrefix("duo · tabletop"))
        // Every scene text is inside the scene, whatever the window's scale.
        let size = session.sceneContext.size
        #expect(scene.allSatisfy { $0.frame.maxX <= size.width + 1 && $0.frame.maxY <= size.height + 1 })
        // The engine's news log says what it drew (the filmstrip's captions come from it).
        #expect(frame.trace.news != nil)
    }

    // MARK: - The rules, on traces made by hand

    static let scene = DrawnTextRules.Scene(
        size: Size(width: 400, height: 600),
        regions: [
            ReservedRegion(id: .fold, frame: Rect(x: 0, y: 284, width: 400, height: 32), isActive: true),
            ReservedRegion(id: .innerCamera, frame: Rect(x: 180, y: 4, width: 40, height: 40), isActive: false),
        ],
        elements: [("news", Rect(x: 10, y: 10, width: 150, height: 60)), ("turn", Rect(x: 200, y: 400, width: 150, height: 40))])

    static func text(_ words: String, _ frame: Rect, size: Double = 13.5, layer: DrawnText.Layer = .game) -> DrawnText {
        DrawnText(text: words, frame: frame, size: size, layer: layer)
    }

    static func rules(_ texts: [DrawnText], shapes: [Rect] = []) -> [String] {
        var trace = FrameTrace()
        trace.texts = texts
        trace.overlayShapes = shapes
        return DrawnTextRules.violations(in: trace, scene: scene, minimumSize: 10).map(\.problem.rule)
    }

    @Test("A text inside its element, clear of the fold and of other texts, breaks no rule")
    func cleanText() {
        #expect(Self.rules([Self.text("NEWS", Rect(x: 18, y: 14, width: 40, height: 13), size: 10.5)]).isEmpty)
        // Lines of a paragraph at 1.25 times their size touch, box to box, and are not an overlap.
        let lines = [
            Self.text("The hunt bot fired", Rect(x: 18, y: 30, width: 120, height: 17)),
            Self.text("at G6: miss", Rect(x: 18, y: 46, width: 80, height: 17)),
        ]
        #expect(Self.rules(lines).isEmpty)
    }

    @Test("Each rule: too small, cut, clipped, off the scene, over the fold, across an element's edge, over a text, under an overlay")
    func eachRule() {
        #expect(Self.rules([Self.text("A", Rect(x: 20, y: 20, width: 4, height: 6), size: 4.6)]) == ["tooSmall"])
        var cut = Self.text("NEWS · 3 newer (Pg…", Rect(x: 18, y: 14, width: 130, height: 13), size: 10.5)
        cut.cutFrom = "NEWS · 3 newer (PgDn)"
        #expect(Self.rules([cut]) == ["cut"])
        var clipped = Self.text("Ship", Rect(x: 20, y: 20, width: 40, height: 16))
        clipped.clip = Rect(x: 0, y: 0, width: 30, height: 100)
        #expect(Self.rules([clipped]) == ["clipped"])
        #expect(Self.rules([Self.text("Off", Rect(x: 380, y: 100, width: 40, height: 16))]) == ["leavesSurface"])
        #expect(Self.rules([Self.text("Fold", Rect(x: 20, y: 280, width: 40, height: 16))]) == ["crossesRegion"])
        // An inactive camera is not a rule: nothing covers the content there.
        #expect(Self.rules([Self.text("Camera", Rect(x: 185, y: 10, width: 30, height: 16))]).isEmpty)
        #expect(Self.rules([Self.text("A long news line", Rect(x: 18, y: 30, width: 200, height: 17))]) == ["crossesElement"])
        let overlapping = [
            Self.text("One", Rect(x: 220, y: 410, width: 60, height: 16)), Self.text("Two", Rect(x: 240, y: 414, width: 60, height: 16)),
        ]
        #expect(Self.rules(overlapping) == ["overlapsText"])
        #expect(
            Self.rules(
                [Self.text("TURN", Rect(x: 210, y: 405, width: 34, height: 13), size: 10.5)], shapes: [Rect(x: 200, y: 400, width: 100, height: 15)])
                == ["coveredByOverlay"])
        // The hardware's clock sits in the status area by design; the regions overlay's labels sit on their regions.
        #expect(Self.rules([Self.text("9:41", Rect(x: 20, y: 290, width: 27, height: 13), size: 11, layer: .hardware)]).isEmpty)
        #expect(Self.rules([Self.text("fold · division · active", Rect(x: 8, y: 290, width: 133, height: 13), size: 11, layer: .overlay)]).isEmpty)
    }

    @Test("A text is placed in the smallest element holding its centre, or named by the layer that drew it")
    func places() {
        #expect(DrawnTextRules.place(of: Self.text("NEWS", Rect(x: 18, y: 14, width: 40, height: 13)), in: Self.scene) == "'news'")
        #expect(DrawnTextRules.place(of: Self.text("Hi", Rect(x: 300, y: 100, width: 20, height: 13)), in: Self.scene) == "no element")
        var help = Self.text("Hotkeys", Rect(x: 100, y: 100, width: 80, height: 21), layer: .overlay)
        help.space = .window
        #expect(DrawnTextRules.place(of: help, in: Self.scene) == "the hotkey help")
    }
}
