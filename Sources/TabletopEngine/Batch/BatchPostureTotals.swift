/// What `--postures` or `--posture-walk` checked alongside a batch: the
/// device steps and HUD layouts, and how many violated a rule.
public struct BatchPostureTotals: Equatable, Sendable, Codable {
    /// The device profile checked.
    public var profile: String
    /// "random walk" or "script of N steps".
    public var source: String
    /// Device changes made.
    public var steps: Int
    /// HUD layouts checked.
    public var layouts: Int
    /// Violations found (the run fails when there is any).
    public var violations: Int

    /// Makes the totals.
    public init(profile: String, source: String, steps: Int, layouts: Int, violations: Int) {
        self.profile = profile
        self.source = source
        self.steps = steps
        self.layouts = layouts
        self.violations = violations
    }

    /// "postures (duo, random walk): 5260 device steps, 10520 HUD layouts checked, no violations".
    public var summaryText: String {
        "postures (\(profile), \(source)): \(steps) device steps, \(layouts) HUD layouts checked, "
            + (violations == 0 ? "no violations" : "\(violations) violation\(violations == 1 ? "" : "s")")
    }
}
