import Broadside
import BroadsideDesktop
import DuoClient
import DuoDesktop
import DuoPlatform
import DuoServerKit
import TabletopEngine
import Testing

@Suite("Networked play: the server's seat views at the table")
struct NetworkTableTests {
    /// A table seated at `seat` of the stub's match, the connection playing.
    static func seatedTable(_ server: ServerStub, seat: Seat = .second, opponent: String? = "player") -> BroadsideNetworkTable {
        var table = BroadsideNetworkTable(game: DesktopFixtures.game, server: "127.0.0.1:7447")
        table.receive(server.seated("joined", seat, opponent: opponent))
        table.setConnection(.playing, now: 0, asking: "")
        table.receive(server.view(for: seat))
        return table
    }

    @Test("Before the server answers, the table says it is connecting, and where")
    func connectingIsShown() {
        var table = BroadsideNetworkTable(game: DesktopFixtures.game, server: "10.0.0.5:7447")
        table.setConnection(.connecting(attempt: 1), now: 0, asking: "joining match K7QF2M")
        #expect(table.turnText == "Connecting to 10.0.0.5:7447…")
        #expect(table.notice == TableNotice(caption: "CONNECTING", headline: "10.0.0.5:7447", detail: "Joining match K7QF2M"))
        #expect(table.screen.elements.first?.id == TableNotice.elementID)
        #expect(!table.screen.elements.contains { $0.id == BroadsideHUD.ElementID.score }, "the notice takes the score's place")
        table.handle(.tap(Cell(row: 0, column: 0)))
        #expect(table.takeRequests().isEmpty, "no seat, no move")
    }

    @Test("Waiting for the opponent, the code is the notice's headline, with the command that joins it")
    func waitingShowsTheCode() throws {
        let server = ServerStub()
        var table = BroadsideNetworkTable(game: DesktopFixtures.game, server: "192.168.1.20:7447")
        table.receive(server.seated("created", .first, opponent: nil))
        table.setConnection(.waitingForOpponent(code: "K7QF2M"), now: 0, asking: "")
        table.receive(server.view(for: .first))
        let notice = try #require(table.notice)
        #expect(notice.headline == "K7QF2M")
        #expect(notice.detail == "They join with: duo --connect 192.168.1.20:7447 --join K7QF2M")
        #expect(table.news.first == "Match K7QF2M created: give the code to your opponent")
        #expect(table.moment == .placement && table.canMove, "ships may be placed while waiting")
        table.receive(.opponent(.joined))
        table.setConnection(.playing, now: 0, asking: "")
        #expect(table.notice == nil)
        #expect(!table.screen.elements.contains { $0.id == TableNotice.elementID })
    }

    @Test("The notice strip passes duo lint's whole sweep: every profile, posture, orientation, direction, fold and angle")
    func noticeStripPassesTheHUDSweep() {
        var server = ServerStub()
        var waiting = BroadsideNetworkTable(game: DesktopFixtures.game, server: "127.0.0.1:7447")
        waiting.receive(server.seated("created", .first, opponent: nil))
        waiting.setConnection(.waitingForOpponent(code: "K7QF2M"), now: 0, asking: "")
        server.placeFleet(of: .first)
        server.placeFleet(of: .second)
        var reconnecting = Self.seatedTable(server)
        reconnecting.setConnection(.reconnecting(attempt: 2, retryAt: 1, reason: "connection reset"), now: 0, asking: "")
        var lost = reconnecting
        lost.receive(.ended(code: "K7QF2M", result: .forfeit(by: .first, scores: SeatPair(0, 0))))
        lost.setConnection(.lost(reason: "the server is gone"), now: 0, asking: "")
        let screens = [waiting.screen, reconnecting.screen, lost.screen]
        #expect(Set(screens.map(\.name)) == ["placement+notice", "battle+notice", "gameOver+notice"])
        let report = HUDLintSweep(profiles: [DesktopFixtures.profile("duo"), DesktopFixtures.profile("classic")], foldPositionCount: 3)
            .run(screens: screens)
        #expect(report.situationCount > 100)
        #expect(report.isClean, "\(report.findings.prefix(3))")
    }

    @Test("A tap asks the server for the move; the board changes only when the server's view says so")
    func movesWaitForTheServer() {
        var server = ServerStub()
        var table = Self.seatedTable(server)
        table.handle(.tap(Cell(row: 2, column: 3)))
        let placement = ShipPlacement(ship: 0, at: Cell(row: 2, column: 3), heading: .across)
        #expect(table.takeRequests() == [.move(.place(placement))])
        #expect(table.view.fleet.count == 0, "not shown before the server accepts it")
        #expect(table.movesInFlight == 1)
        table.handle(.tap(Cell(row: 5, column: 0)))
        #expect(table.takeRequests().isEmpty, "one move at a time")
        server.play(.place(placement), by: .second)
        table.receive(.accepted(number: 1))
        table.receive(server.view(for: .second))
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
        var table = Self.seatedTable(server)
        #expect(table.moment == .battle && table.view.isMyTurn && table.isViewerFiring)
        let before = table.view
        table.handle(.tap(Cell(row: 0, column: 0)))
        #expect(table.takeRequests() == [.move(.fire(Cell(row: 0, column: 0)))])
        let answer = server.play(.fire(Cell(row: 0, column: 0)), by: .second)
        let refusal = try #require(answer)
        table.receive(refusal)
        #expect(table.news.first == BroadsideRejection.cellAlreadyFired(Cell(row: 0, column: 0)).message)
        #expect(table.view == before)
        #expect(table.movesInFlight == 0)
    }

    @Test("Auto-place asks for a whole legal fleet at once, in the order the server will play it")
    func autoPlaceAsksForAWholeFleet() {
        var server = ServerStub()
        var table = Self.seatedTable(server)
        table.handle(.autoPlace)
        let requests = table.takeRequests()
        #expect(table.movesInFlight == requests.count)
        for case .move(let move) in requests {
            #expect(server.play(move, by: .second) == nil, "\(move) is legal")
        }
        #expect(server.state.fleets[.second].count == DesktopFixtures.game.rules.fleet.count)
    }

    @Test("The opponent's shots and sinkings arrive as news and banners, worded as the local table words them")
    func opponentsMovesMakeNews() throws {
        var server = ServerStub(firstSeat: .first)
        server.placeFleet(of: .first, seed: 1)
        server.placeFleet(of: .second, seed: 2)
        var table = Self.seatedTable(server, seat: .second, opponent: "bot:hunt")
        // The bot fires at every cell of the destroyer: a hit, then the sinking.
        let destroyer = try #require(server.state.fleets[.second].first { DesktopFixtures.game.rules.fleet[$0.ship].name == "destroyer" })
        let cells = Array(destroyer.cells(length: 2))
        server.play(.fire(cells[0]), by: .first)
        table.receive(server.view(for: .second))
        #expect(table.news.first == "The hunt bot fired at \(cells[0].name): hit")
        server.play(.fire(Cell(row: 9, column: 9)), by: .second)
        server.play(.fire(cells[1]), by: .first)
        table.receive(server.view(for: .second))
        #expect(table.news.first == "The hunt bot fired at \(cells[1].name): hit, sank your destroyer!")
        #expect(table.banner?.text == "The hunt bot sank your destroyer!")
        #expect(table.view.ownBoard.sunk.isPlaced(destroyer.ship))
    }

    @Test("While the connection is down nothing is asked, and the tap says why")
    func noMovesWhileReconnecting() {
        let server = ServerStub()
        var table = Self.seatedTable(server)
        table.handle(.tap(Cell(row: 0, column: 0)))
        table.setConnection(.reconnecting(attempt: 2, retryAt: 3.2, reason: "connection reset"), now: 1, asking: "")
        #expect(table.takeRequests().isEmpty, "the move on its way is dropped with the connection")
        #expect(table.movesInFlight == 0)
        table.handle(.tap(Cell(row: 0, column: 0)))
        #expect(table.takeRequests().isEmpty)
        #expect(table.news.first == "Not connected: moves wait until the connection is back")
        #expect(table.notice?.headline == "Retrying in 3 s")
        #expect(table.notice?.isWarning == true)
        table.advance(by: 1.5)
        #expect(table.notice?.headline == "Retrying in 1 s")
        table.setConnection(.lost(reason: "wrong token"), now: 10, asking: "")
        table.handle(.confirm)
        #expect(table.takeRequests() == [.retry])
    }

    @Test("Taking the seat back shows the same board and announces what happened meanwhile")
    func resumeContinuesTheBoard() {
        var server = ServerStub(firstSeat: .first)
        server.placeFleet(of: .first)
        server.placeFleet(of: .second)
        var table = Self.seatedTable(server)
        table.setConnection(.reconnecting(attempt: 2, retryAt: 1, reason: "reset"), now: 0, asking: "")
        server.play(.fire(Cell(row: 4, column: 4)), by: .first)
        table.receive(server.seated("resumed", .second, opponent: "player"))
        table.setConnection(.playing, now: 1, asking: "")
        table.receive(server.view(for: .second))
        #expect(table.news.contains("Back in match K7QF2M"))
        #expect(table.news.first?.hasPrefix("The opponent fired at E5") == true)
        #expect(table.view.ownBoard.shots.contains(Cell(row: 4, column: 4)))
    }

    @Test("A forfeit ends the match at the table even though no fleet is sunk")
    func forfeitEndsTheMatch() {
        var server = ServerStub()
        server.placeFleet(of: .first)
        var table = Self.seatedTable(server)
        table.receive(.ended(code: "K7QF2M", result: .forfeit(by: .first, scores: SeatPair(0, 0))))
        #expect(table.moment == .gameOver)
        #expect(table.turnText == "You win!")
        #expect(table.news.first == "The opponent forfeited the match")
        table.handle(.newGame)
        #expect(table.takeRequests() == [.newMatch])
    }

    @Test("New game in the middle of a networked match starts nothing")
    func noNewGameMidMatch() {
        var table = Self.seatedTable(ServerStub())
        table.handle(.newGame)
        #expect(table.takeRequests().isEmpty)
        #expect(table.news.first?.contains("goes on until a fleet is sunk") == true)
    }

    @Test("A spectator sees both boards from outside and cannot move")
    func spectatorSeesThePublicView() throws {
        var server = ServerStub(firstSeat: .first)
        server.placeFleet(of: .first)
        server.placeFleet(of: .second)
        server.play(.fire(Cell(row: 1, column: 1)), by: .first)
        var table = BroadsideNetworkTable(game: DesktopFixtures.game, server: "127.0.0.1:7447")
        table.receive(.watching(code: "K7QF2M", game: "broadside", variant: "classic", rules: server.rules))
        table.setConnection(.watching(code: "K7QF2M"), now: 0, asking: "")
        table.receive(server.publicView)
        #expect(table.isSpectator && !table.canMove)
        #expect(table.moment == .battle)
        #expect(table.view.target.shots.contains(Cell(row: 1, column: 1)))
        #expect(table.view.fleet.count == 0, "no unsunk ship of either seat")
        #expect(table.turnText == "Player 2 fires")
        table.handle(.tap(Cell(row: 3, column: 3)))
        #expect(table.takeRequests().isEmpty)
    }

    @Test("A view for another seat is never taken as this seat's")
    func foreignViewsAreIgnored() {
        var server = ServerStub()
        server.placeFleet(of: .first)
        var table = Self.seatedTable(server, seat: .second)
        table.receive(server.view(for: .first))
        #expect(table.view.fleet.count == 0)
    }
}
