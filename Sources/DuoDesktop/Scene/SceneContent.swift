import DuoPlatform
import TabletopEngine

/// Everything one frame of the scene shows, as values: the layout context it
/// was laid out in, the HUD layout, the game, the hinge effect and the
/// overlays asked for.
public struct SceneContent: Sendable {
    /// The scene's layout context (the device's, or the freeform one).
    public var context: LayoutContext
    /// The game's HUD laid out in it.
    public var layout: HUDLayout
    /// The game's table.
    public var table: any DesktopTable
    /// The hinge effect to draw on the upright panel(s), nil at rest.
    public var effect: HingeEffect.Visual?
    /// Whether the reserved regions are drawn as a labelled debug overlay.
    public var showsRegions: Bool

    /// Content from its parts.
    public init(context: LayoutContext, layout: HUDLayout, table: any DesktopTable, effect: HingeEffect.Visual?, showsRegions: Bool) {
        self.context = context
        self.layout = layout
        self.table = table
        self.effect = effect
        self.showsRegions = showsRegions
    }

    /// The content of a table in a context: the table's current screen laid out there.
    public init(table: any DesktopTable, context: LayoutContext, effect: HingeEffect.Visual? = nil, showsRegions: Bool = false) {
        self.init(context: context, layout: table.screen.layout(in: context), table: table, effect: effect, showsRegions: showsRegions)
    }
}
