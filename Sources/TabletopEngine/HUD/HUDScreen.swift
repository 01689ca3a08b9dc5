import DuoPlatform

/// One screen of a game's HUD (placement, battle, game over, ...): the
/// elements it declares and the rules it is laid out with. What `duo lint`
/// and the headless posture checks lay out in every situation.
public struct HUDScreen: Sendable, Hashable {
    /// A short name for reports (`"battle"`).
    public var name: String
    /// The elements the screen declares.
    public var elements: [HUDElement]
    /// The spacing rules.
    public var rules: HUDLayoutRules
    /// How it meets a flat (inactive) fold: split there (the default), or
    /// one view across it for a screen the game replaces once the device folds.
    public var flatLayout: HUDFlatLayout

    /// A screen from its name, elements, rules and flat layout.
    public init(name: String, elements: [HUDElement], rules: HUDLayoutRules = .standard, flatLayout: HUDFlatLayout = .split) {
        self.name = name
        self.elements = elements
        self.rules = rules
        self.flatLayout = flatLayout
    }

    /// The screen laid out in `context`.
    public func layout(in context: LayoutContext) -> HUDLayout {
        HUDLayout(elements: elements, in: context, rules: rules, flatLayout: flatLayout)
    }

    /// The rule violations of the screen laid out in `context`.
    public func violations(in context: LayoutContext) -> [HUDViolation] {
        HUDLint.check(layout(in: context), elements: elements, in: context, rules: rules)
    }
}
