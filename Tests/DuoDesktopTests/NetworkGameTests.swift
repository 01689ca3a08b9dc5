import Broadside
import BroadsideDesktop
import DuoClient
import DuoDesktop
import DuoNet
import DuoPlatform
import DuoServerKit
import Foundation
import TabletopEngine
import Testing

@Suite("Networked play: the game between the session and its connection")
struct NetworkGameTests {
    static let backoff = ReconnectBackoff(firstDelay: 0.5, factor: 2, maximumDelay: 8, jitter: 0, attemptLimit: 6)

    static func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("duo-network-game-\(UUID().uuidString)")
    }

    static func game(
        _ transport: ScriptedTransport, request: MatchRequest = .create(variant: "classic", bot: "hunt"),
        tickets: SeatTicketPlace? = nil
    ) -> BroadsideNetworkGame {
        BroadsideNetworkGame(
            transport: transport, server: "127.0.0.1:7447", request: request, game: DesktopFixtures.game,
            tickets: tickets, backoff: backoff)
    }

    @Test("It starts connecting at once, without waiting, and asks for what the person asked")
    func startsWithTheRequest() {
        let transport = ScriptedTransport()
        let game = Self.game(transport, request: .join(code: "K7QF2M"))
        #expect(transport.sent == [.connect(match: "K7QF2M"), .join("K7QF2M")])
        #expect(game.machine.state == .connecting(attempt: 1))
        #expect(game.statusNote == "connecting 127.0.0.1:7447")
    }

    @Test("Clicks in the session become moves on the wire; the server's views drive the same HUD and painter input")
    func sessionClicksReachTheServer() throws {
        var server = ServerStub()
        let transport = ScriptedTransport()
        let game = Self.game(transport)
        let session = DesktopSession(
            state: DeviceState(profile: DesktopFixtures.profile("duo"), posture: .tabletop),
            profiles: [DesktopFixtures.profile("duo")], game: game)
        transport.incoming = [
            .message(.welcome(version: 1, server: "duo-server", games: ["broadside"])),
            .message(server.seated("created", .first, opponent: "bot:hunt")), .message(server.view(for: .first)),
        ]
        #expect((session.game as? BroadsideNetworkGame) === game, "the session plays the networked game itself")
        session.advance(by: 0.016)
        #expect(game.machine.state == .playing)
        #expect(game.moment == .placement)
        #expect(session.statusLine(frameMilliseconds: nil).contains("online 127.0.0.1:7447 · match K7QF2M · seat 0"))
        let board = try #require(session.hudLayout.frame(of: BroadsideHUD.ElementID.primaryBoard))
        session.click(at: game.table.hud.grid.cellFrame(row: 3, column: 4, in: board).center)
        let placement = ShipPlacement(ship: 0, at: Cell(row: 3, column: 4), heading: .across)
        #expect(transport.moves == [.place(placement)], "sent at once, in the click's own frame")
        #expect(game.table.view.fleet.count == 0)
        server.play(.place(placement), by: .first)
        transport.incoming = [.message(.accepted(number: 1)), .message(server.view(for: .first))]
        session.advance(by: 0.016)
        #expect(game.table.view.fleet[0] == placement)
        session.apply(.gameKey(.letter("a"), shift: false))
        #expect(transport.moves.count == DesktopFixtures.game.rules.fleet.count)
    }

    @Test("A dropped connection is taken back with the seat's token once the backoff has passed on the game's clock")
    func dropThenResume() {
        let server = ServerStub()
        let transport = ScriptedTransport()
        let game = Self.game(transport)
        transport.incoming = [.message(server.seated("created", .first, opponent: "bot:hunt")), .message(server.view(for: .first))]
        game.advance(by: 1)
        transport.clearSent()
        transport.lastError = .io(SocketError("read", code: ECONNRESET))
        transport.incoming = [.disconnected]
        game.advance(by: 0.1)
        #expect(game.machine.state == .reconnecting(attempt: 2, retryAt: 1.6, reason: "connection reset by peer"))
        #expect(game.notice?.caption == "CONNECTION LOST · SEAT KEPT")
        game.advance(by: 0.4)
        #expect(transport.sent.isEmpty)
        game.advance(by: 0.1)
        #expect(transport.sent == [.connect(match: "K7QF2M"), .resume(ServerStub.ticket(.first))])
        transport.incoming = [.message(server.seated("resumed", .first, opponent: "bot:hunt")), .message(server.view(for: .first))]
        game.advance(by: 0.016)
        #expect(game.machine.state == .playing)
        #expect(game.news.first == "Back in match K7QF2M")
    }

    @Test("A server that refuses connections is retried ever more slowly, then given up; Enter tries again")
    func refusedConnectionsBackOff() {
        let transport = ScriptedTransport()
        transport.refusal = .io(SocketError("connect", code: ECONNREFUSED))
        let game = Self.game(transport, request: .join(code: "K7QF2M"))
        #expect(game.machine.state == .reconnecting(attempt: 2, retryAt: 0.5, reason: "connection refused"))
        while game.clock < 60, game.machine.state != .lost(reason: "6 attempts failed; the last: connection refused") {
            game.advance(by: 0.05)
        }
        #expect(transport.refusedCount == 6)
        // Five waits before the sixth attempt: 0.5, 1, 2, 4, then 8 s (each found by a frame of 0.05 s).
        #expect(game.clock >= 15.5 && game.clock < 15.5 + 5 * 0.05 + 0.01, "\(game.clock)")
        #expect(game.notice?.headline == "Connection lost")
        game.advance(by: 100)
        #expect(transport.refusedCount == 6, "no attempt of its own once given up")
        transport.refusal = nil
        game.perform(.confirm)
        #expect(transport.sent == [.connect(match: "K7QF2M"), .join("K7QF2M")])
    }

    @Test("The seat's ticket is kept in a file only its owner reads, and forgotten when the match ends")
    func ticketIsKeptAndForgotten() throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = ServerStub()
        let transport = ScriptedTransport()
        let game = Self.game(transport, request: .join(code: "K7QF2M"), tickets: .folder(folder))
        transport.incoming = [.message(server.seated("joined", .second, opponent: "player"))]
        game.advance(by: 0.016)
        let file = folder.appendingPathComponent("K7QF2M-seat1.json")
        #expect(game.ticketFile == file)
        let (saved, ticket) = try SeatTicketFile.load(from: file)
        #expect(saved.server == "127.0.0.1:7447" && ticket == ServerStub.ticket(.second))
        let permissions = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        #expect(game.news.first == "Seat ticket kept in \(file.path): --resume \(file.path) takes the seat back")
        transport.incoming = [.message(.ended(code: "K7QF2M", result: .forfeit(by: .first, scores: SeatPair(0, 0))))]
        game.advance(by: 0.016)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(game.machine.state == .finished)
    }

    @Test("After the match, New game creates another match like the first on a new connection")
    func newGameAfterTheEnd() {
        let server = ServerStub()
        let transport = ScriptedTransport()
        let game = Self.game(transport)
        transport.incoming = [
            .message(server.seated("created", .first, opponent: "bot:hunt")),
            .message(.ended(code: "K7QF2M", result: .forfeit(by: .second, scores: SeatPair(0, 0)))),
        ]
        game.advance(by: 0.016)
        transport.clearSent()
        game.perform(.newGame)
        #expect(transport.sent == [.connect(match: nil), .create(variant: "classic", bot: "hunt")])
        #expect(game.machine.state == .connecting(attempt: 1))
    }
}
