import DuoPlatform
import TabletopEngine

/// Everything one frame of the scene shows, as values: the layout context it
/// was laid out in, the HUD layout, the game, the hinge effect and the
/// overlays asked for. Not `Sendable`, as a game need not be (a networked
/// game holds its connection); a frame is drawn where it is made.
public struct SceneContent {
    /// The scene's layout context (the device's, or the freeform one).
    public var context: LayoutContext
    /// The game's HUD laid out in it.
    public var layout: HUDLayout
    /// The game.
    public var game: any DesktopGame
    /// The hinge effect to draw on the upright panel(s), nil at rest.
    public var effect: HingeEffect.Visual?
    /// Whether the reserved regions are drawn as a labelled debug overlay.
    public var showsRegions: Bool
    /// What the victory photo draws over the game, while it is open.
    public var victoryPhoto: VictoryPhotoContent?
    /// A question the session asks across the table ("Press N again to abandon this match"), nil for none.
    public var prompt: String?

    /// Content from its parts.
    public init(
        context: LayoutContext, layout: HUDLayout, game: any DesktopGame, effect: HingeEffect.Visual?, showsRegions: Bool,
        victoryPhoto: VictoryPhotoContent? = nil, prompt: String? = nil
    ) {
        self.context = context
        self.layout = layout
        self.game = game
        self.effect = effect
        self.showsRegions = showsRegions
        self.victoryPhoto = victoryPhoto
        self.prompt = prompt
    }

    /// The content of a game in a context: the game's current screen laid out there.
    public init(game: any DesktopGame, context: LayoutContext, effect: HingeEffect.Visual? = nil, showsRegions: Bool = false) {
        self.init(context: context, layout: game.screen(in: context).layout(in: context), game: game, effect: effect, showsRegions: showsRegions)
    }
}
