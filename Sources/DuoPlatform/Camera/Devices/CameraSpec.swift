/// One camera of a device, as its rig file describes it: a physical
/// camera (mount, sensor orientation, formats) or a virtual one made of
/// physical constituents.
public struct CameraSpec: Codable, Hashable, Sendable {
    /// A stable identifier (`outerFront`), unique in the rig.
    public var id: String
    /// The name shown to people and drawn into its synthetic frames (`Outer front`).
    public var name: String
    /// The kind of camera.
    public var type: CaptureDeviceType
    /// Where its hardware sits (front: beside a display; back: on the back).
    public var position: CaptureDevicePosition
    /// Where a physical camera is mounted; nil for a virtual one.
    public var mount: CameraMount?
    /// The clockwise turn that makes the sensor's image upright when the
    /// camera's surface is held upright in portrait (a fixed property of
    /// how the sensor is mounted); nil for a virtual one.
    public var sensorOrientation: RotationAngle?
    /// The formats of a physical camera; empty for a virtual one (it offers
    /// what its constituents share).
    public var formats: [CaptureFormat]
    /// The ids of a virtual camera's modules; nil for a physical one.
    public var constituents: [String]?

    /// A physical camera.
    public init(
        id: String, name: String, type: CaptureDeviceType, position: CaptureDevicePosition,
        mount: CameraMount, sensorOrientation: RotationAngle, formats: [CaptureFormat]
    ) {
        self.id = id
        self.name = name
        self.type = type
        self.position = position
        self.mount = mount
        self.sensorOrientation = sensorOrientation
        self.formats = formats
        self.constituents = nil
    }

    /// A virtual camera made of the cameras `constituents`.
    public init(id: String, name: String, type: CaptureDeviceType, position: CaptureDevicePosition, constituents: [String]) {
        self.id = id
        self.name = name
        self.type = type
        self.position = position
        self.mount = nil
        self.sensorOrientation = nil
        self.formats = []
        self.constituents = constituents
    }

    /// Whether it is a virtual camera.
    public var isVirtual: Bool { constituents != nil }

    private enum CodingKeys: String, CodingKey {
        case id, name, type, position, mount, sensorOrientation, formats, constituents
    }

    /// Decodes a camera; `formats` may be left out for a virtual camera.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        type = try container.decode(CaptureDeviceType.self, forKey: .type)
        position = try container.decode(CaptureDevicePosition.self, forKey: .position)
        mount = try container.decodeIfPresent(CameraMount.self, forKey: .mount)
        sensorOrientation = try container.decodeIfPresent(RotationAngle.self, forKey: .sensorOrientation)
        formats = try container.decodeIfPresent([CaptureFormat].self, forKey: .formats) ?? []
        constituents = try container.decodeIfPresent([String].self, forKey: .constituents)
    }

    /// Encodes the form it decodes, leaving out what does not apply (a
    /// virtual camera's `formats` is written as the empty list it decodes to,
    /// so that a strict reader sees the field as known).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(type, forKey: .type)
        try container.encode(position, forKey: .position)
        try container.encodeIfPresent(mount, forKey: .mount)
        try container.encodeIfPresent(sensorOrientation, forKey: .sensorOrientation)
        try container.encode(formats, forKey: .formats)
        try container.encodeIfPresent(constituents, forKey: .constituents)
    }
}
