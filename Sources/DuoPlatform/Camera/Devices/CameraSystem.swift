/// The cameras of one ``SimulatedDevice``: discovery, and the system side
/// that keeps them in step with the device (the virtual camera's module,
/// the inner camera's occlusion, coordinators and the capture accessory).
///
/// Owned by the thread or actor that owns the simulated device, and not
/// `Sendable`. It follows the device's true state (``SimulatedDevice/observeState(_:)``),
/// not the app's possibly late hinge sensor: the system knows where its
/// cameras point.
public final class CameraSystem {
    /// The simulated device.
    public let device: SimulatedDevice
    /// Its cameras, as data.
    public let rig: CameraRig
    /// Every camera, physical and virtual, in rig order.
    public private(set) var devices: [CaptureDevice] = []
    /// The session running now, if any (one at a time).
    public private(set) var runningSession: CaptureSession?
    /// Whether the app fills the display it is on (no other app beside it).
    /// The capture accessory needs it; a test or the desktop may clear it.
    public var isAppFullScreen = true {
        didSet { if isAppFullScreen != oldValue { broadcast() } }
    }

    private var listeners: [Int: () -> Void] = [:]
    private var nextListenerID = 0
    private var stateToken: ObservationToken?
    /// The inner-camera use the system last set on the device, so a value
    /// set by hand (a layout test) stands until the cameras change it.
    private var syncedInnerCameraUse = false

    /// The cameras of `device` as `rig` describes them.
    /// - Throws: ``CameraRigError`` when the rig does not fit the device's profile.
    public init(device: SimulatedDevice, rig: CameraRig) throws(CameraRigError) {
        self.device = device
        self.rig = try rig.validated(for: device.state.profile, file: "\(rig.profile) (in memory)")
        devices = rig.cameras.map { CaptureDevice(spec: $0, system: self) }
        stateToken = device.observeState { [weak self] _ in self?.deviceStateDidChange() }
    }

    /// The cameras of `device`, from the rig file of its profile (`Assets/cameras/<profile>.json`).
    /// - Throws: ``CameraRigError`` when there is none or it does not fit.
    public convenience init(device: SimulatedDevice, locator: AssetLocator = .standard()) throws(CameraRigError) {
        try self.init(device: device, rig: CameraRig.for(device.state.profile, locator: locator))
    }

    deinit {
        stateToken?.cancel()
    }

    /// The camera rules for the device as it is now.
    public var geometry: CameraGeometry { CameraGeometry(state: device.state) }

    // MARK: - Discovery

    /// The cameras of any of `types` (nil: every type) at `position` (nil: any), in rig order.
    public func devices(types: [CaptureDeviceType]? = nil, position: CaptureDevicePosition? = nil) -> [CaptureDevice] {
        devices.filter { device in
            (types?.contains(device.type) ?? true) && (position.map { device.position == $0 } ?? true)
        }
    }

    /// The camera with `id`.
    public func device(id: String) -> CaptureDevice? {
        devices.first { $0.id == id }
    }

    /// The camera a descriptor stands for, if it is one of this system's.
    public func device(for descriptor: CaptureDeviceDescriptor) -> CaptureDevice? {
        device(id: descriptor.id).flatMap { $0.descriptor == descriptor ? $0 : nil }
    }

    /// The camera to use at `position` when nothing more is asked: a virtual
    /// camera there if there is one (it follows the device by itself), else the first.
    public func defaultDevice(position: CaptureDevicePosition) -> CaptureDevice? {
        let candidates = devices(position: position)
        return candidates.first(where: \.isVirtual) ?? candidates.first
    }

    // MARK: - Sessions (called by CaptureSession)

    func sessionWillStart(_ session: CaptureSession) throws(CaptureError) {
        if let runningSession, runningSession !== session { throw .anotherSessionIsRunning }
        runningSession = session
        cameraUseDidChange()
    }

    func sessionDidStop(_ session: CaptureSession) {
        guard runningSession === session else { return }
        runningSession = nil
        cameraUseDidChange()
    }

    func sessionDidChangeDevice(_ session: CaptureSession) {
        guard runningSession === session else { return }
        cameraUseDidChange()
    }

    // MARK: - Listeners (coordinators, sessions, the accessory)

    /// Calls `listener` after every change that may alter a camera answer.
    func addListener(_ listener: @escaping () -> Void) -> Int {
        nextListenerID += 1
        listeners[nextListenerID] = listener
        return nextListenerID
    }

    func removeListener(_ id: Int) {
        listeners[id] = nil
    }

    // MARK: - Internals

    /// Whether the running session's images come from the camera under the
    /// inner display while that display is in use.
    private var isInnerCameraInUse: Bool {
        guard let camera = runningSession?.device?.activeCamera else { return false }
        return camera.mount.isUnderInnerDisplay && !geometry.isCovered(camera.mount)
    }

    private func deviceStateDidChange() {
        let before = device.state
        syncInnerCameraUse()
        // A change made by the sync has already been told to everyone.
        guard device.state == before else { return }
        broadcast()
    }

    private func cameraUseDidChange() {
        let before = device.state
        syncInnerCameraUse()
        if device.state == before { broadcast() }
    }

    /// Makes the inner camera's occlusion follow its use (docs/SPEC.md sections 2 and 5).
    private func syncInnerCameraUse() {
        let inUse = isInnerCameraInUse
        guard inUse != syncedInnerCameraUse else { return }
        syncedInnerCameraUse = inUse
        if device.state.isInnerCameraInUse != inUse {
            device.setInnerCameraInUse(inUse)
        }
    }

    private func broadcast() {
        for id in listeners.keys.sorted() {
            listeners[id]?()
        }
    }
}
