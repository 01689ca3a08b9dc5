/// The discrete state of the hinge, derived from its angle with hysteresis
/// (see ``HingeThresholds``).
public enum HingeStatus: String, Codable, CaseIterable, Hashable, Sendable {
    /// No sensor reading yet.
    case unknown
    /// Shut (below the closed threshold, 5 deg on the Duo).
    case closed
    /// Between closed and fully open: the fold is an active division.
    case partiallyOpen
    /// Flat (at or above the fully-open threshold, 175 deg on the Duo).
    case fullyOpen
}
