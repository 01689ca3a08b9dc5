import Broadside
import BroadsideDesktop
import DuoClient
import DuoDesktop
import DuoPlatform
import TabletopEngine
import Testing

/// Issue 21, defect 6: what a table says holds for the mode it is in (a
/// local game, a replay, a device with no hinge), never a networked match's
/// or a tent's words where there is none.
@Suite("Words of the mode the table is in")
struct ModeWordsTests {
    @Test("A local game against a bot tells no opponent joining: nobody comes from elsewhere")
    func localGameHasNoJoining() throws {
        let match = try LocalMatchTests.versusBot()
        match.advance(by: 0)
        #expect(!match.shown.news.contains { $0.contains("joined") }, "\(match.shown.news)")
        let pair = try TentSeatsTests.twoSeats(seed: 2)
        pair.advance(by: 0)
        for seat in pair.seats { #expect(!seat.news.contains { $0.contains("joined") }, "\(seat.news)") }
    }

    @Test("A replay shows no placement controls, no ship preview and no 'your turn to place'; N says how a replay is stepped")
    func replayTakesNoMoves() throws {
        let (game, played) = try ReplayWindowTests.playedMatch()
        let (session, replay, network) = try ReplayWindowTests.replay(played.replay, of: game, viewer: .first)
        #expect(replay.step == 0 && network.moment == .placement)
        let ids = Set(session.hudLayout.placements.map(\.id))
        for control in [BroadsideHUD.ElementID.rotate, BroadsideHUD.ElementID.autoPlace, BroadsideHUD.ElementID.clear] {
            #expect(!ids.contains(control), "a replay has no \(control) control")
        }
        let board = try #require(session.hudLayout.frame(of: BroadsideHUD.ElementID.primaryBoard))
        session.pointerMoved(to: board.center)
        #expect(network.table.placementPreview(network.session) == nil, "no ship follows the pointer")
        #expect(!network.turnText.hasPrefix("Place your"), "\(network.turnText)")
        #expect(!network.session.acceptsMoves)
        session.apply(.newGame)
        session.advance(by: 0.016)
        let said = try #require(network.news.first)
        #expect(!said.contains("networked") && !said.contains("server"), "\(said)")
        #expect(said.contains("replay"), "\(said)")
    }

    @Test("Two people on a device with no hinge pass it: the status line speaks of no tent")
    func noTentWithoutAHinge() throws {
        let classic = DesktopFixtures.profile("classic")
        #expect(classic.hinge == nil)
        let match = try TentSeatsTests.twoSeats(seed: 3)
        let session = DesktopSession(state: DeviceState(profile: classic, posture: .flat), profiles: [classic], game: match)
        let line = session.statusLine(frameMilliseconds: nil)
        #expect(line.contains("passing the device"), "\(line)")
        #expect(!line.contains("tent"), "\(line)")
        let duo = TentSeatsTests.session(try TentSeatsTests.twoSeats(seed: 3), posture: .book)
        #expect(duo.statusLine(frameMilliseconds: nil).contains("a tent seats both players"), "a device that can stand as a tent says so")
    }
}
