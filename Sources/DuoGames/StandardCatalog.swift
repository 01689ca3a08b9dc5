import Broadside
import MiniGolf
import TabletopEngine

extension GameCatalog {
    /// Every game this package ships, the default (`broadside`) first.
    /// Adding a game is one line here and nowhere else.
    public static let standard = GameCatalog([
        Broadside.catalogEntry,
        MiniGolf.catalogEntry,
    ])
}
