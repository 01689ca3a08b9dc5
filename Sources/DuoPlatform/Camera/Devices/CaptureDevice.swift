/// A camera of the simulated device, owned by its ``CameraSystem``: a
/// physical camera, or the virtual front camera that switches modules by
/// itself as the device opens and closes.
///
/// Like the system it is used from one thread or actor and is not
/// `Sendable`; hand a ``descriptor`` to other actors instead.
public final class CaptureDevice: CustomStringConvertible {
    /// What the rig says about it.
    public let spec: CameraSpec
    /// The system it belongs to (it must outlive its devices).
    public unowned let system: CameraSystem

    init(spec: CameraSpec, system: CameraSystem) {
        self.spec = spec
        self.system = system
    }

    /// Its id in the rig.
    public var id: String { spec.id }
    /// Its name.
    public var name: String { spec.name }
    /// Its type.
    public var type: CaptureDeviceType { spec.type }
    /// Where its hardware sits: beside a display or on the back. Not which
    /// way it faces relative to a view: ask a ``DirectionCoordinator``.
    public var position: CaptureDevicePosition { spec.position }
    /// Whether it is virtual.
    public var isVirtual: Bool { spec.isVirtual }
    /// The value to hand to other actors.
    public var descriptor: CaptureDeviceDescriptor { CaptureDeviceDescriptor(spec) }

    /// Its formats; a virtual camera's are those all its modules share.
    public var formats: [CaptureFormat] {
        isVirtual ? system.rig.sharedFormats(of: spec) : spec.formats
    }

    /// Whether any format offers depth.
    public var supportsDepth: Bool { formats.contains { $0.supportsDepth } }

    /// The largest frame rate of any format.
    public var maxFrameRate: Int { formats.map(\.maxFrameRate).max() ?? 0 }

    /// A virtual camera's modules; empty for a physical one.
    public var constituentDevices: [CaptureDevice] {
        (spec.constituents ?? []).compactMap(system.device(id:))
    }

    /// The module of a virtual camera that is live now (the outer one while
    /// the device is closed, the inner one while open); nil for a physical camera.
    public var liveModule: CaptureDevice? {
        guard isVirtual else { return nil }
        let live = system.geometry.liveModule(of: spec, in: system.rig)
        return live.flatMap { system.device(id: $0.id) } ?? constituentDevices.first
    }

    /// The physical camera whose sensor delivers the images now: itself, or a virtual camera's live module.
    public var activeCamera: CaptureDevice { liveModule ?? self }

    /// Where the delivering sensor is mounted.
    public var mount: CameraMount { activeCamera.spec.mount ?? .outerDisplay }

    /// The delivering sensor's fixed orientation.
    public var sensorOrientation: RotationAngle { activeCamera.spec.sensorOrientation ?? .zero }

    /// `id (name)`.
    public var description: String { "\(id) (\(name))" }
}
