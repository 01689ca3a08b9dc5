import DuoDesktop
import MiniGolf
import TabletopEngine

extension DesktopGameRegistration {
    /// Mini golf at the desktop: against a bot or two players on one device,
    /// networked and in replays (`MiniGolfNetworkTable`), with its screens for `duo lint`.
    public static let miniGolf = DesktopGameRegistration(
        catalogEntry: MiniGolf.catalogEntry, title: "Mini golf", defaultBot: "aim", hotkeys: MiniGolfTable.desktopHotkeys,
        makeTable: { variant, bot, seed in
            try MiniGolfTable(game: GameLoader.game(MiniGolf.self, variant: variant), mode: bot.map { .versusBot($0) } ?? .twoPlayers, seed: seed)
        },
        lintScreens: { _ in MiniGolfHUD().allScreens },
        lintTexts: { variant in MiniGolfLintTexts.texts(of: try GameLoader.game(MiniGolf.self, variant: variant)) },
        makeNetworkGame: { setup in
            let game = try GameLoader.game(MiniGolf.self, variant: setup.variant)
            return NetworkGame(
                transport: setup.transport, request: setup.request,
                table: MiniGolfNetworkTable(game: game, server: setup.server, seed: setup.seed),
                tickets: setup.tickets, seed: setup.seed)
        })
}
