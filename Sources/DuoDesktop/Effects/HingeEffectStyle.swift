/// How the scene shows the hinge effect on a game's upright panel(s): the
/// game chooses (``DesktopGame/hingeEffectStyle``), and a game that says
/// nothing gets the neutral one.
public enum HingeEffectStyle: Sendable, Hashable {
    /// A band of light that slides towards the fold as the panel stands up:
    /// a reflection, right for any game (the default).
    case glare
    /// The glare over a painted swell whose waves grow as the panel leans
    /// back: for a game played on water (Broadside's sea).
    case glareOverSwell
    /// Nothing from the scene: the game draws the effect in its own views
    /// (mini golf's lens flare in the caddie view) or shows none.
    case drawnByGame
}
