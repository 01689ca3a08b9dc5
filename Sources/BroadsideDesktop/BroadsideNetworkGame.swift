import Broadside
import DuoDesktop
import TabletopEngine

/// A Broadside match held by a host (a server, this window's, a replay), in the desktop session.
public typealias BroadsideNetworkGame = NetworkGame<BroadsideNetworkTable>

extension NetworkGame where Table == BroadsideNetworkTable {
    /// A Broadside game on `server` (as the person named it) through
    /// `transport`, asking for `request`; it starts connecting at once.
    /// - Parameters:
    ///   - game: the variant shown until the server's rules arrive.
    ///   - tickets: where to keep the seat's ticket (nil: nowhere).
    ///   - seed: seeds the backoff's jitter and auto-placement.
    public convenience init(
        transport: any MatchTransport, server: String, request: MatchRequest, game: Broadside,
        tickets: SeatTicketPlace?, backoff: ReconnectBackoff = .standard,
        silence: ConnectionMachine.Silence = .standard, seed: UInt64 = 1
    ) {
        self.init(
            transport: transport, server: server, request: request, table: BroadsideNetworkTable(game: game, seed: seed),
            tickets: tickets, backoff: backoff, silence: silence, seed: seed)
    }

    /// Does what an input asks; the moves it makes go to the host at once.
    public func handle(_ input: BroadsideInput) {
        ask { table, session in table.handle(input, session: session) }
    }
}

extension BroadsideNetworkTable {
    /// A Broadside match in this window against `bot` (nil: two people
    /// passing the device, or each on their own half while it stands as a
    /// tent), hosted by a `LocalMatchHost` and painted from each seat's views by this table.
    /// - Throws: `UnknownBotError` when Broadside has no bot `bot`.
    public static func localGame(_ game: Broadside, bot: String?, seed: UInt64) throws(UnknownBotError) -> LocalMatchGame<Self> {
        try LocalMatchGame(game: AnyGame(game), bot: bot, seed: seed, thinkingSeconds: 0.7, demoBot: "hunt", seatsOnTentHalves: true) { _ in
            BroadsideNetworkTable(game: game, seed: seed)
        }
    }
}
