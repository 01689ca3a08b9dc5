import Testing

@testable import DuoPlatform

/// docs/SPEC.md section 5, sessions: mirroring rules, the inner camera's occlusion, the
/// capture accessory, one session at a time.
@Suite struct CameraSessionTests {
    func session(_ system: CameraSystem, camera id: String) throws -> CaptureSession {
        let session = CaptureSession(system: system)
        let camera = try #require(system.device(id: id))
        try session.setDevice(camera)
        return session
    }

    // MARK: Mirroring

    @Test func settingMirroringByHandWhileAutomaticIsAnErrorThatChangesNothing() throws {
        let (_, system) = try CameraTesting.duo(.book)
        let session = try session(system, camera: "innerFront")
        let preview = session.addPreviewConnection(for: .mainScene)
        #expect(preview.automaticallyAdjustsVideoMirroring, "automatic by default")
        #expect(preview.isVideoMirrored, "automatic mirrors a front-position camera's preview")
        #expect(throws: CaptureError.automaticMirroringIsOn) { try preview.setVideoMirrored(false) }
        #expect(preview.isVideoMirrored, "the failed call lost nothing")
        preview.automaticallyAdjustsVideoMirroring = false
        try preview.setVideoMirrored(false)
        #expect(!preview.isVideoMirrored)
        try preview.setVideoMirrored(true)
        #expect(preview.isVideoMirrored)
        preview.automaticallyAdjustsVideoMirroring = true
        #expect(throws: CaptureError.automaticMirroringIsOn) { try preview.setVideoMirrored(true) }
    }

    @Test func automaticMirroringGoesByPositionAndIsWrongOnAFoldable() throws {
        let (_, system) = try CameraTesting.duo(.flat)
        let map = DirectionCoordinator(system: system, view: .outerDisplay, deviceTypes: CameraDirectionTests.types) { _ in }.directionMap
        // The rear camera faces whoever looks at the outer display, yet sits at the back.
        let rearSession = try session(system, camera: "rear")
        let rearPreview = rearSession.addPreviewConnection(for: .outerDisplay)
        #expect(map.shouldMirrorPreview(ofDeviceWithID: "rear") && !rearPreview.isVideoMirrored)
        // The inner camera sits at the front, yet faces away from the outer display.
        let innerSession = try session(system, camera: "innerFront")
        let innerPreview = innerSession.addPreviewConnection(for: .outerDisplay)
        #expect(!map.shouldMirrorPreview(ofDeviceWithID: "innerFront") && innerPreview.isVideoMirrored)
        // Photos are never mirrored automatically.
        #expect(!innerSession.photoConnection.isVideoMirrored)
        // Pixels show it: the rear preview on the outer display has the sun on the wrong side.
        try rearSession.startRunning()
        rearPreview.isCameraSensorOrientationCompensationEnabled = false
        let rear = try #require(system.device(id: "rear"))
        rearPreview.videoRotationAngle = try #require(RotationCoordinator(device: rear, previewView: .outerDisplay).previewAngle)
        #expect(CameraTesting.sunSide(try rearSession.frame(through: rearPreview)) == .right, "automatic: not mirrored")
        rearPreview.automaticallyAdjustsVideoMirroring = false
        try rearPreview.setVideoMirrored(map.shouldMirrorPreview(ofDeviceWithID: "rear"))
        #expect(CameraTesting.sunSide(try rearSession.frame(through: rearPreview)) == .left, "from the map: mirrored like a mirror")
    }

    // MARK: Inner camera occlusion

    @Test func innerCameraOcclusionTurnsOnWithTheSessionAndLayoutsSeeIt() throws {
        let (device, system) = try CameraTesting.duo(.book)
        var passes: [LayoutContext] = []
        let token = device.observeLayout { passes.append($0) }
        let session = try session(system, camera: "innerFront")
        #expect(!device.state.isInnerCameraInUse, "a session that is not running uses nothing")
        try session.startRunning()
        #expect(device.state.isInnerCameraInUse)
        let occlusions = try #require(passes.last).reservedRegions(kind: .occlusion)
        #expect(occlusions.map(\.id) == [.innerCamera])
        #expect(occlusions.first?.frame == Rect(x: 888, y: 311, width: 38, height: 38))
        #expect(passes.count == 2, "one layout pass for the camera turning on")
        session.stopRunning()
        #expect(!device.state.isInnerCameraInUse)
        #expect(try #require(passes.last).reservedRegions(kind: .occlusion).isEmpty)
        token.cancel()
    }

    @Test func innerCameraOcclusionFollowsTheVirtualCamerasModule() throws {
        let (device, system) = try CameraTesting.duo(.closed)
        let session = try session(system, camera: "virtualFront")
        try session.startRunning()
        #expect(!device.state.isInnerCameraInUse, "closed: the outer module is live")
        device.apply(.tabletop)
        #expect(device.state.isInnerCameraInUse, "open: the inner module is live")
        #expect(device.layoutContext.reservedRegions(kind: .occlusion).map(\.frame) == [Rect(x: 311, y: 6, width: 38, height: 38)])
        device.apply(.closed)
        #expect(!device.state.isInnerCameraInUse)
        device.apply(.flat)
        #expect(device.state.isInnerCameraInUse)
        let rear = try #require(system.device(id: "rear"))
        try session.setDevice(rear)
        #expect(!device.state.isInnerCameraInUse, "switching camera turns it off")
        session.stopRunning()
    }

    @Test func aFlagSetByHandStandsUntilTheCamerasChangeIt() throws {
        let (device, system) = try CameraTesting.duo(.book)
        device.setInnerCameraInUse(true)  // a layout test reserving the camera's room
        device.setOrientation(.landscapeLeft)
        #expect(device.state.isInnerCameraInUse)
        let session = try session(system, camera: "rear")
        try session.startRunning()
        #expect(device.state.isInnerCameraInUse, "the rear camera does not touch the inner camera's region")
        let inner = try #require(system.device(id: "innerFront"))
        try session.setDevice(inner)
        session.stopRunning()
        #expect(!device.state.isInnerCameraInUse)
    }

    // MARK: Sessions

    @Test func oneSessionRunsAtATime() throws {
        let (_, system) = try CameraTesting.duo(.book)
        let first = try session(system, camera: "rear")
        let second = try session(system, camera: "innerFront")
        try first.startRunning()
        #expect(throws: CaptureError.anotherSessionIsRunning) { try second.startRunning() }
        #expect(!second.isRunning && system.runningSession === first)
        first.stopRunning()
        try second.startRunning()
        #expect(system.runningSession === second)
        #expect(throws: CaptureError.noDevice) { try CaptureSession(system: system).startRunning() }
        #expect(throws: CaptureError.notRunning) { try first.capturePhoto() }
        #expect(throws: CaptureError.foreignConnection) { try second.frame(through: first.photoConnection) }
    }

    @Test func aCameraOfAnotherSystemIsRefused() throws {
        let (_, system) = try CameraTesting.duo(.book)
        let (_, other) = try CameraTesting.duo(.book)
        let session = CaptureSession(system: system)
        #expect(throws: CaptureError.foreignDevice(id: "rear")) { try session.setDevice(other.device(id: "rear")) }
        #expect(session.device == nil)
    }

    // MARK: Capture accessory

    @Test func accessoryIsAvailableOnlyWhileOpenWithARunningSession() throws {
        let (device, system) = try CameraTesting.duo(.closed)
        var changes: [Bool] = []
        let accessory = CaptureAccessory(system: system) { changes.append($0) }
        let session = try session(system, camera: "rear")
        #expect(!accessory.isAvailable)
        try session.startRunning()
        #expect(!accessory.isAvailable, "closed: the app is on the outer display")
        device.apply(.book)
        #expect(accessory.isAvailable, "open, full screen, session running")
        device.apply(.tabletop)
        device.apply(.flat)
        #expect(changes == [true], "told of changes only")
        device.apply(.closed)
        #expect(!accessory.isAvailable, "closing withdraws it")
        device.apply(.tent)
        #expect(accessory.isAvailable)
        session.stopRunning()
        #expect(!accessory.isAvailable, "no session, no accessory")
        try session.startRunning()
        system.isAppFullScreen = false
        #expect(!accessory.isAvailable, "only while the app fills the inner display")
        system.isAppFullScreen = true
        accessory.isEnabled = false
        #expect(!accessory.isAvailable)
        #expect(changes == [true, false, true, false, true, false, true, false])
    }

    @Test func accessorySceneIsLevelForWhoeverLooksAtTheOuterDisplay() throws {
        let (device, system) = try CameraTesting.duo(.closed, orientation: .landscapeLeft)
        let accessory = CaptureAccessory(system: system) { _ in }
        #expect(accessory.sceneOrientation == .landscapeLeft, "closed, the outer display turns with the device")
        try device.setHingeAngle(HingeAngle(degrees: 170))
        #expect(accessory.sceneOrientation == .landscapeRight, "open, it faces the other way: the other quarter turn")
        #expect(accessory.sceneSize == Size(width: 684, height: 466))
        device.setOrientation(.portraitUpsideDown)
        #expect(accessory.sceneOrientation == .portraitUpsideDown)
    }

    @Test func classicNeverOffersTheAccessory() throws {
        let device = SimulatedDevice(profile: try TestProfiles.classic(), posture: .flat)
        let system = try CameraSystem(device: device)
        let accessory = CaptureAccessory(system: system) { _ in }
        let session = try session(system, camera: "front")
        try session.startRunning()
        #expect(!accessory.isAvailable)
        #expect(!device.state.isInnerCameraInUse)
    }
}
