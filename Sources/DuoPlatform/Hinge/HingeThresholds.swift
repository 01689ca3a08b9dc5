/// The hinge's mechanical range and the thresholds that turn an angle into a
/// ``HingeStatus``, with hysteresis so a jittering sensor does not flap.
///
/// The rule (docs/SPEC.md section 1), with the Duo's numbers (closed below 5 deg, fully open
/// at or above 175 deg, hysteresis 2 deg):
/// - the first reading (from `unknown`) takes its status from the thresholds
///   as they are: `closed` below 5, `fullyOpen` at or above 175,
///   `partiallyOpen` between;
/// - after that a status changes only once the angle is `hysteresis` past
///   the threshold it crosses: upwards at or above threshold + 2, downwards
///   below threshold - 2. From `closed`, 7 opens (partially) and 177 opens
///   fully; from `partiallyOpen`, below 3 closes and 177 opens fully; from
///   `fullyOpen`, below 173 is partially open and below 3 is closed.
public struct HingeThresholds: Codable, Hashable, Sendable {
    /// The lowest angle the hinge reaches, in degrees (0 on the Duo).
    public var minimumDegrees: Double
    /// The highest angle the hinge reaches, in degrees (180 on the Duo).
    public var maximumDegrees: Double
    /// Angles below this are `closed` (5 on the Duo).
    public var closedBelowDegrees: Double
    /// Angles at or above this are `fullyOpen` (175 on the Duo).
    public var fullyOpenFromDegrees: Double
    /// How far past a threshold the angle must go to change an established status (2 on the Duo).
    public var hysteresisDegrees: Double

    /// Makes thresholds.
    public init(
        minimumDegrees: Double, maximumDegrees: Double,
        closedBelowDegrees: Double, fullyOpenFromDegrees: Double, hysteresisDegrees: Double
    ) {
        self.minimumDegrees = minimumDegrees
        self.maximumDegrees = maximumDegrees
        self.closedBelowDegrees = closedBelowDegrees
        self.fullyOpenFromDegrees = fullyOpenFromDegrees
        self.hysteresisDegrees = hysteresisDegrees
    }

    /// The mechanical range of the hinge.
    public var range: ClosedRange<Double> { minimumDegrees...maximumDegrees }

    /// The status of `angle` with no history: the thresholds as they are.
    public func plainStatus(of angle: HingeAngle) -> HingeStatus {
        if angle.degrees < closedBelowDegrees { return .closed }
        if angle.degrees >= fullyOpenFromDegrees { return .fullyOpen }
        return .partiallyOpen
    }

    /// The status after a reading of `angle` when the status was `previous`.
    /// This is the whole hysteresis rule; it is pure, so tests and the
    /// simulator share it.
    public func status(after previous: HingeStatus, reading angle: HingeAngle) -> HingeStatus {
        let a = angle.degrees
        let h = hysteresisDegrees
        let opensAt = closedBelowDegrees + h
        let closesBelow = closedBelowDegrees - h
        let flatAt = fullyOpenFromDegrees + h
        let unflatBelow = fullyOpenFromDegrees - h
        switch previous {
        case .unknown:
            return plainStatus(of: angle)
        case .closed:
            if a >= flatAt { return .fullyOpen }
            return a >= opensAt ? .partiallyOpen : .closed
        case .partiallyOpen:
            if a < closesBelow { return .closed }
            return a >= flatAt ? .fullyOpen : .partiallyOpen
        case .fullyOpen:
            if a < closesBelow { return .closed }
            return a < unflatBelow ? .partiallyOpen : .fullyOpen
        }
    }
}
