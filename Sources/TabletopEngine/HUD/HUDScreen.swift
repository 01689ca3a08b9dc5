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

    /// A screen from its name, elements and rules.
    public init(name: String, elements: [HUDElement], rules: HUDLayoutRules = .standard) {
        self.name = name
        self.elements = elements
        self.rules = rules
    }

    /// The screen laid out in `context`.
    public func layout(in context: LayoutContext) -> HUDLayout {
        HUDLayout(elements: elements, in: context, rules: rules)
    }

    /// The rule violations of the screen laid out in `context`.
    public func violations(in context: LayoutContext) -> [HUDViolation] {
        HUDLint.check(layout(in: context), elements: elements, in: context, rules: rules)
    }
}
