import DuoPlatform

/// A game that declares its HUD headlessly: which screen it shows for a
/// match state in a scene. What `duo-server match --postures` and
/// `--posture-walk` lay out and check at every step of a match, for any
/// game that conforms, with no game named in the server.
///
/// The scene is a `LayoutContext` (size, direction, reserved regions),
/// never the hinge: a screen may differ between a folded and a flat scene
/// (an active fold in the context), not between two hinge angles.
public protocol HUDGame: TabletopGame {
    /// The HUD screen shown for `state` in a scene described by `context`.
    func hudScreen(for state: State, in context: LayoutContext) -> HUDScreen
    /// Whether two people may play at a standing device at once, each on their
    /// own inner half (`TentSeating`): `--posture-walk` then checks the screen
    /// in each half's own context whenever the device stands so.
    var seatsPlayersOnTentHalves: Bool { get }
}

extension HUDGame {
    /// One view at a time: no halves to check.
    public var seatsPlayersOnTentHalves: Bool { false }
}
