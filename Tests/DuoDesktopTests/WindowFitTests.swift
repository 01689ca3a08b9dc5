import DuoDesktop
import DuoPlatform
import Testing

/// The window fits the posture's scene (issue 21, defect 9): the device
/// keeps the scale it was drawn at when the scene changes shape, a resize by
/// hand sets that scale, and nothing else resizes the window.
@Suite("The window fits the posture's scene")
struct WindowFitTests {
    /// The scale a window of `size` pixels draws the device at.
    static func drawnScale(_ session: DesktopSession, _ size: (width: Int, height: Int)) -> Double {
        session.presentation(in: session.deviceViewport(windowWidth: Double(size.width), windowHeight: Double(size.height))).scale
    }

    static func same(_ a: (width: Int, height: Int), _ b: (width: Int, height: Int)) -> Bool {
        a.width == b.width && a.height == b.height
    }

    /// A window as `DesktopWindow` drives one: each frame it takes the fit's size if there is one, then draws.
    struct Window {
        var size: (width: Int, height: Int)
        var fit = WindowFit()
        var usable: Size?

        init(_ session: DesktopSession, scale: Double = 1, usable: Size? = nil) {
            size = Screenshot.windowSize(for: session, scale: scale)
            self.usable = usable
            frame(session)
        }

        mutating func frame(_ session: DesktopSession) {
            if let fitted = fit.size(for: session, usable: usable) { size = fitted }
            fit.drew(atScale: WindowFitTests.drawnScale(session, size), windowSize: size)
        }
    }

    @Test("book and tent, wide where tabletop is tall: the window takes their shape and the device its scale")
    func bookAndTentFitTheWindow() {
        let session = DesktopFixtures.session(.tabletop)
        var window = Window(session)
        let scale = Self.drawnScale(session, window.size)
        let tall = window.size
        for posture: Posture in [.book, .tent, .tabletop, .flat, .closed, .tabletop] {
            session.apply(.posture(posture))
            window.frame(session)
            let expected = Screenshot.windowSize(for: session, scale: scale)
            #expect(abs(window.size.width - expected.width) <= 1 && abs(window.size.height - expected.height) <= 1, "\(posture)")
            #expect(abs(Self.drawnScale(session, window.size) - scale) < 0.01, "\(posture): the device is drawn at the same scale")
        }
        // As it was: the tabletop-shaped window drew the book's device at two thirds of its scale.
        session.apply(.posture(.book))
        #expect(Self.drawnScale(session, tall) < 0.75 * scale)
    }

    @Test("a window resized by hand keeps its zoom: the next posture is fitted at the scale the person chose")
    func userResizeIsKept() {
        let session = DesktopFixtures.session(.tabletop)
        var window = Window(session)
        window.size = (window.size.width * 3 / 2, window.size.height * 3 / 2)
        window.frame(session)
        let chosen = Self.drawnScale(session, window.size)
        #expect(chosen > 1.4)
        let resized = window.size
        window.frame(session)
        #expect(Self.same(window.size, resized), "a resize is never undone")
        session.apply(.posture(.book))
        window.frame(session)
        #expect(abs(Self.drawnScale(session, window.size) - chosen) < 0.01)
        #expect(window.size.width > window.size.height)
    }

    @Test("nothing but a new shape resizes the window: hinge, fold, overlays, direction, sensor, a posture of the same shape")
    func onlyAShapeChangeResizes() {
        let session = DesktopFixtures.session(.book)
        var window = Window(session)
        window.size = (1_111, 555)
        window.frame(session)
        let commands: [DesktopCommand] = [
            .hingeStep(-5), .moveFold(0.05), .moveFold(-0.1), .toggleRegions, .toggleHelp, .toggleHelp, .toggleDirection, .cycleSensor,
            .toggleFrameTiming, .posture(.tent), .posture(.flat),
        ]
        for command in commands {
            session.apply(command)
            window.frame(session)
            #expect(Self.same(window.size, (1_111, 555)), "\(command)")
        }
    }

    @Test("while the window has not yet taken the fitted size, the old size's frames do not change the scale kept")
    func waitsForTheFittedSize() throws {
        let session = DesktopFixtures.session(.tabletop)
        var fit = WindowFit()
        let tall = Screenshot.windowSize(for: session, scale: 1)
        _ = fit.size(for: session)
        fit.drew(atScale: Self.drawnScale(session, tall), windowSize: tall)
        session.apply(.posture(.book))
        let fitted = fit.size(for: session)
        let wide = try #require(fitted)
        // The window manager has not resized yet: this frame is drawn small in the tall window.
        fit.drew(atScale: Self.drawnScale(session, tall), windowSize: tall)
        #expect(abs(fit.scale - 1) < 0.01)
        fit.drew(atScale: Self.drawnScale(session, wide), windowSize: wide)
        session.apply(.posture(.tabletop))
        let refitted = fit.size(for: session)
        let back = try #require(refitted)
        #expect(abs(back.width - tall.width) <= 1 && abs(back.height - tall.height) <= 1)
    }

    @Test("a fitted window fits the display's usable area, keeping its proportions")
    func fitsTheDisplay() throws {
        let session = DesktopFixtures.session(.book)
        var window = Window(session, scale: 2, usable: Size(width: 1_600, height: 900))
        session.apply(.posture(.tabletop))
        window.frame(session)
        #expect(window.size.height <= 900 && window.size.width <= 1_600)
        let full = Screenshot.windowSize(for: session, scale: 2)
        #expect(abs(Double(window.size.width) / Double(window.size.height) - Double(full.width) / Double(full.height)) < 0.01)
    }

    @Test("a freeform scene takes the window's size and is never fitted")
    func freeformIsNeverFitted() {
        let session = DesktopFixtures.session(.tabletop, freeform: true)
        var window = Window(session)
        window.size = (900, 500)
        for posture: Posture in [.book, .tent, .tabletop] {
            session.apply(.posture(posture))
            window.frame(session)
            #expect(Self.same(window.size, (900, 500)))
        }
    }
}
