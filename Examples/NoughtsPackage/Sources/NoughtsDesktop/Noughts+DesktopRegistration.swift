import DuoDesktop
import Noughts
import TabletopEngine

extension DesktopGameRegistration {
    /// Noughts at the desktop: what `DuoCommand.main(games:)` needs to open
    /// its window (against a bot, two people, networked, a replay), take
    /// its screenshots and lint its HUD. One table serves them all.
    public static let noughts = DesktopGameRegistration(
        catalogEntry: Noughts.catalogEntry, title: "Noughts", defaultBot: "smart", hotkeys: NoughtsTable.keys,
        makeTable: { variant, bot, seed in
            let game = try GameLoader.game(Noughts.self, variant: variant)
            // Nothing is hidden: two people need no privacy screen.
            return try LocalMatchGame(game: AnyGame(game), bot: bot, seed: seed, thinkingSeconds: 0.5, demoBot: "smart", hidesSeats: false) { _ in
                NoughtsTable(game: game)
            }
        },
        lintScreens: { _ in [NoughtsHUD.screen] },
        makeNetworkGame: { setup in NetworkGame(setup, table: NoughtsTable(game: try GameLoader.game(Noughts.self, variant: setup.variant))) })
}
