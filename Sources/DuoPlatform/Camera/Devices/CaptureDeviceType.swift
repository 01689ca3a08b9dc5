/// What kind of camera a capture device is, as discovery filters it.
public enum CaptureDeviceType: String, Codable, CaseIterable, Hashable, Sendable {
    /// The outer front camera beside the outer display (4K/120 with depth on the Duo).
    case builtInOuterUltraWideCamera
    /// The inner under-display front camera (1080p/60 on the Duo).
    case builtInInnerUltraWideCamera
    /// A single wide camera (the front and rear cameras of a hingeless phone).
    case builtInWideAngleCamera
    /// The rear dual camera on the back of the base half.
    case builtInDualWideCamera
    /// The virtual front camera: switches by itself between the outer
    /// module (closed) and the inner one (open), exposing only what both share.
    case builtInVirtualFrontCamera

    /// Whether devices of this type are virtual (made of other devices).
    public var isVirtual: Bool { self == .builtInVirtualFrontCamera }
}

/// Where a camera's hardware sits: beside a display (`front`) or on the
/// back of the body (`back`). Not whether it faces the user: on a foldable
/// a front camera can face away and the rear camera can face someone (ask a
/// ``DirectionCoordinator``).
public enum CaptureDevicePosition: String, Codable, CaseIterable, Hashable, Sendable {
    /// Beside a display.
    case front
    /// On the back of the body.
    case back
}
