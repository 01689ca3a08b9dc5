/// A hinge status that follows readings through the hysteresis rule of
/// ``HingeThresholds``: `unknown` until the first reading.
public struct HingeStatusTracker: Hashable, Sendable {
    /// The thresholds applied.
    public let thresholds: HingeThresholds
    /// The current status.
    public private(set) var status: HingeStatus = .unknown
    /// The last reading, or nil before the first.
    public private(set) var lastReading: HingeAngle?

    /// A tracker with no reading yet.
    public init(thresholds: HingeThresholds) {
        self.thresholds = thresholds
    }

    /// Takes a reading and returns the new status.
    @discardableResult
    public mutating func record(_ reading: HingeAngle) -> HingeStatus {
        status = thresholds.status(after: status, reading: reading)
        lastReading = reading
        return status
    }

    /// The hinge as an app sees it: the status and the last reading (0 before any).
    public var hinge: Hinge { Hinge(status: status, angle: lastReading ?? .zero) }
}
