import DuoDesktop
import Noughts
import TabletopEngine

extension DesktopGameRegistration {
    /// Noughts at the desktop: what `DuoCommand.main(games:)` needs to open
    /// its window, take its screenshots and lint its HUD.
    public static let noughts = DesktopGameRegistration(
        catalogEntry: Noughts.catalogEntry, title: "Noughts", defaultBot: "smart", hotkeys: NoughtsTable.keys,
        makeTable: { variant, bot, seed in try NoughtsTable(game: GameLoader.game(Noughts.self, variant: variant), botName: bot, seed: seed) },
        lintScreens: { _ in [NoughtsHUD.screen] })
}
