/// The spacing rules of the HUD layout helper, in points. They are the
/// engine's house style, not device dimensions: the device's own numbers
/// (scene size, fold band, cameras) only ever come from the layout context.
public struct HUDLayoutRules: Sendable, Hashable, Codable {
    /// Space between a panel's outer edges and its elements.
    public var edgePadding: Double
    /// Space between neighbouring elements.
    public var spacing: Double
    /// Space kept on each side of a flat (inactive, zero-thickness) fold
    /// line, so the layout already has a gap where a band will appear.
    public var inactiveFoldGutter: Double
    /// Space kept beside an active fold band. Zero by default: the band's
    /// frame already includes its margins (docs/SPEC.md section 2), which must not be added twice.
    public var activeFoldGutter: Double
    /// How much of each panel a fold may still take when it folds, used when
    /// the device is flat to make decisions (which panel, which arrangement)
    /// that stay valid once folded, so folding never sends an element across the screen.
    public var foldAllowance: Double
    /// The smallest size each way of anything a person touches (Apple's 44 pt guideline).
    public var minimumTouchTarget: Double
    /// The narrowest side column of strips beside a board.
    public var minimumSideColumnWidth: Double
    /// The share of a panel's board room given to the primary board when two boards share a panel.
    public var primaryBoardShare: Double

    /// Rules from their parts.
    public init(
        edgePadding: Double = 12, spacing: Double = 8, inactiveFoldGutter: Double = 12, activeFoldGutter: Double = 0,
        foldAllowance: Double = 16, minimumTouchTarget: Double = 44, minimumSideColumnWidth: Double = 150,
        primaryBoardShare: Double = 0.62
    ) {
        self.edgePadding = edgePadding
        self.spacing = spacing
        self.inactiveFoldGutter = inactiveFoldGutter
        self.activeFoldGutter = activeFoldGutter
        self.foldAllowance = foldAllowance
        self.minimumTouchTarget = minimumTouchTarget
        self.minimumSideColumnWidth = minimumSideColumnWidth
        self.primaryBoardShare = primaryBoardShare
    }

    /// The engine's default rules.
    public static let standard = HUDLayoutRules()
}
