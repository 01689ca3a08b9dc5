/// Tells the app, for one view, which cameras face the way its display
/// faces and which face the other way, computed from the hinge geometry.
///
/// Made with a view and the device types of interest; the change handler
/// gets the map once at creation and again after every change that alters
/// it (opening, closing, folding past 90 degrees, the view moving to the
/// other half). The virtual camera is never in the map: use the physical
/// types. Make one coordinator per view: a view on the outer display gets
/// a different map from one on the inner display.
public final class DirectionCoordinator {
    /// The camera system it watches.
    public let system: CameraSystem
    /// The view it answers for.
    public private(set) var view: CameraView
    /// The types it reports (virtual types are ignored).
    public let deviceTypes: [CaptureDeviceType]
    /// The map now.
    public private(set) var directionMap: CaptureDeviceDirectionMap

    private let changeHandler: (CaptureDeviceDirectionMap) -> Void
    private var listenerID: Int?

    /// A coordinator for `view`, reporting cameras of `deviceTypes`; calls
    /// `changeHandler` now with the current map, then on every change of it.
    public init(
        system: CameraSystem, view: CameraView, deviceTypes: [CaptureDeviceType],
        changeHandler: @escaping (CaptureDeviceDirectionMap) -> Void
    ) {
        self.system = system
        self.view = view
        self.deviceTypes = deviceTypes
        self.changeHandler = changeHandler
        self.directionMap = Self.map(system: system, view: view, types: deviceTypes)
        listenerID = system.addListener { [weak self] in self?.refresh() }
        changeHandler(directionMap)
    }

    deinit {
        if let listenerID { system.removeListener(listenerID) }
    }

    /// Where the view is now, or nil when its display does not exist.
    public var placement: CameraViewPlacement? { system.geometry.placement(of: view) }

    /// Tells the coordinator its view moved (a layout pass gave it a new frame).
    public func setView(_ view: CameraView) {
        self.view = view
        refresh()
    }

    /// Stops reporting: the handler is never called again.
    public func invalidate() {
        if let listenerID { system.removeListener(listenerID) }
        listenerID = nil
    }

    private func refresh() {
        guard listenerID != nil else { return }
        let map = Self.map(system: system, view: view, types: deviceTypes)
        guard map != directionMap else { return }
        directionMap = map
        changeHandler(map)
    }

    /// The map of the cameras of `types` for `view`, in rig order.
    static func map(system: CameraSystem, view: CameraView, types: [CaptureDeviceType]) -> CaptureDeviceDirectionMap {
        let geometry = system.geometry
        guard let placement = geometry.placement(of: view) else { return CaptureDeviceDirectionMap() }
        var map = CaptureDeviceDirectionMap()
        for device in system.devices(types: types) where !device.isVirtual {
            guard let mount = device.spec.mount else { continue }
            switch geometry.facing(of: mount, for: placement) {
            case .forward: map.forwardFacingDeviceDescriptors.append(device.descriptor)
            case .backward: map.backwardFacingDeviceDescriptors.append(device.descriptor)
            case nil: break
            }
        }
        return map
    }
}
