/// Runs one camera and delivers its images through connections: one for
/// photos, and one per preview view.
///
/// One session runs at a time. While a running session's images come from
/// the camera under the inner display (itself, or the virtual camera's
/// inner module while the device is open), that camera's occlusion region
/// is active and layouts move away from it (docs/SPEC.md sections 2 and 5); it turns off when
/// the session stops, switches camera, or the virtual camera switches to
/// the outer module on closing.
public final class CaptureSession {
    /// The camera system.
    public let system: CameraSystem
    /// The camera, if one is set.
    public private(set) var device: CaptureDevice?
    /// Whether it runs.
    public private(set) var isRunning = false
    /// The connection to captured photos.
    public private(set) lazy var photoConnection = CaptureConnection(output: .photo, session: self)
    /// The preview connections, in the order added.
    public private(set) var previewConnections: [CaptureConnection] = []

    /// A stopped session with no camera.
    public init(system: CameraSystem) {
        self.system = system
    }

    /// Uses `device` (or none); allowed while running.
    /// - Throws: ``CaptureError/foreignDevice(id:)`` for a camera of another system.
    public func setDevice(_ device: CaptureDevice?) throws(CaptureError) {
        if let device, device.system !== system { throw .foreignDevice(id: device.id) }
        self.device = device
        system.sessionDidChangeDevice(self)
    }

    /// Adds a preview connection for `view`.
    @discardableResult
    public func addPreviewConnection(for view: CameraView) -> CaptureConnection {
        let connection = CaptureConnection(output: .preview(view), session: self)
        previewConnections.append(connection)
        return connection
    }

    /// Removes a preview connection (nothing happens for one it does not have).
    public func removePreviewConnection(_ connection: CaptureConnection) {
        previewConnections.removeAll { $0 === connection }
    }

    /// Starts delivering images.
    /// - Throws: ``CaptureError/noDevice`` without a camera,
    ///   ``CaptureError/anotherSessionIsRunning`` while another runs.
    public func startRunning() throws(CaptureError) {
        guard !isRunning else { return }
        guard device != nil else { throw .noDevice }
        try system.sessionWillStart(self)
        isRunning = true
    }

    /// Stops; its camera's occlusion turns off.
    public func stopRunning() {
        guard isRunning else { return }
        isRunning = false
        system.sessionDidStop(self)
    }

    /// The image the camera's sensor delivers now: the synthetic scene as
    /// the live module sees it (dark while it is covered), before any connection.
    /// - Throws: ``CaptureError/notRunning``, ``CaptureError/noDevice``.
    public func sensorImage() throws(CaptureError) -> CameraFrame {
        guard isRunning else { throw .notRunning }
        guard let camera = device?.activeCamera else { throw .noDevice }
        let geometry = system.geometry
        if geometry.isCovered(camera.mount) { return SyntheticScene.coveredImage() }
        let up = geometry.worldUpInSensorImage(of: camera.mount, sensorOrientation: camera.sensorOrientation)
        return SyntheticScene.sensorImage(worldUp: up, label: camera.name)
    }

    /// The current image as `connection` delivers it.
    /// - Throws: ``CaptureError/foreignConnection`` for a connection of
    ///   another session, and the errors of ``sensorImage()``.
    public func frame(through connection: CaptureConnection) throws(CaptureError) -> CameraFrame {
        guard connection.session === self else { throw .foreignConnection }
        let image = try sensorImage()
        return connection.deliver(image, sensorOrientation: device?.sensorOrientation ?? .zero)
    }

    /// Takes a photo: the current image through the photo connection.
    public func capturePhoto() throws(CaptureError) -> CameraFrame {
        try frame(through: photoConnection)
    }
}
