import Broadside
import DuoDesktop
import TabletopEngine

extension DesktopGameRegistration {
    /// Broadside at the desktop: against a bot or pass-and-play (each player on their own half
    /// while the device stands as a tent), networked, with its screens (and the victory photo's) for `duo lint`.
    public static let broadside = DesktopGameRegistration(
        catalogEntry: Broadside.catalogEntry, title: "Broadside", defaultBot: "hunt", hotkeys: BroadsideKeys.hotkeys,
        makeTable: { variant, bot, seed in try BroadsideNetworkTable.localGame(GameLoader.broadside(variant: variant), bot: bot, seed: seed) },
        lintScreens: { variant in BroadsideLintScreens.screens(of: try GameLoader.broadside(variant: variant)) },
        lintTexts: { variant in BroadsideLintTexts.texts(of: try GameLoader.broadside(variant: variant)) },
        makeNetworkGame: { setup in
            NetworkGame(setup, table: BroadsideNetworkTable(game: try GameLoader.broadside(variant: setup.variant), seed: setup.seed))
        },
        seatsOnTentHalves: true)
}
