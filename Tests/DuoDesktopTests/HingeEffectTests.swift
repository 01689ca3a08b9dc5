import BroadsideDesktop
import DuoDesktop
import DuoPlatform
import Testing

@Suite("Hinge effects: the angle drives effects, never layout")
struct HingeEffectTests {
    @Test("An angle sweep changes the effect and no layout")
    func angleSweepChangesEffectNotLayout() throws {
        let session = DesktopFixtures.session(.tabletop)
        let layout = session.hudLayout
        let passes = session.device.layoutPassCount
        let layouts = session.hudLayoutCount
        var glare: Set<Double> = []
        var pitches: Set<Double> = []
        for _ in 0..<14 {
            session.apply(.hingeStep(5))
            for _ in 0..<30 { session.advance(by: 1.0 / 60) }
            let visual = try #require(session.effect.visual)
            glare.insert((visual.glarePosition * 1000).rounded())
            pitches.insert(session.effect.tone.frequency.rounded())
            #expect(session.hudLayout == layout)
        }
        #expect(session.device.state.hingeStatus == .partiallyOpen)
        #expect(glare.count >= 10, "the glare must follow the angle")
        #expect(pitches.count >= 10, "the pitch must follow the angle")
        #expect(session.device.layoutPassCount == passes, "no layout pass during the sweep")
        #expect(session.hudLayoutCount == layouts, "the HUD is not laid out again")
    }

    @Test("The tone sounds while the hinge moves and falls silent when it stops")
    func toneFollowsMotion() {
        let session = DesktopFixtures.session(.tabletop)
        for _ in 0..<10 {
            session.apply(.hingeStep(2))
            session.advance(by: 1.0 / 60)
        }
        #expect(session.effect.tone.amplitude > 0.05)
        for _ in 0..<120 { session.advance(by: 1.0 / 60) }
        #expect(session.effect.tone.amplitude == 0)
    }

    @Test("Opening flat resets the effect at once, and folding again starts from the new angle")
    func effectResetsOutsidePartiallyOpen() throws {
        let session = DesktopFixtures.session(.tabletop)
        for _ in 0..<10 { session.advance(by: 1.0 / 60) }
        #expect(session.effect.visual != nil)
        session.apply(.posture(.flat))
        #expect(session.effect.visual == nil)
        #expect(session.effect.tone.amplitude == 0)
        session.apply(.posture(.book))
        let angle = try #require(session.effect.smoothedAngle)
        #expect(angle == 110, "the effect starts at the new angle, not the old one")
        session.apply(.posture(.closed))
        #expect(!session.effect.isActive)
    }

    @Test("The classic profile has no hinge: no effect, no tone")
    func classicIsSilent() {
        let session = DesktopFixtures.session(.flat, profile: "classic")
        for _ in 0..<30 {
            session.apply(.hingeStep(5))
            session.advance(by: 1.0 / 60)
        }
        #expect(session.effect.visual == nil)
        #expect(session.content.effect == nil)
        #expect(session.effect.tone.amplitude == 0)
    }

    @Test("A noisy sensor makes no hum and no jumps while the hinge is still")
    func noisySensorIsSmooth() throws {
        let session = DesktopFixtures.session(.tabletop, sensor: .noisy)
        for _ in 0..<120 { session.advance(by: 1.0 / 60) }
        var previous = try #require(session.effect.smoothedAngle)
        for _ in 0..<240 {
            session.advance(by: 1.0 / 60)
            let angle = try #require(session.effect.smoothedAngle)
            #expect(abs(angle - previous) < 0.5)
            #expect(session.effect.tone.amplitude == 0)
            previous = angle
        }
    }

    @Test("A coarse sensor's 5-degree steps become glides")
    func coarseSensorGlides() throws {
        let session = DesktopFixtures.session(.tabletop, sensor: .coarse)
        for _ in 0..<30 { session.advance(by: 1.0 / 60) }
        var previous = try #require(session.effect.smoothedAngle)
        var largest = 0.0
        for frame in 0..<300 {
            if frame % 20 == 0 { session.apply(.hingeStep(3)) }
            session.advance(by: 1.0 / 60)
            let angle = try #require(session.effect.smoothedAngle)
            largest = max(largest, abs(angle - previous))
            previous = angle
        }
        #expect(previous > 130, "the effect followed the hinge up")
        #expect(largest < 1.2, "no step larger than a glide's (\(largest))")
    }
}
