/// Supplementary UI on the outer display while the app fills the inner
/// display with a capture session running (a score, a teleprompter).
///
/// The system decides when it is available: only while it is enabled, the
/// device is open (the app is on the inner display), the app fills that
/// display and a session runs. Closing the device withdraws it. The app is
/// told of every change through the availability handler; it draws the
/// accessory in the outer display's scene (``sceneSize`` turned by
/// ``sceneOrientation``, level for whoever looks at the outer display).
public final class CaptureAccessory {
    /// The camera system.
    public let system: CameraSystem
    /// Whether the app offers the accessory at all.
    public var isEnabled: Bool {
        didSet { refresh() }
    }
    /// Whether the accessory is shown now.
    public private(set) var isAvailable: Bool

    private let onAvailabilityChange: (Bool) -> Void
    private var listenerID: Int?

    /// An accessory that calls `onAvailabilityChange` on every change of
    /// availability (not for the current value: read ``isAvailable``).
    public init(system: CameraSystem, isEnabled: Bool = true, onAvailabilityChange: @escaping (Bool) -> Void) {
        self.system = system
        self.isEnabled = isEnabled
        self.onAvailabilityChange = onAvailabilityChange
        isAvailable = Self.isAvailable(system: system, enabled: isEnabled)
        listenerID = system.addListener { [weak self] in self?.refresh() }
    }

    deinit {
        if let listenerID { system.removeListener(listenerID) }
    }

    /// The view the accessory fills: the outer display's scene.
    public var view: CameraView { .outerDisplay }

    /// How the outer display's scene is turned now.
    public var sceneOrientation: DeviceOrientation { system.geometry.sceneOrientation(of: .outer) }

    /// The outer display's scene size now.
    public var sceneSize: Size { system.geometry.sceneSize(of: .outer) }

    /// The availability rule.
    static func isAvailable(system: CameraSystem, enabled: Bool) -> Bool {
        let state = system.device.state
        return enabled
            && state.profile.displays[.outer] != nil
            && state.profile.displays[.inner] != nil
            && state.display == .inner
            && system.isAppFullScreen
            && system.runningSession != nil
    }

    private func refresh() {
        let available = Self.isAvailable(system: system, enabled: isEnabled)
        guard available != isAvailable else { return }
        isAvailable = available
        onAvailabilityChange(available)
    }
}
