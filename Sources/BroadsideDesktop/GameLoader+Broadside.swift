import Broadside
import DuoDesktop
import DuoPlatform

extension GameLoader {
    /// The Broadside variant `variant` from `Assets/games/broadside/<variant>.json`.
    public static func broadside(variant: String, locator: AssetLocator = .standard()) throws(DesktopError) -> Broadside {
        try game(Broadside.self, variant: variant, locator: locator)
    }
}
