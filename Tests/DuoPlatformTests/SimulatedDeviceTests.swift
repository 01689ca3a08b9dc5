import Testing

@testable import DuoPlatform

/// docs/SPEC.md section 3: hinge observation for effects; layout from the context only.
@Suite struct SimulatedDeviceTests {
    /// Collects what an observer receives.
    final class Recorder {
        var hingeChanges: [(HingeContext, HingeContext)] = []
        var layouts: [LayoutContext] = []
    }

    @Test func hingeObserversReceivePreviousAndCurrentOnEveryChange() throws {
        let device = SimulatedDevice(profile: try TestProfiles.duo(), posture: .closed)
        let recorder = Recorder()
        let token = device.observeHinge { recorder.hingeChanges.append(($0, $1)) }
        #expect(recorder.hingeChanges.isEmpty, "no call for the current value")
        device.apply(.book)
        try device.setHingeAngle(HingeAngle(degrees: 120))
        try device.setHingeAngle(HingeAngle(degrees: 120))
        device.advance(by: 1 / 60)
        #expect(
            recorder.hingeChanges.map(\.0.hinge) == [
                Hinge(status: .closed, angle: .zero),
                Hinge(status: .partiallyOpen, angle: HingeAngle(degrees: 110)),
            ])
        #expect(
            recorder.hingeChanges.map(\.1.hinge) == [
                Hinge(status: .partiallyOpen, angle: HingeAngle(degrees: 110)),
                Hinge(status: .partiallyOpen, angle: HingeAngle(degrees: 120)),
            ])
        token.cancel()
        device.apply(.flat)
        #expect(recorder.hingeChanges.count == 2, "a cancelled observer is never called again")
        #expect(token.isCancelled)
    }

    @Test func openingFlatReportsAStatusThatResetsAngleEffects() throws {
        let device = SimulatedDevice(profile: try TestProfiles.duo(), posture: .book)
        var pitchBend = 0.0
        let token = device.observeHinge { _, current in
            // The pattern of docs/SPEC.md section 3: drive from the angle only while partially open, else reset.
            if let hinge = current.hinge, hinge.status == .partiallyOpen {
                pitchBend = hinge.angle.degrees / 180
            } else {
                pitchBend = 0
            }
        }
        try device.setHingeAngle(HingeAngle(degrees: 150))
        #expect(pitchBend > 0.8)
        device.apply(.flat)
        #expect(pitchBend == 0)
        token.cancel()
    }

    @Test func hingeIsNilOnADeviceWithoutOne() throws {
        let device = SimulatedDevice(profile: try TestProfiles.classic(), posture: .book, sensor: .noisy, seed: 3)
        var calls = 0
        let token = device.observeHinge { _, _ in calls += 1 }
        #expect(device.hingeContext.hinge == nil)
        device.apply(.tabletop)
        device.advance(by: 1)
        #expect(calls == 0)
        #expect(device.state.sceneSize == Size(width: 956, height: 440))
        token.cancel()
    }

    @Test func statusIsUnknownUntilTheFirstReading() throws {
        let device = SimulatedDevice(profile: try TestProfiles.duo(), posture: .book, sensor: .late)
        #expect(device.hingeContext.hinge?.status == .unknown)
        var changes: [(HingeContext, HingeContext)] = []
        let token = device.observeHinge { changes.append(($0, $1)) }
        device.advance(by: 1.0)
        #expect(device.hingeContext.hinge?.status == .unknown)
        #expect(device.state.display == .inner, "the system knows its display even when the app's sensor is late")
        device.advance(by: 0.5)
        #expect(changes.count == 1)
        #expect(changes.first?.0.hinge?.status == .unknown)
        #expect(changes.first?.1.hinge == Hinge(status: .partiallyOpen, angle: HingeAngle(degrees: 110)))
        token.cancel()
    }

    @Test func idealSensorReadsAtStart() throws {
        let device = SimulatedDevice(profile: try TestProfiles.duo(), posture: .tabletop)
        #expect(device.hingeContext.hinge == Hinge(status: .partiallyOpen, angle: HingeAngle(degrees: 100)))
    }

    @Test func sameSeedReplaysTheSameHingeReadings() throws {
        func run(seed: UInt64) throws -> [Hinge?] {
            let device = SimulatedDevice(profile: try TestProfiles.duo(), posture: .book, sensor: .noisy, seed: seed)
            var seen: [Hinge?] = []
            let token = device.observeHinge { _, current in seen.append(current.hinge) }
            for _ in 0..<120 { device.advance(by: 1 / 60) }
            token.cancel()
            return seen
        }
        #expect(try run(seed: 9) == run(seed: 9))
        #expect(try run(seed: 9) != run(seed: 10))
        #expect(try run(seed: 9).count > 100, "a noisy sensor changes nearly every frame")
    }

    @Test func angleSweepInsidePartiallyOpenRunsNoLayoutPass() throws {
        let device = SimulatedDevice(profile: try TestProfiles.duo(), posture: .book, sensor: .noisy, seed: 1)
        let recorder = Recorder()
        let layoutToken = device.observeLayout { recorder.layouts.append($0) }
        var hingeCalls = 0
        let hingeToken = device.observeHinge { _, _ in hingeCalls += 1 }
        #expect(recorder.layouts.count == 1, "an observer gets the current layout once at once")
        let passesBefore = device.layoutPassCount
        for degrees in stride(from: 10.0, through: 170.0, by: 0.5) {
            try device.setHingeAngle(HingeAngle(degrees: degrees))
            device.advance(by: 1 / 60)
        }
        #expect(device.layoutPassCount == passesBefore)
        #expect(recorder.layouts.count == 1)
        #expect(hingeCalls > 300, "the sweep is seen by hinge observers")
        layoutToken.cancel()
        hingeToken.cancel()
    }

    @Test func layoutPassesRunOnlyWhenSizeDirectionOrRegionsChange() throws {
        let device = SimulatedDevice(profile: try TestProfiles.duo(), posture: .closed)
        let recorder = Recorder()
        let token = device.observeLayout { recorder.layouts.append($0) }
        #expect(device.layoutPassCount == 1)
        device.apply(.book)  // outer -> inner display: size and regions
        #expect(device.layoutPassCount == 2)
        device.apply(.tent)  // 110 -> 80 deg, still partially open: nothing
        #expect(device.layoutPassCount == 2)
        device.apply(.flat)  // the fold becomes inactive
        #expect(device.layoutPassCount == 3)
        device.setOrientation(.landscapeLeft)  // rotation
        #expect(device.layoutPassCount == 4)
        device.setOrientation(.landscapeLeft)  // no change
        #expect(device.layoutPassCount == 4)
        device.setInnerCameraInUse(true)  // occlusion becomes active
        #expect(device.layoutPassCount == 5)
        try device.setFoldPosition(0.3)  // the fold moves
        #expect(device.layoutPassCount == 6)
        device.setLayoutDirection(.rightToLeft)
        #expect(device.layoutPassCount == 7)
        device.apply(.closed)  // back to the outer display
        #expect(device.layoutPassCount == 8)
        #expect(recorder.layouts.count == 8)
        #expect(recorder.layouts.last?.size == Size(width: 466, height: 684))
        #expect(recorder.layouts.last == device.layoutContext)
        token.cancel()
    }

    @Test func layoutContextHoldsNoHinge() throws {
        // The layout pass must not be able to reach the hinge: no stored
        // property of the context, at any depth, is of a hinge type.
        let context = try TestProfiles.duoState(.book).layoutContext.context(for: Rect(x: 0, y: 0, width: 10, height: 10))
        func hingeTypes(in value: Any, depth: Int = 0) -> [String] {
            var found: [String] = []
            for child in Mirror(reflecting: value).children {
                let type = String(describing: Swift.type(of: child.value))
                if type.contains("Hinge") { found.append(type) }
                if depth < 6 { found += hingeTypes(in: child.value, depth: depth + 1) }
            }
            return found
        }
        #expect(hingeTypes(in: context).isEmpty)
        #expect(Mirror(reflecting: context).children.count > 0)
    }

    @Test func badChangesLeaveTheDeviceAsItWas() throws {
        let device = SimulatedDevice(profile: try TestProfiles.duo(), posture: .book)
        let before = device.state
        #expect(throws: DeviceStateError.self) { try device.setHingeAngle(HingeAngle(degrees: -1)) }
        #expect(throws: DeviceStateError.self) { try device.setFoldPosition(0.1) }
        #expect(device.state == before)
        #expect(device.layoutPassCount == 1)
    }
}
