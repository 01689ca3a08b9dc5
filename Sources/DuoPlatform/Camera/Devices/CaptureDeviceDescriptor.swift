/// A camera as a plain value: what a coordinator reports and what crosses
/// to a capture actor. Get the device back with
/// ``CameraSystem/device(for:)`` on the side that owns the system.
public struct CaptureDeviceDescriptor: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The camera's id in its rig.
    public var id: String
    /// Its name.
    public var name: String
    /// Its type.
    public var type: CaptureDeviceType
    /// Where its hardware sits.
    public var position: CaptureDevicePosition

    /// Makes a descriptor.
    public init(id: String, name: String, type: CaptureDeviceType, position: CaptureDevicePosition) {
        self.id = id
        self.name = name
        self.type = type
        self.position = position
    }

    /// The descriptor of a rig camera.
    public init(_ spec: CameraSpec) {
        self.init(id: spec.id, name: spec.name, type: spec.type, position: spec.position)
    }

    /// The id.
    public var description: String { id }
}
