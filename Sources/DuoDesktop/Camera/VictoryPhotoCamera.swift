import DuoPlatform

/// The running camera of a victory photo, for one simulated device: its
/// camera system, a `CameraViewfinder` for the winner's view (the camera
/// that faces it, mirrored from the direction map, levelled by a rotation
/// coordinator made again on every camera or display change), and the
/// `CaptureAccessory` that shows the score on the outer display while the
/// app fills the inner one. No SDL: the session asks it for pictures.
public final class VictoryPhotoCamera {
    /// The device's cameras.
    public let system: CameraSystem
    /// The preview and shutter for the winner's view.
    public let viewfinder: CameraViewfinder
    /// The score on the outer display.
    public let accessory: CaptureAccessory

    /// What the accessory's callback said, kept apart so the callback needs no `self`.
    private final class AvailabilityLog {
        var isShown = false
        var changeCount = 0
    }
    private let availability = AvailabilityLog()

    /// Opens the cameras of `device` for the winner's `view` and starts the
    /// session (the inner camera's occlusion turns on with it when that is
    /// the camera used). With no camera facing the view yet, it starts as
    /// soon as one does.
    /// - Throws: ``VictoryPhotoError/noCameras(profile:reason:)`` when the
    ///   profile has no usable camera rig.
    public init(device: SimulatedDevice, view: CameraView, locator: AssetLocator = .standard()) throws(VictoryPhotoError) {
        do {
            system = try CameraSystem(device: device, locator: locator)
        } catch {
            throw .noCameras(profile: device.state.profile.name, reason: "\(error)")
        }
        viewfinder = CameraViewfinder(system: system, view: view, facing: .forward, preference: VictoryCamera.preference)
        let log = availability
        // Made before the session starts: the app learns of availability only through the callback.
        accessory = CaptureAccessory(system: system) { available in
            log.changeCount += 1
            log.isShown = available
        }
        viewfinder.onChange = { [weak self] in self?.startIfPossible() }
        startIfPossible()
    }

    deinit {
        viewfinder.stop()
    }

    /// Whether the accessory is available now, as its last callback said.
    public var isAccessoryShown: Bool { availability.isShown }

    /// How many availability changes the accessory's callback reported.
    public var accessoryChangeCount: Int { availability.changeCount }

    /// Whether the session runs.
    public var isRunning: Bool { viewfinder.session.isRunning }

    /// The camera in use, nil when none faces the view.
    public var camera: CaptureDevice? { viewfinder.camera }

    /// The view the camera is chosen for.
    public var view: CameraView { viewfinder.view }

    /// Tells the camera the preview moved (after a layout pass); nothing happens when it did not.
    public func setView(_ view: CameraView) {
        guard view != viewfinder.view else { return }
        viewfinder.setView(view)
    }

    /// The preview as the view shows it now, nil when no camera faces the view.
    public func previewFrame() -> CameraFrame? {
        guard isRunning, camera != nil else { return nil }
        return try? viewfinder.previewFrame()
    }

    /// Takes the photo: level and true (never mirrored).
    /// - Throws: ``VictoryPhotoError/noCameraFacesTheView`` or ``VictoryPhotoError/capture(_:)``.
    public func capturePhoto() throws(VictoryPhotoError) -> CameraFrame {
        guard camera != nil, isRunning else { throw .noCameraFacesTheView }
        do {
            return try viewfinder.capturePhoto()
        } catch {
            throw .capture(error)
        }
    }

    /// Stops the session: the inner camera's occlusion turns off and the accessory is withdrawn.
    public func stop() {
        viewfinder.stop()
    }

    private func startIfPossible() {
        guard !isRunning, camera != nil else { return }
        // The only other failure is another running session, and this is the only one.
        try? viewfinder.start()
    }
}
