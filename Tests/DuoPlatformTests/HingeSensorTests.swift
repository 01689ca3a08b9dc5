import DuoSupport
import Testing

@testable import DuoPlatform

@Suite struct HingeSensorTests {
    @Test func idealSensorReadsTheTrueAngle() {
        var sensor = HingeSensor(model: .ideal, seed: 1)
        #expect(sensor.read(trueAngle: HingeAngle(degrees: 97.25), at: 0) == HingeAngle(degrees: 97.25))
    }

    @Test func sameSeedGivesSameReadings() {
        var first = HingeSensor(model: .noisy, seed: 42)
        var second = HingeSensor(model: .noisy, seed: 42)
        var other = HingeSensor(model: .noisy, seed: 43)
        let a = (0..<50).map { _ in first.read(trueAngle: HingeAngle(degrees: 90), at: 0) }
        let b = (0..<50).map { _ in second.read(trueAngle: HingeAngle(degrees: 90), at: 0) }
        let c = (0..<50).map { _ in other.read(trueAngle: HingeAngle(degrees: 90), at: 0) }
        #expect(a == b)
        #expect(a != c)
    }

    @Test func noisyReadingsJitterWithinTheirAmplitudeAndStayInRange() {
        var sensor = HingeSensor(model: .noisy, seed: 7)
        var readings: [Double] = []
        for _ in 0..<1_000 {
            readings.append(sensor.read(trueAngle: HingeAngle(degrees: 90), at: 0)!.degrees)
        }
        #expect(readings.allSatisfy { abs($0 - 90) <= 1.5 })
        #expect(Set(readings).count > 900, "noise must actually vary")
        #expect(readings.min()! < 89 && readings.max()! > 91, "jitter of a degree or two")
        for _ in 0..<200 {
            let edge = sensor.read(trueAngle: HingeAngle(degrees: 180), at: 0)!.degrees
            #expect(edge <= 180)
        }
    }

    @Test func coarseReadingsComeInFiveDegreeSteps() {
        var sensor = HingeSensor(model: .coarse, seed: 0)
        #expect(sensor.read(trueAngle: HingeAngle(degrees: 97.4), at: 0) == HingeAngle(degrees: 95))
        #expect(sensor.read(trueAngle: HingeAngle(degrees: 97.6), at: 0) == HingeAngle(degrees: 100))
        #expect(sensor.read(trueAngle: HingeAngle(degrees: 2), at: 0) == HingeAngle(degrees: 0))
    }

    @Test func lateSensorGivesNoReadingBeforeItsDelay() {
        var sensor = HingeSensor(model: .late, seed: 0)
        #expect(sensor.read(trueAngle: HingeAngle(degrees: 110), at: 0) == nil)
        #expect(sensor.read(trueAngle: HingeAngle(degrees: 110), at: 1.49) == nil)
        #expect(sensor.read(trueAngle: HingeAngle(degrees: 110), at: 1.5) == HingeAngle(degrees: 110))
    }

    /// Property: with noise below the hysteresis, a still hinge read
    /// through a noisy sensor changes status at most once, whatever its angle.
    @Test func stillHingeThroughNoisySensorChangesStatusAtMostOnce() throws {
        let thresholds = try #require(try TestProfiles.duo().hinge)
        var random = SplitMix64(seed: 2024)
        for trial in 0..<300 {
            // Concentrate on the thresholds, where flapping would happen.
            let centre = [5.0, 175.0, 90.0][trial % 3]
            let angle = HingeAngle(degrees: min(180, max(0, centre + (random.nextUnit() * 8 - 4))))
            var sensor = HingeSensor(model: .noisy, seed: UInt64(trial))
            var tracker = HingeStatusTracker(thresholds: thresholds)
            var changes = 0
            tracker.record(sensor.read(trueAngle: angle, at: 0)!)
            var last = tracker.status
            for _ in 0..<100 {
                let status = tracker.record(sensor.read(trueAngle: angle, at: 0)!)
                if status != last { changes += 1 }
                last = status
            }
            #expect(changes <= 1, "angle \(angle) flapped \(changes) times")
        }
    }
}
