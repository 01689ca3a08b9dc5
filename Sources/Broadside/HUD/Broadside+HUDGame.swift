import DuoPlatform
import TabletopEngine

/// Broadside's HUD for headless posture checks: the screen of the match's
/// moment, against a bot (the closed display leaves out the fuller declaration).
extension Broadside: HUDGame {
    /// The screen of the moment of play of `state`.
    public func hudScreen(for state: BroadsideState, in context: LayoutContext) -> HUDScreen {
        BroadsideHUD(rules: rules).screen(for: state, in: context)
    }

    /// Two people may play at a standing device at once, each on their own half (placing at the same time).
    public var seatsPlayersOnTentHalves: Bool { true }
}
