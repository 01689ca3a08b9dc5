/// A change the simulated device cannot make.
public enum DeviceStateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The profile has no hinge, so there is no angle to set.
    case noHinge(profile: String)
    /// The profile has no fold, so there is no fold position to set.
    case noFold(profile: String)
    /// The angle is outside the hinge's mechanical range (or not a number).
    case angleOutOfRange(degrees: Double, range: ClosedRange<Double>)
    /// The fold position is outside the profile's range (or not a number).
    case foldPositionOutOfRange(position: Double, range: ClosedRange<Double>)

    /// One line for a user.
    public var description: String {
        switch self {
        case .noHinge(let profile):
            "profile \(profile) has no hinge"
        case .noFold(let profile):
            "profile \(profile) has no fold"
        case .angleOutOfRange(let degrees, let range):
            "hinge angle \(formatPoints(degrees)) deg is outside \(formatPoints(range.lowerBound))...\(formatPoints(range.upperBound))"
        case .foldPositionOutOfRange(let position, let range):
            "fold position \(position) is outside \(range.lowerBound)...\(range.upperBound)"
        }
    }
}
