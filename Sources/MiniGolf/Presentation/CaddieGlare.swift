import DuoPlatform

/// The hinge-driven effect of mini golf: lens glare on the caddie view, as
/// if the upright half caught the light. The angle drives the glare's
/// strength and nothing else (never the course, never the layout).
///
/// The reset rule: whenever the hinge is not `partiallyOpen` (flat, closed,
/// unknown, or no hinge at all), the glare is off, so opening flat never
/// leaves it stuck at its last angle.
public enum CaddieGlare {
    /// The angle at which the glare is strongest, degrees.
    public static let peakDegrees = 105.0
    /// How far from the peak the glare fades out, degrees.
    public static let spreadDegrees = 70.0

    /// The glare's strength, 0 (none) to 1, for a hinge context.
    public static func intensity(for context: HingeContext) -> Double {
        guard let hinge = context.hinge, hinge.status == .partiallyOpen else { return 0 }
        let distance = abs(hinge.angle.degrees - peakDegrees)
        return max(0, 1 - distance / spreadDegrees)
    }
}
