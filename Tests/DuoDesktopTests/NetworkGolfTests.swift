import DuoClient
import DuoDesktop
import DuoServerKit
import Foundation
import MiniGolf
import MiniGolfDesktop
import TabletopEngine
import Testing

/// Networked mini golf: two golf windows (their networked tables, as the
/// window drives them) against a real server on loopback, one connection
/// cut mid-match and its seat taken back, to the end of the match.
@Suite("Networked mini golf over loopback", .serialized)
struct NetworkGolfTests {
    typealias GolfGame = NetworkGame<MiniGolfNetworkTable>

    /// Lets the windows take in what arrives (and their balls roll) until `condition` holds.
    static func pump(_ games: [GolfGame], _ what: String, until condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(15)
        while !condition() {
            for game in games { game.advance(by: 0.2) }
            guard Date() < deadline else {
                Issue.record("still waiting for \(what): \(games.map { "\($0.machine.state): \($0.session.feed.lines.prefix(3))" })")
                throw CancellationError()
            }
            usleep(200)
        }
    }

    @Test("Two golf windows play a whole match by Enter; one connection drops and takes its seat back; both end on the same result")
    func wholeMatchWithADrop() throws {
        let server = try LoopbackServer(catalog: GameCatalog([MiniGolf.catalogEntry]))
        defer { server.stop() }
        let game = try GameLoader.game(MiniGolf.self, variant: "meadow", locator: DesktopFixtures.assets)
        func window(_ transport: any MatchTransport, _ request: MatchRequest) -> GolfGame {
            NetworkGame(
                transport: transport, server: server.address.description, request: request,
                table: MiniGolfNetworkTable(game: game),
                tickets: nil, backoff: NetworkPlayTests.backoff,
                // A pump runs 0.2 s of game time in well under a millisecond, so the
                // silence limits would read a slow fsync on a busy machine as a dead
                // server; the cut below is heard from the socket, not from silence.
                silence: .init(pingAfter: 3600, answerWithin: 3600))
        }
        let host = window(CuttableTransport(server.address), .create(variant: "meadow", bot: nil))
        try Self.pump([host], "the match's code") { host.session.code != nil }
        let code = try #require(host.session.code)
        let guestLink = CuttableTransport(server.address)
        let guest = window(guestLink, .join(code: code))
        try Self.pump([host, guest], "both seated") { host.machine.state == .playing && guest.machine.state == .playing }
        var strokes = 0
        var wasCut = false
        for _ in 0..<600 where host.session.result == nil || guest.session.result == nil {
            if strokes == 6 && !wasCut {
                wasCut = true
                let seen = guest.table.table.state
                guestLink.cutConnection()
                guest.advance(by: 0.016)
                #expect(guest.machine.state != .playing, "the cut is heard")
                try Self.pump([host, guest], "the guest back in its seat") { guest.machine.state == .playing }
                #expect(
                    guest.table.table.game.publicView(of: guest.table.table.state) == game.publicView(of: seen), "the same table, from the server")
            }
            guard let player = [host, guest].first(where: { $0.table.mayStrike($0.session) }) else {
                try Self.pump([host, guest], "a seat to strike") {
                    [host, guest].contains { $0.table.mayStrike($0.session) } || (host.session.result != nil && guest.session.result != nil)
                }
                continue
            }
            let before = player.table.table.state.lastShot
            player.perform(.confirm)
            strokes += 1
            try Self.pump([host, guest], "stroke \(strokes) seen by both") {
                host.table.table.state.lastShot != before && guest.table.table.state.lastShot == host.table.table.state.lastShot
            }
        }
        let hostResult = try #require(host.session.result)
        #expect(guest.session.result == hostResult, "both windows end on the same result")
        #expect(strokes > 18, "a whole match of nine holes was played (\(strokes) strokes)")
        #expect(
            host.table.table.state == guest.table.table.state
                || host.table.table.game.publicView(of: host.table.table.state)
                    == guest.table.table.game.publicView(of: guest.table.table.state)
        )
    }
}
