/// What an app sees of the hinge: its status and the angle of the last reading.
public struct Hinge: Codable, Hashable, Sendable {
    /// The discrete status, with hysteresis.
    public var status: HingeStatus
    /// The angle of the last sensor reading; 0 while the status is `unknown`.
    /// Drive effects from it only while `status == .partiallyOpen`.
    public var angle: HingeAngle

    /// Makes a hinge value.
    public init(status: HingeStatus, angle: HingeAngle) {
        self.status = status
        self.angle = angle
    }
}
