import DuoPlatform
import TabletopEngine

/// Mini golf's HUD for headless posture checks: the course alone, or course
/// and caddie when the scene has an active fold (the match state does not
/// change it).
extension MiniGolf: HUDGame {
    /// The screen shown in the scene `context`.
    public func hudScreen(for state: MiniGolfState, in context: LayoutContext) -> HUDScreen {
        MiniGolfHUD().screen(in: context)
    }
}
