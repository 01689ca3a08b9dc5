import DuoPlatform

/// One screen of a game's HUD (placement, battle, game over, ...): the
/// elements it declares and the rules it is laid out with. What `duo lint`
/// and the headless posture checks lay out in every situation.
///
/// A screen may declare other ways of showing the same moment
/// (``fallbacks``), for scenes where its elements cannot keep every rule:
/// a board that fits the flat half of a tabletop fold at one fold position
/// but not at another, say. Laying the screen out picks the first
/// declaration that keeps every rule of ``HUDLint`` in the scene, judged as
/// the scene will be once folded, so folding never swaps one for another.
public struct HUDScreen: Sendable, Hashable {
    /// A short name for reports (`"battle"`).
    public var name: String
    /// The elements the screen declares.
    public var elements: [HUDElement]
    /// Other declarations of the same screen, in order of preference, tried
    /// when `elements` cannot keep every rule in a scene (empty: none).
    public var fallbacks: [[HUDElement]]
    /// Declarations that show more in a small scene, in order of preference
    /// (empty: none): when the declaration chosen from ``elements`` and
    /// ``fallbacks`` hides an optional element for lack of room, the first of
    /// these that keeps every rule there and hides fewer is shown instead
    /// (Broadside's own fleet beside a smaller news box on a tent half).
    /// Where nothing is hidden they are never laid out.
    public var fullerDeclarations: [[HUDElement]]
    /// The spacing rules.
    public var rules: HUDLayoutRules
    /// How it meets a flat (inactive) fold: split there (the default), or
    /// one view across it for a screen the game replaces once the device folds.
    public var flatLayout: HUDFlatLayout

    /// A screen from its name, elements, fallbacks, rules and flat layout.
    public init(
        name: String, elements: [HUDElement], fallbacks: [[HUDElement]] = [], rules: HUDLayoutRules = .standard,
        flatLayout: HUDFlatLayout = .split
    ) {
        self.init(name: name, elements: elements, fallbacks: fallbacks, fullerDeclarations: [], rules: rules, flatLayout: flatLayout)
    }

    /// A screen from its name, elements, fallbacks, the declarations that show more where those hide an element, rules and flat layout.
    public init(
        name: String, elements: [HUDElement], fallbacks: [[HUDElement]], fullerDeclarations: [[HUDElement]],
        rules: HUDLayoutRules = .standard, flatLayout: HUDFlatLayout = .split
    ) {
        self.name = name
        self.elements = elements
        self.fallbacks = fallbacks
        self.fullerDeclarations = fullerDeclarations
        self.rules = rules
        self.flatLayout = flatLayout
    }

    /// The screen laid out in `context`.
    public func layout(in context: LayoutContext) -> HUDLayout {
        chosen(in: context).layout
    }

    /// The declaration shown in `context`: ``elements``, or the first of the
    /// ``fallbacks`` that keeps every rule there when ``elements`` does not
    /// (when none does, the one that breaks the fewest, the earliest of equals).
    public func elements(in context: LayoutContext) -> [HUDElement] {
        chosen(in: context).elements
    }

    /// The rule violations of the screen laid out in `context`.
    public func violations(in context: LayoutContext) -> [HUDViolation] {
        checked(in: context).violations
    }

    /// The screen laid out in `context` and that layout's rule violations, from one layout.
    func checked(in context: LayoutContext) -> (layout: HUDLayout, violations: [HUDViolation]) {
        let (elements, layout) = chosen(in: context)
        return (layout, HUDLint.check(layout, elements: elements, in: context, rules: rules))
    }

    /// The declaration for `context` and its layout.
    private func chosen(in context: LayoutContext) -> (elements: [HUDElement], layout: HUDLayout) {
        func layout(_ elements: [HUDElement], in context: LayoutContext) -> HUDLayout {
            HUDLayout(elements: elements, in: context, rules: rules, flatLayout: flatLayout)
        }
        guard !fallbacks.isEmpty || !fullerDeclarations.isEmpty else { return (elements, layout(elements, in: context)) }
        // Judged folded: a flat fold of a split screen is taken as the band it becomes,
        // so the flat and the folded scene choose the same declaration.
        let judged = flatLayout == .split ? Self.folded(context, rules: rules) : context
        var best: (elements: [HUDElement], layout: HUDLayout, count: Int)?
        for candidate in [elements] + fallbacks {
            let judgedLayout = layout(candidate, in: judged)
            let count = HUDLint.check(judgedLayout, elements: candidate, in: judged, rules: rules).count
            if best == nil || count < best!.count { best = (candidate, judgedLayout, count) }
            if count == 0 { break }
        }
        if let shown = best, !shown.layout.hiddenElements.isEmpty {
            for candidate in fullerDeclarations {
                let judgedLayout = layout(candidate, in: judged)
                guard judgedLayout.hiddenElements.count < shown.layout.hiddenElements.count,
                    HUDLint.check(judgedLayout, elements: candidate, in: judged, rules: rules).count <= shown.count
                else { continue }
                best = (candidate, judgedLayout, shown.count)
                break
            }
        }
        let chosen = best?.elements ?? elements
        // Folded already, the judged layout is the one shown.
        if judged == context, let best { return (chosen, best.layout) }
        return (chosen, layout(chosen, in: context))
    }

    /// `context` with each flat fold replaced by an active band of the
    /// thickness the layout already keeps room for (``HUDLayoutRules/foldAllowance``
    /// on each side): the scene as the layout decides it will be once folded.
    static func folded(_ context: LayoutContext, rules: HUDLayoutRules) -> LayoutContext {
        let regions = context.reservedRegions(options: .includeInactive, layoutDirectionBehavior: .fixed)
        guard regions.contains(where: { $0.kind == .division && !$0.isActive }) else { return context }
        let allowance = rules.foldAllowance
        let folded = regions.map { region in
            guard region.kind == .division, !region.isActive else { return region }
            let line = region.frame
            let band =
                line.width > line.height
                ? Rect(x: line.minX, y: line.midY - allowance, width: line.width, height: 2 * allowance)
                : Rect(x: line.midX - allowance, y: line.minY, width: 2 * allowance, height: line.height)
            return ReservedRegion(id: region.id, frame: band, isActive: true)
        }
        return LayoutContext(
            size: context.size, layoutDirection: context.layoutDirection, regions: folded, display: context.display,
            isCoverDisplay: context.isCoverDisplay, isInsideScrollingContainer: context.isInsideScrollingContainer)
    }
}
