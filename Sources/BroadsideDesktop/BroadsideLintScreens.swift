import Broadside
import DuoDesktop
import TabletopEngine

/// Every screen Broadside shows at the desktop, for `duo lint`.
public enum BroadsideLintScreens {
    /// Every screen of `game`, against a bot and pass-and-play, the victory photo's and the privacy screen between two people's turns.
    public static func screens(of game: Broadside) -> [HUDScreen] {
        let versus =
            BroadsideHUD(rules: game.rules, isPassAndPlay: false).allScreens
            + [VictoryPhotoScreen.screen(for: BroadsideHUD(rules: game.rules, isPassAndPlay: false))]
        let shared = BroadsideHUD(rules: game.rules, isPassAndPlay: true).allScreens
        var seen = Set<HUDScreen>()
        return
            (versus
            + shared.map { screen in
                var named = screen
                named.name = "pass-and-play " + screen.name
                return named
            } + [PrivacyScreen.screen]).filter {
                seen.insert(HUDScreen(name: "", elements: $0.elements, fallbacks: $0.fallbacks, rules: $0.rules, flatLayout: $0.flatLayout))
                    .inserted
            }
    }
}
