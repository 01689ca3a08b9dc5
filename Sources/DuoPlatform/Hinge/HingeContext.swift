/// What a hinge observer receives, twice per change: the context before and
/// after (see ``SimulatedDevice/observeHinge(_:)``).
///
/// `hinge` is nil on a device without a hinge, so the same code runs on the
/// `classic` profile: always unwrap it, and reset any angle-driven effect
/// whenever the status is not `partiallyOpen`.
public struct HingeContext: Codable, Hashable, Sendable {
    /// The hinge, or nil when the device has none.
    public var hinge: Hinge?

    /// Makes a context.
    public init(hinge: Hinge?) {
        self.hinge = hinge
    }
}
