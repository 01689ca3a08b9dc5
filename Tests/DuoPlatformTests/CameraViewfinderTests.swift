import Testing

@testable import DuoPlatform

/// The viewfinder does docs/SPEC.md section 5 right: whatever the device does, the preview
/// stays level and mirrored like a mirror, and photos stay level and true.
@Suite struct CameraViewfinderTests {
    static let preference: [CaptureDeviceType] = [
        .builtInInnerUltraWideCamera, .builtInOuterUltraWideCamera, .builtInDualWideCamera,
    ]

    /// Checks the preview and a photo by their pixels.
    func expectLevel(_ finder: CameraViewfinder, _ context: String) throws {
        let preview = try finder.previewFrame()
        #expect(CameraTesting.markerDirection(preview) == .up, "preview marker, \(context)")
        #expect(CameraTesting.skySide(preview) == .up, "preview sky, \(context)")
        // A forward camera looks at the viewer: its right (the sun) is the viewer's left.
        #expect(CameraTesting.sunSide(preview) == .left, "preview mirrored like a mirror, \(context)")
        let photo = try finder.capturePhoto()
        #expect(CameraTesting.markerDirection(photo) == .up, "photo marker, \(context)")
        #expect(CameraTesting.sunSide(photo) == .right, "photo not mirrored, \(context)")
    }

    @Test func foldingTurningOpeningAndClosingNeverTiltOrMisMirrorThePreview() throws {
        let (device, system) = try CameraTesting.duo(.closed)
        let finder = CameraViewfinder(system: system, view: .mainScene, preference: Self.preference)
        var changes = 0
        finder.onChange = { changes += 1 }
        try finder.start()
        try expectLevel(finder, "closed")
        #expect(finder.camera?.id == "outerFront")
        for posture in Posture.allCases + [.closed, .tent, .flat] {
            device.apply(posture)
            for orientation in DeviceOrientation.allCases + [.portrait] {
                device.setOrientation(orientation)
                try expectLevel(finder, "\(posture) \(orientation)")
                #expect(finder.camera?.id == (posture == .closed ? "outerFront" : "innerFront"), "\(posture) \(orientation)")
            }
        }
        for degrees in stride(from: 0.0, through: 180, by: 15) {
            try device.setHingeAngle(HingeAngle(degrees: degrees))
            try expectLevel(finder, "hinge \(degrees)")
        }
        #expect(changes > 0)
    }

    @Test func rotationCoordinatorIsMadeAgainOnEveryCameraOrDisplayChange() throws {
        let (device, system) = try CameraTesting.duo(.closed)
        let finder = CameraViewfinder(system: system, view: .outerDisplay, preference: [.builtInOuterUltraWideCamera])
        try finder.start()
        #expect(finder.rotationCoordinatorCount == 1)
        device.setOrientation(.landscapeLeft)
        #expect(finder.rotationCoordinatorCount == 1, "a turn needs no new coordinator: it observes angles")
        device.apply(.flat)
        #expect(finder.camera?.id == "outerFront", "the outer camera still faces the outer display's viewer")
        #expect(finder.rotationCoordinatorCount == 1, "the outer display's scene did not move")
        let main = CameraViewfinder(system: system, view: .mainScene, preference: [.builtInOuterUltraWideCamera, .builtInDualWideCamera])
        #expect(main.camera == nil, "open, neither faces the inner display's viewer")
        device.apply(.closed)
        #expect(main.camera?.id == "outerFront")
        #expect(main.rotationCoordinatorCount == 1)
        device.apply(.tent)
        #expect(main.camera?.id == "outerFront", "below 90 degrees the outer camera faces the inner display's base half")
        #expect(main.rotationCoordinatorCount == 2, "the display moved: made again")
    }

    @Test func winnersViewOnTheCoverHalfInTentGetsTheRearCamera() throws {
        let (device, system) = try CameraTesting.duo(.tent)
        let coverHalf = CameraView(frame: Rect(x: 0, y: 0, width: 440, height: 660))
        let finder = CameraViewfinder(system: system, view: coverHalf, preference: Self.preference)
        #expect(finder.camera?.id == "rear", "the only camera facing the cover half's viewer; never chosen by position")
        #expect(finder.isPreviewMirrored)
        try finder.start()
        try expectLevel(finder, "tent, cover half")
        finder.setView(CameraView(frame: Rect(x: 492, y: 0, width: 440, height: 660)))
        #expect(finder.camera?.id == "innerFront")
        try expectLevel(finder, "tent, base half")
        device.setOrientation(.landscapeRight)
        finder.setView(CameraView(frame: Rect(x: 0, y: 0, width: 660, height: 440)))
        #expect(finder.camera?.id == "rear", "landscapeRight puts the cover half on top")
        try expectLevel(finder, "tent landscapeRight, top half")
    }

    @Test func innerCameraOcclusionFollowsTheViewfinder() throws {
        let (device, system) = try CameraTesting.duo(.book)
        let finder = CameraViewfinder(system: system, view: .mainScene, preference: Self.preference)
        try finder.start()
        #expect(device.state.isInnerCameraInUse)
        device.apply(.closed)
        #expect(!device.state.isInnerCameraInUse, "closed, the outer camera takes over")
        device.apply(.tabletop)
        #expect(device.state.isInnerCameraInUse)
        finder.stop()
        #expect(!device.state.isInnerCameraInUse)
    }

    /// A running viewfinder whose system nothing else holds (the caller keeps the viewfinder only,
    /// as an app that made the system inline would; an optimized build ends the caller's locals at
    /// their last use, so this is what a release build does to any caller).
    static func soleOwnerFinder() throws -> (finder: CameraViewfinder, systemIfAlive: () -> CameraSystem?) {
        let (_, system) = try CameraTesting.duo(.book)
        weak let held = system
        let finder = CameraViewfinder(system: system, view: .mainScene, preference: Self.preference)
        try finder.start()
        return (finder, { held })
    }

    @Test func aViewfinderThatIsItsSystemsLastOwnerIsReleasedWithTheSystem() throws {
        var (finder, systemIfAlive): (CameraViewfinder?, () -> CameraSystem?) = try Self.soleOwnerFinder()
        do {
            let running = try #require(finder)
            running.system.device.apply(.tabletop)  // a display change: a new rotation coordinator
            #expect(running.camera?.id == "innerFront")
            _ = try running.previewFrame()
        }
        #expect(systemIfAlive() != nil, "the viewfinder keeps its system")
        // Its rotation coordinator goes with it, while the system is being torn down: it must not
        // read a released system (this crashed in release builds), and nothing may keep the system.
        finder = nil
        #expect(systemIfAlive() == nil, "nothing holds the system once the viewfinder is gone")
    }
}
