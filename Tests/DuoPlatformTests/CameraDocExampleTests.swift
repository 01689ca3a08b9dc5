import Testing

@testable import DuoPlatform

/// The example at the top of docs/CAMERAS.md, run as written.
@Suite struct CameraDocExampleTests {
    @Test func documentedFlowTakesALevelPhotoAndMirrorsThePreviewLikeAMirror() throws {
        let device = SimulatedDevice(profile: try DeviceProfile.named("duo"), posture: .closed)
        let cameras = try CameraSystem(device: device)

        var chosen: CaptureDeviceDescriptor?
        let directions = DirectionCoordinator(
            system: cameras, view: .mainScene,
            deviceTypes: [.builtInOuterUltraWideCamera, .builtInInnerUltraWideCamera, .builtInDualWideCamera]
        ) { map in
            chosen = map.forwardFacingDeviceDescriptors.first
        }
        let descriptor = try #require(chosen)
        let camera = try #require(cameras.device(for: descriptor))
        let session = CaptureSession(system: cameras)
        try session.setDevice(camera)
        let preview = session.addPreviewConnection(for: .mainScene)
        preview.automaticallyAdjustsVideoMirroring = false
        try preview.setVideoMirrored(directions.directionMap.shouldMirrorPreview(ofDeviceWithID: camera.id))
        preview.isCameraSensorOrientationCompensationEnabled = false
        session.photoConnection.isCameraSensorOrientationCompensationEnabled = false

        let rotation = RotationCoordinator(device: camera, previewView: .mainScene)
        preview.videoRotationAngle = try #require(rotation.previewAngle)
        session.photoConnection.videoRotationAngle = rotation.captureAngle
        let token = rotation.observe { angles in
            preview.videoRotationAngle = angles.preview ?? .zero
            session.photoConnection.videoRotationAngle = angles.capture
        }
        try session.startRunning()
        let photo = try session.capturePhoto()

        #expect(camera.id == "outerFront")
        #expect(CameraTesting.markerDirection(photo) == .up && CameraTesting.sunSide(photo) == .right)
        device.setOrientation(.landscapeRight)
        let frame = try session.frame(through: preview)
        #expect(CameraTesting.markerDirection(frame) == .up && CameraTesting.sunSide(frame) == .left)
        token.cancel()
    }
}
