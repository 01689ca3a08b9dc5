import Broadside
import BroadsideDesktop
import DuoClient
import DuoDesktop
import DuoPlatform
import DuoTestSupport
import Foundation
import MiniGolf
import MiniGolfDesktop
import TabletopEngine
import Testing

/// `duo --replay FILE`: a replay in the window, through the game's own
/// networked table fed by a ``ReplayTransport``, painted from views only.
@Suite("Replays in the window")
struct ReplayWindowTests {
    /// A whole hunt-against-random match of classic Broadside, played by the engine's session, and its replay.
    static func playedMatch() throws -> (game: AnyGame, session: any GameSession) {
        let game = try Broadside.catalogEntry.load(variant: "classic", assets: PackageRoot.assets)
        let session = game.makeSession(setup: MatchSetup(batchSeed: 4, matchIndex: 0), players: SeatPair("bot:hunt", "bot:random"))
        try session.attachBot(named: "hunt", to: .first)
        try session.attachBot(named: "random", to: .second)
        for _ in 0..<1_000 where session.result == nil {
            let seat = try #require(session.seatsToMove.seats.first)
            let move = try #require(session.botMoveJSON(for: seat))
            guard case .success = session.submit(move, by: seat) else {
                Issue.record("a bot's move was refused")
                break
            }
        }
        #expect(session.result != nil)
        return (game, session)
    }

    /// The replay shown as `viewer` (nil: a spectator), and the networked table inside it.
    static func replay(_ data: Data, of game: AnyGame, viewer: Seat?, step: Int = 0) throws -> (DesktopSession, ReplayGame, BroadsideNetworkGame) {
        let transport = ReplayTransport(steps: try ReplaySteps(replay: data, game: game, viewer: viewer), step: step)
        let request: MatchRequest =
            viewer.map { .resume(SeatTicket(code: ReplayTransport.code, seat: $0, token: "replay")) }
            ?? .watch(code: ReplayTransport.code)
        let make = try #require(DesktopGameRegistration.broadside.makeNetworkGame)
        let table = try make(.init(transport: transport, server: "replay", request: request, variant: "classic", tickets: nil, seed: 1))
        let network = try #require(table as? BroadsideNetworkGame)
        let replay = ReplayGame(table: table, transport: transport, fileName: "match.jsonl")
        let session = DesktopSession(
            state: DeviceState(profile: DesktopFixtures.profile("duo"), posture: .tabletop),
            profiles: [DesktopFixtures.profile("duo")], game: replay)
        return (session, replay, network)
    }

    @Test("Stepped to the end, each seat's window shows the seat view the replay's last state gives, and a spectator the public one")
    func theEndShowsTheFinalView() throws {
        let (game, played) = try Self.playedMatch()
        for viewer in [Seat.first, .second, nil] {
            let (session, replay, network) = try Self.replay(played.replay, of: game, viewer: viewer)
            #expect(replay.step == 0)
            session.apply(.gameKey(.letter("e"), shift: false))
            session.advance(by: 0.016)
            #expect(replay.step == played.moveCount)
            let expected: BroadsideSeatView =
                try viewer.map { try JSONDecoder().decode(BroadsideSeatView.self, from: played.seatViewJSON(for: $0)) }
                ?? BroadsideSeatView(watching: try JSONDecoder().decode(BroadsidePublicView.self, from: played.publicViewJSON()))
            #expect(network.table.view == expected, "the final view of \(viewer.map { "seat \($0.index)" } ?? "a spectator")")
            #expect(network.moment == .gameOver)
            let picture = try Screenshot.scene(of: session)
            #expect(picture.width > 0)
            #expect(session.statusLine(frameMilliseconds: nil).contains("move \(played.moveCount) of \(played.moveCount)"))
        }
    }

    @Test("F and B step one move (Shift: ten), A goes to the start; each step shows that step's view; moves are refused")
    func stepsForwardAndBack() throws {
        let (game, played) = try Self.playedMatch()
        let steps = try ReplaySteps(replay: played.replay, game: game, viewer: .first)
        let (session, replay, network) = try Self.replay(played.replay, of: game, viewer: .first)
        session.apply(.gameKey(.letter("f"), shift: true))
        session.apply(.gameKey(.letter("f"), shift: false))
        #expect(replay.step == 11)
        session.apply(.gameKey(.letter("b"), shift: false))
        #expect(replay.step == 10)
        session.advance(by: 0.016)
        let tenth = try JSONDecoder().decode(BroadsideSeatView.self, from: Data(steps.views[10].serialized))
        #expect(network.table.view == tenth)
        session.apply(.gameKey(.letter("a"), shift: false))
        #expect(replay.step == 0)
        session.apply(.gameKey(.letter("b"), shift: false))
        #expect(replay.step == 0, "there is nothing before the start")
        let board = try #require(session.hudLayout.frame(of: BroadsideHUD.ElementID.primaryBoard))
        let news = network.news
        session.click(at: board.center)
        #expect(network.movesInFlight == 0, "a replay's table asks for no move")
        session.advance(by: 0.016)
        #expect(network.news == news)
        #expect(network.table.view.fleet.count == 0, "the click placed nothing")
    }

    @Test("Issue 21, defect 1: at every step a replay shows what a table that saw moves 0 to k shows, forward, back or jumping")
    func noFutureOnScreen() throws {
        let (game, played) = try Self.playedMatch()
        let (session, replay, network) = try Self.replay(played.replay, of: game, viewer: .second)
        session.apply(.gameKey(.letter("e"), shift: false))
        #expect(network.news.first?.contains("whole fleet") == true, "the end's headline, at the end: \(network.news.prefix(2))")
        session.apply(.gameKey(.letter("a"), shift: false))
        #expect(replay.step == 0)
        #expect(network.banner == nil, "no banner of the end over the placement board")
        #expect(!network.news.contains { $0.contains("whole fleet") }, "no headline of the end at the start: \(network.news)")
        #expect(network.moment == .placement && network.result == nil)
        // Forward from the start, back from the end, and opened at the step: the same table at every step.
        var forward: [TableReadout] = [network.readout]
        for _ in 0..<played.moveCount {
            session.apply(.gameKey(.letter("f"), shift: false))
            forward.append(network.readout)
        }
        for step in stride(from: played.moveCount - 1, through: 0, by: -7) {
            replay.show(step: step)
            #expect(network.readout == forward[step], "back at step \(step): \(network.readout) against \(forward[step])")
            let (_, _, opened) = try Self.replay(played.replay, of: game, viewer: .second, step: step)
            #expect(opened.readout == forward[step], "opened at step \(step): \(opened.readout)")
        }
        let battle = try #require(forward.indices.last { forward[$0].turn == "Your turn: fire!" && $0 < played.moveCount - 2 })
        #expect(forward[battle].banner?.contains("whole fleet") != true, "no banner of the end in the battle: \(forward[battle])")
    }

    @Test("A golf replay stepped to the end shows the table the replay's last state gives, to a seat and to a spectator")
    func golfReplayEndsOnTheFinalTable() throws {
        let game = try MiniGolf.catalogEntry.load(variant: "meadow", assets: PackageRoot.assets)
        let played = game.makeSession(setup: MatchSetup(batchSeed: 2, matchIndex: 0), players: SeatPair("bot:aim", "bot:random"))
        try played.attachBot(named: "aim", to: .first)
        try played.attachBot(named: "random", to: .second)
        for _ in 0..<2_000 where played.result == nil {
            let seat = try #require(played.seatsToMove.seats.first)
            guard case .success = played.submit(try #require(played.botMoveJSON(for: seat)), by: seat) else { break }
        }
        #expect(played.result != nil)
        let expected = try JSONDecoder().decode(MiniGolfPublicView.self, from: played.publicViewJSON())
        for viewer in [Seat.second, nil] {
            let transport = ReplayTransport(steps: try ReplaySteps(replay: played.replay, game: game, viewer: viewer), step: 0)
            let request: MatchRequest =
                viewer.map { .resume(SeatTicket(code: ReplayTransport.code, seat: $0, token: "replay")) }
                ?? .watch(code: ReplayTransport.code)
            let make = try #require(DesktopGameRegistration.miniGolf.makeNetworkGame)
            let table = try make(.init(transport: transport, server: "replay", request: request, variant: "meadow", tickets: nil, seed: 1))
            let network = try #require(table as? NetworkGame<MiniGolfNetworkTable>)
            let replay = ReplayGame(table: table, transport: transport, fileName: "golf.jsonl")
            // Issue 21: a step reached back (every step before it played again at once) says what it
            // says reached forward; before, each ball still rolling kept the news of the strokes before it back.
            var forward = [network.readout]
            for step in 1...6 {
                replay.show(step: step)
                forward.append(network.readout)
                // A person looks for a while: the ball may stop, and its news be told, before the next step.
                for _ in 0..<8 { replay.advance(by: 0.2) }
            }
            replay.show(step: 4)
            #expect(network.readout == forward[4], "back at step 4: \(network.readout) against \(forward[4])")
            replay.perform(.gameKey(.letter("e"), shift: false))
            for _ in 0..<600 { replay.advance(by: 0.05) }
            let shown = network.table.table
            #expect(shown.game.publicView(of: shown.state) == expected)
            #expect(shown.result != nil, "the end of the match shows")
            #expect(!shown.acceptsStroke, "a replay takes no strokes")
        }
    }
}
