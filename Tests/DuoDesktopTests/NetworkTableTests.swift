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

@Suite("Networked play: the server's seat views at the table")
struct NetworkTableTests {
    /// A seat's table on a scripted connection, asking for `request` (nothing arrived yet).
    static func table(server: String = "127.0.0.1:7447", request: MatchRequest = .join(code: "K7QF2M")) -> Window {
        let transport = ScriptedTransport()
        let game = BroadsideNetworkGame(
            transport: transport, server: server, request: request, game: DesktopFixtures.game, tickets: nil,
            backoff: NetworkGameTests.backoff)
        return Window(game: game, transport: transport)
    }

    /// A table seated at `seat` of the stub's match, the connection playing.
    static func seatedTable(_ server: ServerStub, seat: Seat = .second, opponent: String? = "player") -> Window {
        let table = Self.table()
        table.receive(server.seated("joined", seat, opponent: opponent), server.view(for: seat))
        return table
    }

    /// A seat's game and the connection the test drives it through.
    struct Window {
        let game: BroadsideNetworkGame
        let transport: ScriptedTransport

        /// The server's messages arrive, and the table takes them in.
        func receive(_ messages: ServerMessage...) {
            transport.incoming = messages.map { .message($0) }
            game.advance(by: 0)
        }

        /// The connection drops.
        func drop() {
            transport.incoming = [.disconnected]
            game.advance(by: 0)
        }

        /// The moves sent since the last call.
        func takeMoves() -> [BroadsideMove] {
            defer { transport.clearSent() }
            return transport.moves
        }
    }

    @Test("Before the server answers, the table says it is connecting, and where")
    func connectingIsShown() {
        let seat = Self.table(server: "10.0.0.5:7447")
        let table = seat.game
        seat.transport.clearSent()
        #expect(table.turnText == "Connecting to 10.0.0.5:7447…")
        #expect(table.notice == TableNotice(caption: "CONNECTING", headline: "10.0.0.5:7447", detail: "Joining match K7QF2M"))
        #expect(table.screen == table.table.screen(table.session), "the notice is drawn in the news box: the screen is the same")
        table.handle(.tap(Cell(row: 0, column: 0)))
        #expect(seat.takeMoves().isEmpty, "no seat, no move")
    }

    @Test("Waiting for the opponent, the code is the notice's headline, with the command that joins it")
    func waitingShowsTheCode() throws {
        let server = ServerStub()
        let seat = Self.table(server: "192.168.1.20:7447", request: .create(variant: nil, bot: nil))
        let table = seat.game
        seat.receive(server.seated("created", .first, opponent: nil), server.view(for: .first))
        let notice = try #require(table.notice)
        #expect(notice.headline == "K7QF2M")
        #expect(notice.detail == "Join: duo --connect 192.168.1.20:7447 --join K7QF2M")
        #expect(table.news.first == "Match K7QF2M created: give the code to your opponent")
        #expect(table.moment == .placement && table.canMove, "ships may be placed while waiting")
        seat.receive(.opponent(.joined))
        #expect(table.notice == nil)
    }

    @Test("The notices are drawn in the news box: every screen they show on passes duo lint's whole sweep")
    func noticesKeepTheScreens() {
        let registration = DesktopGameRegistration.broadside
        let screens = (try? registration.lintScreens("classic")) ?? []
        #expect(
            screens.allSatisfy {
                TableNotice.screen($0, showing: TableNotice(caption: "", headline: "", detail: "")) == $0 || !TableNotice.hasNewsBox($0)
            })
        let report = HUDLintSweep(profiles: [DesktopFixtures.profile("duo"), DesktopFixtures.profile("classic")], foldPositionCount: 3)
            .run(screens: screens)
        #expect(report.situationCount > 100)
        #expect(report.isClean, "\(report.findings.prefix(3))")
    }

    @Test("A tap asks the server for the move; the board changes only when the server's view says so")
    func movesWaitForTheServer() {
        var server = ServerStub()
        let seat = Self.seatedTable(server)
        let table = seat.game
        seat.transport.clearSent()
        table.handle(.tap(Cell(row: 2, column: 3)))
        let placement = ShipPlacement(ship: 0, at: Cell(row: 2, column: 3), heading: .across)
        #expect(seat.takeMoves() == [.place(placement)])
        #expect(table.view.fleet.count == 0, "not shown before the server accepts it")
        #expect(table.movesInFlight == 1)
        table.handle(.tap(Cell(row: 5, column: 0)))
        #expect(seat.takeMoves().isEmpty, "one move at a time")
        server.play(.place(placement), by: .second)
        seat.receive(.accepted(number: 1), server.view(for: .second))
        #expect(table.view.fleet[0] == placement)
        #expect(table.movesInFlight == 0)
        #expect(table.shipToPlace == 1)
    }

    @Test("A refused move shows the server's sentence and leaves the board as it was")
    func refusedMoveShowsTheServersSentence() throws {
        var server = ServerStub(firstSeat: .second)
        server.placeFleet(of: .first)
        server.placeFleet(of: .second)
        server.play(.fire(Cell(row: 0, column: 0)), by: .second)
        server.play(.fire(Cell(row: 0, column: 0)), by: .first)
        let seat = Self.seatedTable(server)
        let table = seat.game
        seat.transport.clearSent()
        #expect(table.moment == .battle && table.view.isMyTurn && table.isViewerFiring)
        let before = table.view
        table.handle(.tap(Cell(row: 0, column: 0)))
        #expect(seat.takeMoves() == [.fire(Cell(row: 0, column: 0))])
        let answer = server.play(.fire(Cell(row: 0, column: 0)), by: .second)
        let refusal = try #require(answer)
        seat.receive(refusal)
        #expect(table.news.first == BroadsideRejection.cellAlreadyFired(Cell(row: 0, column: 0)).message)
        #expect(table.view == before)
        #expect(table.movesInFlight == 0)
    }

    @Test("Auto-place asks for a whole legal fleet at once, in the order the server will play it")
    func autoPlaceAsksForAWholeFleet() {
        var server = ServerStub()
        let seat = Self.seatedTable(server)
        let table = seat.game
        seat.transport.clearSent()
        table.handle(.autoPlace)
        let requests = seat.takeMoves()
        #expect(table.movesInFlight == requests.count)
        for move in requests {
            #expect(server.play(move, by: .second) == nil, "\(move) is legal")
        }
        #expect(server.state.fleets[.second].count == DesktopFixtures.game.rules.fleet.count)
    }

    @Test("The opponent's shots and sinkings arrive as news and banners, worded as the local table words them")
    func opponentsMovesMakeNews() throws {
        var server = ServerStub(firstSeat: .first)
        server.placeFleet(of: .first, seed: 1)
        server.placeFleet(of: .second, seed: 2)
        let seat = Self.seatedTable(server, seat: .second, opponent: "bot:hunt")
        let table = seat.game
        // The bot fires at every cell of the destroyer: a hit, then the sinking.
        let destroyer = try #require(server.state.fleets[.second].first { DesktopFixtures.game.rules.fleet[$0.ship].name == "destroyer" })
        let cells = Array(destroyer.cells(length: 2))
        server.play(.fire(cells[0]), by: .first)
        seat.receive(server.view(for: .second))
        #expect(table.news.first == "The hunt bot fired at \(cells[0].name): hit")
        server.play(.fire(Cell(row: 9, column: 9)), by: .second)
        server.play(.fire(cells[1]), by: .first)
        seat.receive(server.view(for: .second))
        #expect(table.news.first == "The hunt bot fired at \(cells[1].name): hit, sank your destroyer!")
        #expect(table.banner?.text == "The hunt bot sank your destroyer!")
        #expect(table.view.ownBoard.sunk.isPlaced(destroyer.ship))
    }

    @Test("While the connection is down nothing is asked, and the tap says why")
    func noMovesWhileReconnecting() {
        let server = ServerStub()
        let seat = Self.seatedTable(server)
        let table = seat.game
        table.handle(.tap(Cell(row: 0, column: 0)))
        #expect(table.movesInFlight == 1)
        seat.transport.lastError = .io(SocketError("recv", code: ECONNRESET))
        seat.drop()
        #expect(table.movesInFlight == 0, "the move on its way is dropped with the connection")
        seat.transport.clearSent()
        table.handle(.tap(Cell(row: 0, column: 0)))
        #expect(seat.takeMoves().isEmpty)
        #expect(table.news.first == "Not connected: moves wait until the connection is back")
        #expect(table.notice?.headline == "Retrying in 1 s")
        #expect(table.notice?.caption == "CONNECTION LOST · SEAT KEPT")
        #expect(table.notice?.isWarning == true)
        table.advance(by: 0.3)
        #expect(table.notice?.headline == "Retrying in 1 s")
        seat.receive(.error(ProtocolError(.wrongToken, "that token does not hold seat 1", inReplyTo: "resume")))
        #expect(table.notice?.headline == "Connection lost")
        seat.transport.clearSent()
        table.perform(.confirm)
        #expect(seat.transport.sent.first == .connect(match: "K7QF2M"), "Enter tries again")
    }

    @Test("Taking the seat back shows the same board and announces what happened meanwhile")
    func resumeContinuesTheBoard() {
        var server = ServerStub(firstSeat: .first)
        server.placeFleet(of: .first)
        server.placeFleet(of: .second)
        let seat = Self.seatedTable(server)
        let table = seat.game
        seat.drop()
        server.play(.fire(Cell(row: 4, column: 4)), by: .first)
        seat.receive(server.seated("resumed", .second, opponent: "player"), server.view(for: .second))
        #expect(table.news.contains("Back in match K7QF2M"))
        #expect(table.news.first?.hasPrefix("The opponent fired at E5") == true)
        #expect(table.view.ownBoard.shots.contains(Cell(row: 4, column: 4)))
    }

    @Test("A forfeit ends the match at the table even though no fleet is sunk")
    func forfeitEndsTheMatch() {
        var server = ServerStub()
        server.placeFleet(of: .first)
        let seat = Self.seatedTable(server)
        let table = seat.game
        seat.receive(.ended(code: "K7QF2M", result: .forfeit(by: .first, scores: SeatPair(0, 0))))
        #expect(table.moment == .gameOver)
        #expect(table.turnText == "You win!")
        #expect(table.news.first == "The opponent forfeited the match")
        seat.transport.clearSent()
        table.perform(.newGame)
        #expect(seat.transport.sent.first == .connect(match: nil), "a new match on a new connection")
    }

    @Test("New game in the middle of a networked match starts nothing")
    func noNewGameMidMatch() {
        let seat = Self.seatedTable(ServerStub())
        let table = seat.game
        seat.transport.clearSent()
        table.perform(.newGame)
        #expect(seat.transport.sent.isEmpty)
        #expect(table.news.first?.contains("goes on until it is over") == true)
    }

    @Test("A spectator sees both boards from outside and cannot move")
    func spectatorSeesThePublicView() throws {
        var server = ServerStub(firstSeat: .first)
        server.placeFleet(of: .first)
        server.placeFleet(of: .second)
        server.play(.fire(Cell(row: 1, column: 1)), by: .first)
        let seat = Self.table(request: .watch(code: "K7QF2M"))
        let table = seat.game
        seat.receive(.watching(code: "K7QF2M", game: "broadside", variant: "classic", rules: server.rules), server.publicView)
        #expect(table.isSpectator && !table.canMove)
        #expect(table.moment == .battle)
        #expect(table.view.target.shots.contains(Cell(row: 1, column: 1)))
        #expect(table.view.fleet.count == 0, "no unsunk ship of either seat")
        #expect(table.turnText == "Player 2 fires")
        seat.transport.clearSent()
        table.handle(.tap(Cell(row: 3, column: 3)))
        #expect(seat.takeMoves().isEmpty)
    }

    @Test("A view for another seat is never taken as this seat's")
    func foreignViewsAreIgnored() {
        var server = ServerStub()
        server.placeFleet(of: .first)
        let seat = Self.seatedTable(server, seat: .second)
        seat.receive(server.view(for: .first))
        #expect(seat.game.view.fleet.count == 0)
    }
}
