import DuoDesktop
import Testing

@Suite("Frame pacing: the window draws at most --max-fps frames a second")
struct FramePacingTests {
    @Test("A quick frame waits out the rest of its interval; a slow one does not wait")
    func delayFillsTheInterval() {
        let sixty = FramePacing()
        #expect(sixty.maximumFramesPerSecond == 60)
        #expect(sixty.delayMilliseconds(afterFrameOf: 0.004) == 12)
        #expect(sixty.delayMilliseconds(afterFrameOf: 0.020) == 0)
        let twenty = FramePacing(maximumFramesPerSecond: 20)
        #expect(twenty.delayMilliseconds(afterFrameOf: 0.004) == 46)
        #expect(twenty.delayMilliseconds(afterFrameOf: 0.050) == 0)
    }

    @Test("A cap under 1 is 1 frame a second, never a division by zero")
    func capIsAtLeastOne() {
        #expect(FramePacing(maximumFramesPerSecond: 0).maximumFramesPerSecond == 1)
        #expect(FramePacing(maximumFramesPerSecond: 0).delayMilliseconds(afterFrameOf: 0.25) == 750)
    }
}
