import Broadside
import BroadsideDesktop
import DuoClient
import DuoDesktop
import DuoNet
import DuoServerKit
import DuoTestSupport
import Foundation
import TabletopEngine
import Testing

/// A match server in this process on an ephemeral loopback port, its
/// timeouts on a clock nobody advances, its data in a private folder.
final class LoopbackServer {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("duo-client-server-\(UUID().uuidString)")
    let clock = ManualClock()
    let catalog: GameCatalog
    private(set) var server: DuoServer

    init(catalog: GameCatalog = GameCatalog([Broadside.catalogEntry])) throws {
        self.catalog = catalog
        server = try Self.start(directory: directory, clock: clock, port: 0, catalog: catalog)
    }

    var address: SocketAddress { server.address }

    private static func start(directory: URL, clock: ManualClock, port: UInt16, catalog: GameCatalog) throws -> DuoServer {
        var configuration = ServerConfiguration(
            catalog: catalog,
            assets: PackageRoot.assets)
        configuration.address = .loopback(port: port)
        configuration.dataDirectory = directory
        configuration.clock = clock
        configuration.syncThreads = 1
        configuration.log = ServerLog { _ in }
        let server = try DuoServer(configuration: configuration)
        server.start()
        return server
    }

    /// Stops as a crash would (no goodbye to anyone), then serves again on the same port and data.
    func crashAndRestart() throws {
        let port = server.address.port
        server.abandon()
        server.waitUntilStopped()
        server = try Self.start(directory: directory, clock: clock, port: port, catalog: catalog)
    }

    func stop() {
        server.abandon()
        server.waitUntilStopped()
        try? FileManager.default.removeItem(at: directory)
    }
}

/// A real ``MatchClient`` whose connection the test can cut: the socket is
/// closed (the server sees the player go) and the game hears of it at its
/// next poll, as it would of a network that failed.
final class CuttableTransport: MatchTransport {
    let client: MatchClient
    /// The cut is yet to be heard by the game.
    private var cut = false
    /// The connection now is the one that was cut.
    private var wasCut = false

    init(_ address: SocketAddress) {
        client = MatchClient(address: address, clientName: "duo-test")
    }

    func cutConnection() {
        client.disconnect()
        cut = true
        wasCut = true
    }

    var lastError: LineSocketError? { wasCut ? .io(SocketError("read", code: ECONNRESET)) : client.lastError }
    func startConnecting(match: String?) throws(LineSocketError) {
        cut = false
        wasCut = false
        try client.startConnecting(match: match)
    }
    func create(game: String?, variant: String?, bot: String?, seat: Int?) throws(LineSocketError) {
        try client.create(game: game, variant: variant, bot: bot, seat: seat)
    }
    func join(code: String) throws(LineSocketError) { try client.join(code: code) }
    func watch(code: String) throws(LineSocketError) { try client.watch(code: code) }
    func resume(_ ticket: SeatTicket) throws(LineSocketError) { try client.resume(ticket) }
    func send<Move: Encodable>(move: Move) throws { try client.send(move: move) }
    func requestHint() throws(LineSocketError) { try client.requestHint() }
    func ping() throws(LineSocketError) { try client.ping() }
    func disconnect() { client.disconnect() }
    func poll() -> [ClientEvent] {
        guard !cut else {
            cut = false
            return [.disconnected]
        }
        return client.poll()
    }
}

@Suite("Networked play over loopback: two desktop games and a real server", .serialized)
struct NetworkPlayTests {
    static let backoff = ReconnectBackoff(firstDelay: 0.5, factor: 2, maximumDelay: 4, jitter: 0, attemptLimit: 20)

    static func game(
        _ transport: any MatchTransport, _ server: LoopbackServer, _ request: MatchRequest,
        tickets: URL
    ) -> BroadsideNetworkGame {
        BroadsideNetworkGame(
            transport: transport, server: server.address.description, request: request, game: DesktopFixtures.game,
            tickets: .folder(tickets), backoff: backoff)
    }

    /// Lets the games take in what arrives until `condition` holds (the
    /// server answers on its own thread); no game time passes.
    static func pump(
        _ games: [BroadsideNetworkGame], _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
        until condition: () -> Bool
    ) throws {
        let deadline = Date().addingTimeInterval(15)
        while true {
            for game in games { game.advance(by: 0) }
            if condition() { return }
            guard Date() < deadline else {
                Issue.record("still waiting for \(what)", sourceLocation: sourceLocation)
                throw CancellationError()
            }
            usleep(200)
        }
    }

    /// Host creates, guest joins by the code the host's notice shows; both hide their fleets.
    static func startMatch(_ server: LoopbackServer, tickets: URL) throws -> (
        host: BroadsideNetworkGame, guest: BroadsideNetworkGame,
        guestLink: CuttableTransport
    ) {
        let host = game(CuttableTransport(server.address), server, .create(variant: "classic", bot: nil), tickets: tickets)
        try pump([host], "the match's code") { host.notice?.caption == "WAITING FOR AN OPPONENT" }
        let code = try #require(host.notice?.headline)
        let guestLink = CuttableTransport(server.address)
        let guest = game(guestLink, server, .join(code: code), tickets: tickets)
        try pump([host, guest], "both seated") { host.machine.state == .playing && guest.machine.state == .playing }
        host.handle(.autoPlace)
        guest.handle(.autoPlace)
        try pump([host, guest], "the battle") { host.moment == .battle && guest.moment == .battle }
        return (host, guest, guestLink)
    }

    /// Fires one shot from the seat whose turn it is (the first cell it has not fired at), and waits for both views.
    static func playOneShot(_ games: [BroadsideNetworkGame]) throws {
        let shooter = try #require(games.first { $0.table.view.isMyTurn }, "in the battle, one seat is to fire")
        let view = shooter.table.view
        let board = DesktopFixtures.game.rules.board
        let cells = (0..<board.rows).flatMap { row in (0..<board.columns).map { Cell(row: row, column: $0) } }
        let cell = try #require(cells.first { !view.target.shots.contains($0) })
        let moves = shooter.movesSeen
        shooter.handle(.tap(cell))
        #expect(shooter.movesInFlight == 1)
        try pump(games, "the answer to \(cell.name)") {
            games.allSatisfy { $0.movesSeen == moves + 1 } && shooter.movesInFlight == 0
        }
    }

    static func playToTheEnd(_ games: [BroadsideNetworkGame]) throws {
        for _ in 0..<250 where games.contains(where: { $0.moment != .gameOver }) {
            try playOneShot(games)
        }
    }

    @Test("Two games play a whole match; one connection drops mid-match and takes its seat back with the token")
    func fullMatchWithADrop() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let tickets = server.directory.appendingPathComponent("tickets")
        let (host, guest, guestLink) = try Self.startMatch(server, tickets: tickets)
        #expect(host.news.contains("Battle stations! You fire first") != guest.news.contains("Battle stations! You fire first"))
        for _ in 0..<20 { try Self.playOneShot([host, guest]) }
        let seen = guest.movesSeen
        let board = guest.table.view

        guestLink.cutConnection()
        guest.advance(by: 0.016)
        #expect(guest.machine.state == .reconnecting(attempt: 2, retryAt: guest.clock + 0.5, reason: "connection reset by peer"))
        #expect(guest.notice?.isWarning == true)
        try Self.pump([host], "the host hearing of it") { host.news.first == "The opponent lost the connection; the server keeps their seat" }
        guest.advance(by: 0.5)
        try Self.pump([host, guest], "the guest back in its seat") { guest.machine.state == .playing && guest.movesSeen == seen }
        #expect(guest.table.view == board, "the same board, from the server")
        try Self.pump([host], "the host hearing of it") { host.news.first == "The opponent is back" }
        #expect(guest.machine.failures == 0)

        try Self.playToTheEnd([host, guest])
        #expect(host.moment == .gameOver && guest.moment == .gameOver)
        let winner = try #require(host.table.view.winner)
        #expect(guest.table.view.winner == winner)
        let games = winner == host.seat ? (won: host, lost: guest) : (won: guest, lost: host)
        #expect(games.won.turnText == "You win!")
        #expect(games.lost.turnText == "The opponent wins")
        try Self.pump([host, guest], "the result") { host.machine.state == .finished && guest.machine.state == .finished }
        #expect(host.ticketFile == nil && guest.ticketFile == nil)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: tickets.path)) ?? [] == [], "tickets are forgotten once the match is over")
    }

    @Test("A restarted program takes its seat back from the saved ticket file and plays on")
    func resumeFromTheTicketFile() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let tickets = server.directory.appendingPathComponent("tickets")
        let (host, guest, _) = try Self.startMatch(server, tickets: tickets)
        for _ in 0..<6 { try Self.playOneShot([host, guest]) }
        let file = try #require(guest.ticketFile)
        let board = guest.table.view
        guest.close()

        let (saved, ticket) = try SeatTicketFile.load(from: file)
        #expect(saved.server == server.address.description)
        let again = BroadsideNetworkGame(
            transport: MatchClient(address: server.address, clientName: "duo-test"), server: saved.server,
            request: .resume(ticket), game: DesktopFixtures.game, tickets: .file(file), backoff: Self.backoff)
        try Self.pump([host, again], "the seat taken back") { again.machine.state == .playing && again.table.view == board }
        #expect(again.news.contains("Seat \(ticket.seat.index) of match \(ticket.code) taken back"))
        for _ in 0..<4 { try Self.playOneShot([host, again]) }
        #expect(again.movesSeen == host.movesSeen)
    }

    @Test("A server killed mid-match and restarted on the same port: both games reconnect by themselves and finish")
    func serverCrashAndRestart() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let tickets = server.directory.appendingPathComponent("tickets")
        let (host, guest, _) = try Self.startMatch(server, tickets: tickets)
        for _ in 0..<10 { try Self.playOneShot([host, guest]) }
        let moves = host.movesSeen
        try server.crashAndRestart()
        try Self.pump([host, guest], "both to notice") {
            if case .reconnecting = host.machine.state, case .reconnecting = guest.machine.state { return true }
            return false
        }
        for game in [host, guest] { game.advance(by: 0.5) }
        try Self.pump([host, guest], "both back") {
            host.machine.state == .playing && guest.machine.state == .playing && guest.movesSeen == moves
        }
        try Self.playToTheEnd([host, guest])
        #expect(host.moment == .gameOver && guest.moment == .gameOver)
    }

    @Test("A spectator follows the same match from the public view")
    func spectatorFollows() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let tickets = server.directory.appendingPathComponent("tickets")
        let (host, guest, _) = try Self.startMatch(server, tickets: tickets)
        let code = try #require(host.code)
        let watcher = Self.game(MatchClient(address: server.address, clientName: "duo-test"), server, .watch(code: code), tickets: tickets)
        try Self.pump([watcher], "the public view") { watcher.machine.state == .watching(code: code) && watcher.moment == .battle }
        for _ in 0..<4 { try Self.playOneShot([host, guest]) }
        try Self.pump([watcher], "the shots") { watcher.movesSeen == host.movesSeen }
        let shots = watcher.table.view.target.shots.count + watcher.table.view.ownBoard.shots.count
        #expect(shots == 4)
        #expect(watcher.table.view.fleet.allSatisfy { watcher.table.view.ownBoard.sunk.isPlaced($0.ship) }, "only sunk ships are known")
    }
}
