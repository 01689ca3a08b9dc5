import DuoPlatform
import TabletopEngine
import Testing

@Suite("Posture scripts and walks for headless matches")
struct HUDPostureScriptTests {
    @Test("A script line is an optional posture then key-value changes; comments and blank lines are skipped")
    func parsesSteps() throws {
        let script = try PostureScript(
            parsing: """
                # fold it while playing
                flat

                book angle 120
                angle 95 camera on   # a comment after a step
                orientation landscapeRight fold 0.3 direction rtl
                """)
        #expect(script.steps.count == 4)
        #expect(script.steps[0] == PostureStep(posture: .flat))
        #expect(script.steps[1] == PostureStep(posture: .book, angleDegrees: 120))
        #expect(script.steps[2] == PostureStep(angleDegrees: 95, innerCamera: true))
        #expect(script.steps[3] == PostureStep(orientation: .landscapeRight, foldPosition: 0.3, direction: .rightToLeft))
        #expect(script.steps[1].description == "book angle 120")
    }

    @Test("A bad script is refused naming the file, the line and the word")
    func badScriptsAreRefused() {
        let cases: [(String, String)] = [
            ("flat\nsideways", "walk.txt:2: unknown word 'sideways'"),
            ("book angle", "walk.txt:1: 'angle' needs a value"),
            ("angle steep", "walk.txt:1: angle must be a number"),
            ("fold 1.5", "walk.txt:1: fold must be a fraction"),
            ("camera maybe", "walk.txt:1: camera must be on or off"),
            ("# nothing\n\n", "walk.txt has no steps"),
        ]
        for (text, expected) in cases {
            #expect(throws: PostureScriptError.self) { try PostureScript(parsing: text, name: "walk.txt") }
            do {
                _ = try PostureScript(parsing: text, name: "walk.txt")
            } catch {
                #expect(error.description.hasPrefix(expected), "\(error.description)")
            }
        }
    }

    @Test("A step changes the simulated device in order: preset first, then overrides")
    func stepAppliesToDevice() {
        let device = SimulatedDevice(profile: HUDFixtures.profile("duo"), posture: .flat)
        PostureStep(posture: .book, angleDegrees: 130, foldPosition: 0.4, innerCamera: true, direction: .rightToLeft).apply(to: device)
        #expect(device.state.hingeAngle.degrees == 130)
        #expect(device.state.orientation == .portrait)
        #expect(device.state.foldPosition == 0.4)
        #expect(device.state.isInnerCameraInUse)
        #expect(device.state.layoutDirection == .rightToLeft)
        // What a device cannot take is skipped, not a crash.
        let classic = SimulatedDevice(profile: HUDFixtures.profile("classic"), posture: .flat)
        PostureStep(angleDegrees: 90, foldPosition: 0.3).apply(to: classic)
        #expect(classic.state.hinge == nil)
    }

    @Test("The same seed gives the same walk, another seed another one, and the walk visits every kind of change")
    func walkIsSeeded() {
        let profile = HUDFixtures.profile("duo")
        func walk(_ seed: UInt64) -> [PostureStep] {
            var walk = PostureWalk(profile: profile, seed: seed)
            var state = DeviceState(profile: profile, posture: .flat)
            var steps: [PostureStep] = []
            for _ in 0..<200 {
                let step = walk.next(after: state)
                let device = SimulatedDevice(state: state)
                step.apply(to: device)
                state = device.state
                steps.append(step)
            }
            return steps
        }
        let steps = walk(7)
        #expect(steps == walk(7))
        #expect(steps != walk(8))
        #expect(steps.contains { $0.posture != nil })
        #expect(steps.contains { $0.angleDegrees != nil })
        #expect(steps.contains { $0.orientation != nil })
        #expect(steps.contains { $0.foldPosition != nil })
        #expect(steps.allSatisfy { ($0.angleDegrees ?? 90) >= 0 && ($0.angleDegrees ?? 90) <= 180 })
    }
}
