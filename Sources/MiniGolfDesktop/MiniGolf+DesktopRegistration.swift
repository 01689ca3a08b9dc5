import DuoDesktop
import MiniGolf
import TabletopEngine

extension DesktopGameRegistration {
    /// Mini golf at the desktop: against a bot or two players on one device,
    /// networked and in replays (`MiniGolfNetworkTable`), with its screens for `duo lint`.
    public static let miniGolf = DesktopGameRegistration(
        catalogEntry: MiniGolf.catalogEntry, title: "Mini golf", defaultBot: "aim", hotkeys: MiniGolfTable.desktopHotkeys,
        makeTable: { variant, bot, seed in
            let game = try GameLoader.game(MiniGolf.self, variant: variant)
            // Golf hides nothing: two people share the device with no privacy screen.
            return try LocalMatchGame(
                game: AnyGame(game), bot: bot, seed: seed, thinkingSeconds: MiniGolfTable.botThinkingSeconds, demoBot: "aim", hidesSeats: false
            ) { _ in MiniGolfNetworkTable(game: game, seed: seed) }
        },
        lintScreens: { _ in MiniGolfHUD().allScreens },
        lintTexts: { variant in MiniGolfLintTexts.texts(of: try GameLoader.game(MiniGolf.self, variant: variant)) },
        makeNetworkGame: { setup in
            NetworkGame(setup, table: MiniGolfNetworkTable(game: try GameLoader.game(MiniGolf.self, variant: setup.variant), seed: setup.seed))
        })
}
