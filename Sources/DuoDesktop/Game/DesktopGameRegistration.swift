import DuoPlatform
import Foundation
import TabletopEngine

/// One game as the `duo` program registers it: its catalog entry (name,
/// summary, variants, rules loading), how the window makes its table, which
/// HUD screens `duo lint` checks, its keys for `duo --help`, and, when it
/// plays over the network, how to make its networked table. Each game's
/// desktop module makes its own (Broadside's in `BroadsideDesktop`); a
/// program hands the list to `DuoCommand.main(games:)`, so no engine file
/// names a game.
public struct DesktopGameRegistration: Sendable {
    /// What a networked table is made from: the connection and what to ask the server.
    public struct NetworkSetup {
        /// The connection to the server.
        public var transport: any MatchTransport
        /// The server as the person named it (`HOST:PORT`).
        public var server: String
        /// What to ask the server for.
        public var request: MatchRequest
        /// The variant shown until the server's rules arrive (and asked for by `--create`).
        public var variant: String
        /// Where the seat's ticket is kept (nil: nowhere, as for a replay).
        public var tickets: SeatTicketPlace?
        /// Seeds the reconnection jitter and the game's own randomness (auto-placement).
        public var seed: UInt64
        /// The program's own name, for the commands the notices show (`duo`, a game package's `noughts`).
        public var program: String

        /// A setup from its parts.
        public init(
            transport: any MatchTransport, server: String, request: MatchRequest, variant: String, tickets: SeatTicketPlace?,
            seed: UInt64, program: String = "duo"
        ) {
            self.transport = transport
            self.server = server
            self.request = request
            self.variant = variant
            self.tickets = tickets
            self.seed = seed
            self.program = program
        }
    }

    /// The game's catalog entry: its name (`--game NAME`), summary, default variant and loader.
    public let catalogEntry: GameCatalogEntry
    /// The name people read (`Mini golf`).
    public let title: String
    /// The bot played against when none is named.
    public let defaultBot: String
    /// The game's lines of the hotkey help (group ``Hotkeys/gameGroup``), for `duo --help`.
    public let hotkeys: [Hotkey]
    /// Makes the table: (variant, bot or nil for two people on one device, seed).
    /// Throws ``DesktopError`` for a variant that cannot be loaded, `UnknownBotError` for a bot the game lacks.
    public let makeTable: @Sendable (_ variant: String, _ bot: String?, _ seed: UInt64) throws -> any DesktopGame
    /// Every screen the game can show, for the variant (`duo lint`): the
    /// game's own, and each of them as it shows the engine's notices where
    /// that changes it (``TableNotice/lintScreens(for:)``).
    public let lintScreens: @Sendable (_ variant: String) throws -> [HUDScreen]
    /// The longest texts the game shows in its elements, for the variant, as
    /// its painter sets them, and the engine's notices' (`duo lint`'s text-fit rule).
    public let lintTexts: @Sendable (_ variant: String) throws -> [HUDText]
    /// Makes the game's networked table around a connection (usually a
    /// ``NetworkGame`` of its ``SeatTable``: `NetworkGame(setup, table: ...)`;
    /// nil: the game is not played over the network from the window).
    /// The same table shows the game's replays (`duo --replay`), around a ``ReplayTransport``.
    public let makeNetworkGame: (@Sendable (_ setup: NetworkSetup) throws -> any DesktopGame)?
    /// Whether two people on this device play each on their own inner half while it stands as a tent
    /// (`TentSeating`; ``makeTable`` makes its ``LocalMatchGame`` with ``LocalMatchGame/seatsOnTentHalves``):
    /// `duo lint` then checks every screen in each half's own context too.
    public let seatsOnTentHalves: Bool
    /// The smallest size, in points, the game sets a text at: `duo lint`'s drawn-text lint
    /// reports any text drawn smaller (10 pt, `FittedParagraph.minimumSize`, unless the game says otherwise).
    public let minimumTextSize: Double

    /// A registration from its parts.
    public init(
        catalogEntry: GameCatalogEntry, title: String, defaultBot: String, hotkeys: [Hotkey],
        makeTable: @escaping @Sendable (_ variant: String, _ bot: String?, _ seed: UInt64) throws -> any DesktopGame,
        lintScreens: @escaping @Sendable (_ variant: String) throws -> [HUDScreen],
        lintTexts: @escaping @Sendable (_ variant: String) throws -> [HUDText] = { _ in [] },
        makeNetworkGame: (@Sendable (_ setup: NetworkSetup) throws -> any DesktopGame)? = nil,
        seatsOnTentHalves: Bool = false, minimumTextSize: Double = FittedParagraph.minimumSize
    ) {
        self.catalogEntry = catalogEntry
        self.title = title
        self.defaultBot = defaultBot
        self.hotkeys = hotkeys
        self.makeTable = makeTable
        self.lintScreens = { variant in
            let screens = try lintScreens(variant)
            return screens + TableNotice.lintScreens(for: screens)
        }
        let entry = catalogEntry
        self.lintTexts = { variant in
            // The longest names a seat is given, for the notice of the end.
            let bots = (try? AssetLocator.standard().directory()).flatMap { try? entry.load(variant: variant, assets: $0) }?.botNames ?? []
            let names = ["The opponent", "Player 2"] + bots.map { "The \($0) bot" }
            let program = CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "duo"
            return try lintTexts(variant)
                + [DesktopElementID.news, TableNotice.elementID].flatMap {
                    TableNotice.lintTexts(in: $0, program: program, names: names)
                }
        }
        self.makeNetworkGame = makeNetworkGame
        self.seatsOnTentHalves = seatsOnTentHalves
        self.minimumTextSize = minimumTextSize
    }

    /// The game's name (`--game NAME`).
    public var name: String { catalogEntry.name }
    /// The variant played when none is named.
    public var defaultVariant: String { catalogEntry.defaultVariant }
}
