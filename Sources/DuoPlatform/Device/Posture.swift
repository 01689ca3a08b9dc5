/// A named way of holding the device: a preset of hinge angle and
/// orientation. The numbers live in the device profile
/// (``DeviceProfile/preset(for:)``), so a profile can tune them.
public enum Posture: String, Codable, CaseIterable, Hashable, Sendable {
    /// Shut: the app is on the outer display (0 deg, portrait on the Duo).
    case closed
    /// Opened flat: one continuous inner display, the fold inactive (180 deg).
    case flat
    /// Half open like a book held in the hands: vertical active fold (110 deg).
    case book
    /// Standing on its two edges like a tent, for hands-free viewing (80 deg).
    case tent
    /// Folded like a laptop on a table, held in `landscapeLeft`: the lower
    /// half lies flat, the upper half stands upright (100 deg).
    case tabletop

    /// The hinge status the preset's angle must give on a hinged device
    /// (profiles are checked against it when loaded).
    public var expectedHingeStatus: HingeStatus {
        switch self {
        case .closed: .closed
        case .flat: .fullyOpen
        case .book, .tent, .tabletop: .partiallyOpen
        }
    }
}

/// The hinge angle and orientation a ``Posture`` stands for on one profile.
public struct PosturePreset: Codable, Hashable, Sendable {
    /// The hinge angle, or nil on a profile without a hinge.
    public var angle: HingeAngle?
    /// How the device is held.
    public var orientation: DeviceOrientation

    /// Makes a preset.
    public init(angle: HingeAngle?, orientation: DeviceOrientation) {
        self.angle = angle
        self.orientation = orientation
    }

    private enum CodingKeys: String, CodingKey { case angleDegrees, orientation }

    /// Decodes `{"angleDegrees": 110, "orientation": "portrait"}` (the angle may be absent).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        angle = try container.decodeIfPresent(Double.self, forKey: .angleDegrees).map(HingeAngle.init(degrees:))
        orientation = try container.decode(DeviceOrientation.self, forKey: .orientation)
    }

    /// Encodes the same form as it decodes.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(angle?.degrees, forKey: .angleDegrees)
        try container.encode(orientation, forKey: .orientation)
    }
}
