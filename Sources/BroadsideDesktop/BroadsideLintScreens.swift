import Broadside
import DuoDesktop
import TabletopEngine

/// Every screen Broadside shows at the desktop, for `duo lint`.
public enum BroadsideLintScreens {
    /// Every screen of `game` (the same whoever plays each seat), the victory
    /// photo's and the privacy screen between two people's turns.
    public static func screens(of game: Broadside) -> [HUDScreen] {
        let hud = BroadsideHUD(rules: game.rules)
        return hud.allScreens + [VictoryPhotoScreen.screen(for: hud), PrivacyScreen.screen]
    }
}
