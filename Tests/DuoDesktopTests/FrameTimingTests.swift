import DuoDesktop
import DuoPlatform
import Testing

/// The frame timing readout (F3, `duo --show-fps`) and the postures `duo-bench frame` measures.
@Suite("Frame timing readout")
struct FrameTimingTests {
    @Test("F3 toggles the readout on the status line; without it the status line keeps the draw time")
    func f3TogglesReadout() throws {
        let session = DesktopFixtures.session(.book)
        #expect(Hotkeys.command(for: .f3, shift: false) == .toggleFrameTiming)
        #expect(Hotkeys.table.contains { $0.keys == "F3" })
        #expect(Hotkeys.helpText().contains("F3"))
        session.frameTiming.record(interval: nil, frame: 0.004, draw: 0.002)
        session.frameTiming.record(interval: 1.0 / 50, frame: 0.004, draw: 0.002)
        #expect(!session.statusLine(frameMilliseconds: 2).contains("fps"))
        #expect(session.statusLine(frameMilliseconds: 2).hasSuffix("2.0 ms"))
        session.apply(try #require(Hotkeys.command(for: .f3, shift: false)))
        #expect(session.showsFrameTiming)
        let line = session.statusLine(frameMilliseconds: 2)
        #expect(line.hasSuffix("50 fps · frame 4.0 ms · draw 2.0 ms"), "\(line)")
        session.apply(.toggleFrameTiming)
        #expect(!session.statusLine(frameMilliseconds: 2).contains("fps"))
    }

    @Test("The readout smooths the whole frame (present included) and the rate, and says nothing before a frame")
    func smoothing() {
        var timing = FrameTiming()
        #expect(timing.readout == "– fps · frame – ms · draw – ms")
        timing.record(interval: nil, frame: 0.010, draw: 0.002)
        #expect(timing.framesPerSecond == nil)
        #expect(timing.readout == "– fps · frame 10.0 ms · draw 2.0 ms")
        timing.record(interval: 0.016, frame: 0.016, draw: 0.002)
        timing.record(interval: -1, frame: .nan, draw: .infinity)
        #expect(abs((timing.frameSeconds ?? 0) - 0.0106) < 1e-9, "a tenth of the new frame, nonsense ignored")
        #expect(abs((timing.framesPerSecond ?? 0) - 62.5) < 1e-9)
    }

    @Test("duo-bench frame measures every posture, in key order")
    func benchPostures() {
        #expect(Hotkeys.postures.count == Posture.allCases.count)
        #expect(Set(Hotkeys.postures) == Set(Posture.allCases))
        for (index, posture) in Hotkeys.postures.enumerated() {
            #expect(Hotkeys.command(for: .digit(index + 1), shift: false) == .posture(posture))
        }
    }
}

extension OffscreenRenderingTests {
    @Test("With the readout on, an offscreen frame shows a status line with fps and frame time under the device")
    func frameTimingScreenshot() throws {
        let session = DesktopFixtures.session(.tabletop)
        let size = Screenshot.windowSize(for: session, scale: 1)
        let plain = try Screenshot.frame(of: session, width: size.width, height: size.height)
        session.showsFrameTiming = true
        session.frameTiming.record(interval: nil, frame: 0.0123, draw: 0.004)
        session.frameTiming.record(interval: 1.0 / 60, frame: 0.0123, draw: 0.004)
        #expect(session.statusLine(frameMilliseconds: nil).hasSuffix("60 fps · frame 12.3 ms · draw 4.0 ms"))
        let shown = try Screenshot.frame(of: session, width: size.width, height: size.height)
        // The device is drawn the same; only the status line's strip at the bottom differs.
        let statusTop = size.height - Int(FrameRenderer.statusLineHeight) - 4
        var changedAbove = 0
        var changedBelow = 0
        for y in 0..<size.height {
            for x in stride(from: 0, to: size.width, by: 2) where plain.pixel(x: x, y: y) != shown.pixel(x: x, y: y) {
                if y < statusTop { changedAbove += 1 } else { changedBelow += 1 }
            }
        }
        #expect(changedAbove == 0)
        #expect(changedBelow > 50, "the readout's text is drawn on the status line")
    }

    @Test("Timed offscreen frames feed the readout with figures really measured (as duo screenshot --show-fps draws them)")
    func timedFramesFeedReadout() throws {
        let session = DesktopFixtures.session(.book)
        session.showsFrameTiming = true
        let size = Screenshot.windowSize(for: session, scale: 1)
        let image = try Screenshot.timedFrame(of: session, width: size.width, height: size.height, frames: 5)
        #expect(image.width == size.width && image.height == size.height)
        let timing = session.frameTiming
        let frame = try #require(timing.frameSeconds)
        let draw = try #require(timing.drawSeconds)
        #expect(frame >= draw && draw > 0, "the whole frame includes the drawing")
        #expect((try #require(timing.framesPerSecond)) > 0)
        // The timing, then the sizes of the caches the timed frames filled.
        let caches = try #require(session.cacheSizes)
        #expect(caches.texts > 0 && caches.fonts > 0)
        #expect(session.statusLine(frameMilliseconds: nil).hasSuffix(timing.readout + " · " + caches.readout))
    }
}
