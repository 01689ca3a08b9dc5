import DuoPlatform

/// One change of the simulated device during a headless match: a posture
/// preset and/or any of angle, orientation, fold position, inner camera and
/// layout direction. Applied in that order (so `book angle 120` means the
/// book preset, then the hinge to 120 degrees).
public struct PostureStep: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A named posture's preset (angle and orientation).
    public var posture: Posture?
    /// The hinge angle in degrees.
    public var angleDegrees: Double?
    /// How the device is held.
    public var orientation: DeviceOrientation?
    /// The fold position (a fraction of the inner display's width).
    public var foldPosition: Double?
    /// Whether the inner camera is in use.
    public var innerCamera: Bool?
    /// The layout direction.
    public var direction: LayoutDirection?

    /// A step from its changes (nil: unchanged).
    public init(
        posture: Posture? = nil, angleDegrees: Double? = nil, orientation: DeviceOrientation? = nil,
        foldPosition: Double? = nil, innerCamera: Bool? = nil, direction: LayoutDirection? = nil
    ) {
        self.posture = posture
        self.angleDegrees = angleDegrees
        self.orientation = orientation
        self.foldPosition = foldPosition
        self.innerCamera = innerCamera
        self.direction = direction
    }

    /// Applies the step to a device. Changes the device cannot take (an angle on
    /// a hingeless profile, a fold position out of range) are skipped: the
    /// script's parser already refuses values outside the standard ranges.
    public func apply(to device: SimulatedDevice) {
        if let posture { device.apply(posture) }
        if let angleDegrees { try? device.setHingeAngle(HingeAngle(degrees: angleDegrees)) }
        if let orientation { device.setOrientation(orientation) }
        if let foldPosition { try? device.setFoldPosition(foldPosition) }
        if let innerCamera { device.setInnerCameraInUse(innerCamera) }
        if let direction { device.setLayoutDirection(direction) }
    }

    /// The step in the script's own words (`book angle 120 camera on`).
    public var description: String {
        var words: [String] = []
        if let posture { words.append(posture.rawValue) }
        if let angleDegrees { words += ["angle", HUDLint.formatted(angleDegrees)] }
        if let orientation { words += ["orientation", orientation.rawValue] }
        if let foldPosition { words += ["fold", "\((foldPosition * 1000).rounded() / 1000)"] }
        if let innerCamera { words += ["camera", innerCamera ? "on" : "off"] }
        if let direction { words += ["direction", direction == .leftToRight ? "ltr" : "rtl"] }
        return words.isEmpty ? "(no change)" : words.joined(separator: " ")
    }
}
