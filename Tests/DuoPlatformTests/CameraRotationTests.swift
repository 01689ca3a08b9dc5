import Testing

@testable import DuoPlatform

/// docs/SPEC.md section 5, rotation: for every orientation, posture and camera, the sensor's
/// image turned by the coordinator's capture angle (and the preview by its
/// preview angle) stands level, judged by its pixels; leaving the sensor
/// orientation compensation on turns it exactly once too many.
@Suite struct CameraRotationTests {
    static let cameraIDs = ["outerFront", "innerFront", "rear", "virtualFront"]

    /// Forward-facing cameras for the views the previews use, from the
    /// direction table (CameraDirectionTests): the outer display's view, and
    /// the app's whole scene (on the outer display while closed; an even
    /// split of the inner display counts as its base half).
    static func isForward(_ id: String, view: CameraView.Scene, posture: Posture) -> Bool {
        let table =
            view == .outerDisplay || posture == .closed
            ? CameraDirectionTests.outerView[posture]
            : CameraDirectionTests.baseHalfView[posture]
        return table?.forward.contains(id) ?? false
    }

    /// A running session on camera `id` of a duo held in `posture` and `orientation`.
    static func session(_ id: String, _ posture: Posture, _ orientation: DeviceOrientation) throws -> (
        SimulatedDevice, CameraSystem, CaptureSession, CaptureDevice
    ) {
        let (device, system) = try CameraTesting.duo(posture, orientation: orientation)
        let camera = try #require(system.device(id: id))
        let session = CaptureSession(system: system)
        try session.setDevice(camera)
        try session.startRunning()
        return (device, system, session, camera)
    }

    @Test(arguments: Posture.allCases, DeviceOrientation.allCases)
    func capturedPhotosStandLevelWithCompensationOff(posture: Posture, orientation: DeviceOrientation) throws {
        for id in Self.cameraIDs {
            let (_, _, session, camera) = try Self.session(id, posture, orientation)
            let coordinator = RotationCoordinator(device: camera, previewView: nil)
            let photo = session.photoConnection
            photo.isCameraSensorOrientationCompensationEnabled = false
            photo.videoRotationAngle = coordinator.captureAngle
            let image = try session.capturePhoto()
            if posture == .closed && id == "innerFront" {
                #expect(
                    CameraTesting.count(SyntheticScene.covered, in: image) == image.width * image.height,
                    "closed, the inner camera sees the inside of the body")
                continue
            }
            let situation = "\(id) \(posture) \(orientation)"
            #expect(CameraTesting.markerDirection(image) == .up, "marker, \(situation)")
            #expect(CameraTesting.skySide(image) == .up, "sky, \(situation)")
            #expect(CameraTesting.sunSide(image) == .right, "photos are never mirrored, \(situation)")
            #expect((image.height > image.width) == !orientation.isLandscape, "tall when held in portrait, wide in landscape, \(situation)")
        }
    }

    @Test(arguments: Posture.allCases, DeviceOrientation.allCases)
    func previewsStandLevelAndMirrorOnlyForwardFacingCameras(posture: Posture, orientation: DeviceOrientation) throws {
        for id in Self.cameraIDs {
            for scene in CameraView.Scene.allCases {
                let (_, system, session, camera) = try Self.session(id, posture, orientation)
                let view = CameraView(scene: scene)
                let coordinator = RotationCoordinator(device: camera, previewView: view)
                let map = DirectionCoordinator(system: system, view: view, deviceTypes: CameraDirectionTests.types) { _ in }.directionMap
                let preview = session.addPreviewConnection(for: view)
                preview.isCameraSensorOrientationCompensationEnabled = false
                preview.videoRotationAngle = try #require(coordinator.previewAngle)
                preview.automaticallyAdjustsVideoMirroring = false
                // The virtual camera is never in the map: mirror by its live module.
                let mirrorID = camera.activeCamera.id
                try preview.setVideoMirrored(map.shouldMirrorPreview(ofDeviceWithID: mirrorID))
                let image = try session.frame(through: preview)
                if posture == .closed && camera.activeCamera.id == "innerFront" { continue }
                let situation = "\(id) in \(scene) view, \(posture) \(orientation)"
                #expect(CameraTesting.markerDirection(image) == .up, "marker, \(situation)")
                #expect(CameraTesting.skySide(image) == .up, "sky, \(situation)")
                // A forward camera sees the viewer: the sun on its right is on the viewer's left.
                let forward = Self.isForward(mirrorID, view: scene, posture: posture)
                #expect(CameraTesting.sunSide(image) == (forward ? .left : .right), "mirroring, \(situation)")
            }
        }
    }

    @Test(arguments: Posture.allCases, DeviceOrientation.allCases)
    func leavingCompensationOnTurnsTheImageTwice(posture: Posture, orientation: DeviceOrientation) throws {
        for id in Self.cameraIDs {
            let (_, _, session, camera) = try Self.session(id, posture, orientation)
            if posture == .closed && id == "innerFront" { continue }
            let coordinator = RotationCoordinator(device: camera, previewView: nil)
            let photo = session.photoConnection
            #expect(photo.isCameraSensorOrientationCompensationEnabled == (camera.position == .front), "on by default for front cameras")
            photo.videoRotationAngle = coordinator.captureAngle
            let image = try session.capturePhoto()
            // Exactly one extra turn by the sensor's orientation: the bug, and nothing else.
            let expected = photo.isCameraSensorOrientationCompensationEnabled ? ImageDirection.up.rotated(by: camera.sensorOrientation) : .up
            #expect(CameraTesting.markerDirection(image) == expected, "\(id) \(posture) \(orientation)")
            if camera.position == .front {
                #expect(expected != .up, "the front sensors are turned, so the bug shows")
            }
            photo.isCameraSensorOrientationCompensationEnabled = false
            #expect(CameraTesting.markerDirection(try session.capturePhoto()) == .up)
        }
    }

    @Test(arguments: [Posture.closed, .flat, .book, .tent])
    func compensationAloneLevelsEveryCameraHeldInPortrait(posture: Posture) throws {
        // What compensation is for: an app that never turns images works in portrait.
        for id in Self.cameraIDs {
            let (_, _, session, camera) = try Self.session(id, posture, .portrait)
            if posture == .closed && camera.activeCamera.id == "innerFront" { continue }
            session.photoConnection.isCameraSensorOrientationCompensationEnabled = true
            let image = try session.capturePhoto()
            #expect(CameraTesting.markerDirection(image) == .up, "\(id) \(posture)")
            #expect(image.height > image.width)
        }
    }

    @Test func openingFlipsTheOuterCamerasImageInLandscapeOnly() throws {
        // The cover half turns about the (vertical in portrait) hinge: its
        // camera's up stays up in portrait, and flips over in landscape.
        for orientation in DeviceOrientation.allCases {
            let (device, _, session, _) = try Self.session("outerFront", .closed, orientation)
            let closed = try session.sensorImage()
            try device.setHingeAngle(HingeAngle(degrees: 180))
            let open = try session.sensorImage()
            let flipped = orientation.isLandscape
            #expect(
                CameraTesting.markerDirection(open)
                    == (flipped ? CameraTesting.markerDirection(closed)?.opposite : CameraTesting.markerDirection(closed)), "\(orientation)")
        }
    }

    @Test func knownAnglesOfTheRearCamera() throws {
        // Like a phone's back camera: its sensor lies on its side, so portrait needs a quarter turn.
        let (device, _, _, rear) = try Self.session("rear", .closed, .portrait)
        let coordinator = RotationCoordinator(device: rear, previewView: .mainScene)
        #expect(coordinator.angles == RotationCoordinator.Angles(preview: .degrees90, capture: .degrees90))
        device.setOrientation(.landscapeLeft)
        #expect(coordinator.captureAngle == .zero)
        device.setOrientation(.portraitUpsideDown)
        #expect(coordinator.captureAngle == .degrees270)
        device.setOrientation(.landscapeRight)
        #expect(coordinator.captureAngle == .degrees180)
    }

    @Test func coordinatorMadeWithoutAViewNeverGivesAPreviewAngle() throws {
        let (device, _, _, camera) = try Self.session("virtualFront", .closed, .portrait)
        let coordinator = RotationCoordinator(device: camera, previewView: nil)
        var seen: [RotationCoordinator.Angles] = []
        let token = coordinator.observe { seen.append($0) }
        #expect(coordinator.previewAngle == nil)
        for posture in Posture.allCases {
            device.apply(posture)
            for orientation in DeviceOrientation.allCases {
                device.setOrientation(orientation)
                #expect(coordinator.previewAngle == nil)
            }
        }
        #expect(!seen.isEmpty && seen.allSatisfy { $0.preview == nil })
        token.cancel()
    }

    @Test func observersAreToldOfChangesOnly() throws {
        let (device, _, _, camera) = try Self.session("rear", .book, .portrait)
        let coordinator = RotationCoordinator(device: camera, previewView: .mainScene)
        var seen: [RotationCoordinator.Angles] = []
        let token = coordinator.observe { seen.append($0) }
        #expect(seen.isEmpty, "not called for the current values")
        try device.setHingeAngle(HingeAngle(degrees: 150))
        device.setLayoutDirection(.rightToLeft)
        #expect(seen.isEmpty, "nothing changed either angle")
        device.setOrientation(.landscapeLeft)
        #expect(seen == [RotationCoordinator.Angles(preview: .zero, capture: .zero)])
        token.cancel()
        device.setOrientation(.portrait)
        #expect(seen.count == 1)
        #expect(coordinator.captureAngle == .degrees90, "it still follows its camera after the observer left")
    }

    @Test func previewAndCaptureAnglesDifferWhereTheViewIsNotLevelWithTheWorld() throws {
        // Turned to landscape and folded to 40 degrees, the cover half stands
        // over the base half's face, past the vertical: its part of the
        // scene has its up pointing down in the world.
        let (device, _, session, rear) = try Self.session("rear", .tabletop, .landscapeLeft)
        try device.setHingeAngle(HingeAngle(degrees: 40))
        let lowerHalf = CameraView(frame: Rect(x: 0, y: 500, width: 660, height: 432))
        let coordinator = RotationCoordinator(device: rear, previewView: lowerHalf)
        #expect(device.state.sceneSize == Size(width: 660, height: 932))
        #expect(coordinator.captureAngle == .zero)
        #expect(coordinator.previewAngle == .degrees180)
        // Shown in that view and looked at in the world, the preview is level.
        let preview = session.addPreviewConnection(for: lowerHalf)
        preview.videoRotationAngle = try #require(coordinator.previewAngle)
        let image = try session.frame(through: preview)
        #expect(CameraTesting.markerDirection(image) == .down, "up in the world is down in that scene")
        // Lying within 30 degrees of flat (tabletop, tent), a half has no horizon and reads as its scene does.
        try device.setHingeAngle(HingeAngle(degrees: 80))
        let tent = RotationCoordinator(device: rear, previewView: lowerHalf)
        #expect(tent.previewAngle == tent.captureAngle)
    }

    @Test func displayMoveLeavesAStaleCoordinatorThatMustBeMadeAgain() throws {
        let (device, _, session, front) = try Self.session("virtualFront", .closed, .landscapeLeft)
        let stale = RotationCoordinator(device: front, previewView: .mainScene)
        #expect(stale.previewDisplay == .outer)
        #expect(stale.angles == RotationCoordinator.Angles(preview: .zero, capture: .zero))
        try device.setHingeAngle(HingeAngle(degrees: 110))  // open, still in landscape: the app moves to the inner display
        #expect(front.liveModule?.id == "innerFront")
        #expect(stale.needsRecreation)
        #expect(stale.captureAngle == .degrees180, "bound to its device, it follows the new module for capture")
        #expect(stale.previewAngle == .zero, "the preview angle is left as it was on the outer display")
        let fresh = RotationCoordinator(device: front, previewView: .mainScene)
        #expect(!fresh.needsRecreation && fresh.previewAngle == .degrees180)
        let preview = session.addPreviewConnection(for: .mainScene)
        preview.isCameraSensorOrientationCompensationEnabled = false
        preview.videoRotationAngle = try #require(stale.previewAngle)
        #expect(CameraTesting.markerDirection(try session.frame(through: preview)) == .down, "the stale angle shows the preview upside down")
        preview.videoRotationAngle = try #require(fresh.previewAngle)
        #expect(CameraTesting.markerDirection(try session.frame(through: preview)) == .up)
    }
}
