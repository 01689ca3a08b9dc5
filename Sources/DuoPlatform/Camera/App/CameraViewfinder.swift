/// A camera preview and shutter for one view, done the way docs/SPEC.md section 5 asks,
/// so a front end only draws frames: the camera is chosen by the direction
/// it faces relative to the view (never by position), mirrored from the
/// direction map, levelled by a rotation coordinator that is made again on
/// every camera or display change, with sensor compensation off.
///
/// Folding, turning, opening and closing the device never leave its
/// preview tilted or wrongly mirrored, nor its photos tilted (tested by
/// pixels through every posture and orientation).
public final class CameraViewfinder {
    /// The camera system.
    public let system: CameraSystem
    /// The view the preview is shown in (and the camera is chosen for).
    public private(set) var view: CameraView
    /// The way the chosen camera must face relative to the view: `forward`
    /// to photograph whoever looks at it.
    public let facing: CameraFacing
    /// The camera types allowed, most preferred first (virtual types are ignored).
    public let preference: [CaptureDeviceType]
    /// The session it runs.
    public let session: CaptureSession
    /// The connection of the preview.
    public let previewConnection: CaptureConnection
    /// The camera in use, or nil when no allowed camera faces the way asked.
    public private(set) var camera: CaptureDevice?
    /// How many rotation coordinators have been made (one per camera or display change).
    public private(set) var rotationCoordinatorCount = 0
    /// Called after every change of camera, angle or mirroring (redraw the preview).
    public var onChange: (() -> Void)?

    private var directions: DirectionCoordinator?
    private var rotation: RotationCoordinator?
    private var rotationToken: ObservationToken?
    private var listenerID: Int?

    /// A stopped viewfinder for `view`, using the first camera of
    /// `preference` that faces `facing` for it.
    public init(system: CameraSystem, view: CameraView, facing: CameraFacing = .forward, preference: [CaptureDeviceType]) {
        self.system = system
        self.view = view
        self.facing = facing
        self.preference = preference.filter { !$0.isVirtual }
        session = CaptureSession(system: system)
        previewConnection = session.addPreviewConnection(for: view)
        for connection in [previewConnection, session.photoConnection] {
            // The rotation coordinator's angles assume the sensor's own images.
            connection.isCameraSensorOrientationCompensationEnabled = false
        }
        // Mirroring comes from the direction map, never from the position.
        previewConnection.automaticallyAdjustsVideoMirroring = false
        directions = DirectionCoordinator(system: system, view: view, deviceTypes: self.preference) { [weak self] map in
            self?.directionsDidChange(map)
        }
        listenerID = system.addListener { [weak self] in self?.deviceDidChange() }
    }

    deinit {
        if let listenerID { system.removeListener(listenerID) }
        rotationToken?.cancel()
        session.stopRunning()
    }

    /// Whether the preview is mirrored now.
    public var isPreviewMirrored: Bool { previewConnection.isVideoMirrored }
    /// The angles applied now.
    public var angles: RotationCoordinator.Angles? { rotation?.angles }

    /// Starts the session.
    /// - Throws: ``CaptureError/noDevice`` when no camera faces the way asked,
    ///   ``CaptureError/anotherSessionIsRunning``.
    public func start() throws(CaptureError) {
        try session.startRunning()
    }

    /// Stops the session.
    public func stop() {
        session.stopRunning()
    }

    /// Tells the viewfinder its view moved (a layout pass).
    public func setView(_ view: CameraView) {
        self.view = view
        previewConnection.output = .preview(view)
        directions?.setView(view)
        remakeRotation()
        onChange?()
    }

    /// The preview image now, as the view should show it.
    public func previewFrame() throws(CaptureError) -> CameraFrame {
        try session.frame(through: previewConnection)
    }

    /// A photo now: level, never mirrored.
    public func capturePhoto() throws(CaptureError) -> CameraFrame {
        try session.capturePhoto()
    }

    // MARK: - Keeping up with the device

    private func directionsDidChange(_ map: CaptureDeviceDirectionMap) {
        let candidates = facing == .forward ? map.forwardFacingDeviceDescriptors : map.backwardFacingDeviceDescriptors
        let chosen = preference.lazy.compactMap { type in candidates.first { $0.type == type } }.first
        let device = chosen.flatMap(system.device(for:))
        if device !== camera {
            camera = device
            remakeRotation()
            // Only a camera of another system can be refused, and this one is the system's own.
            try? session.setDevice(device)
        }
        applyMirroring(map)
        onChange?()
    }

    private func deviceDidChange() {
        // A display move makes the rotation coordinator stale: make it again.
        if let rotation, rotation.needsRecreation || rotation.previewDisplay != system.geometry.placement(of: view)?.display {
            remakeRotation()
            onChange?()
        }
    }

    private func remakeRotation() {
        rotationToken?.cancel()
        rotationToken = nil
        rotation = nil
        guard let camera else { return }
        let coordinator = RotationCoordinator(device: camera, previewView: view)
        rotationCoordinatorCount += 1
        rotation = coordinator
        // Read once at creation, then follow changes.
        apply(coordinator.angles)
        rotationToken = coordinator.observe { [weak self] angles in
            self?.apply(angles)
            self?.onChange?()
        }
    }

    private func apply(_ angles: RotationCoordinator.Angles) {
        previewConnection.videoRotationAngle = angles.preview ?? .zero
        session.photoConnection.videoRotationAngle = angles.capture
    }

    private func applyMirroring(_ map: CaptureDeviceDirectionMap) {
        let mirrored = camera.map { map.shouldMirrorPreview(ofDeviceWithID: $0.id) } ?? false
        // Automatic mirroring is off (set in init), so this cannot throw.
        try? previewConnection.setVideoMirrored(mirrored)
    }
}
