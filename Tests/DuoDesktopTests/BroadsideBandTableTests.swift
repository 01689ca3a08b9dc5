import Broadside
import BroadsideDesktop
import DuoDesktop
import DuoPlatform
import TabletopEngine
import Testing

/// Playing on the band of rows the flat half shows in tabletop at fold 0.25
/// (no SDL): a tap on a band cell acts on the right board cell, and the
/// other rows are a button or a key away, at the local and the networked table.
@Suite("Broadside on a short flat half: the band of rows")
struct BroadsideBandTableTests {
    typealias ID = BroadsideHUD.ElementID

    static func session(fold: Double = 0.25) -> DesktopSession {
        DesktopFixtures.session(.tabletop) { state in
            do { try state.setFoldPosition(fold) } catch { Issue.record("fold \(fold): \(error)") }
        }
    }

    /// The centre of band cell `row`, `column` (band rows counted from the band's first).
    static func bandCell(_ row: Int, _ column: Int, in session: DesktopSession) throws -> Point {
        let band = try #require(session.hudLayout.frame(of: ID.primaryBand))
        return session.table.hud.bandGrid.cellFrame(row: row, column: column, in: band).center
    }

    @Test("A tap on the band places a ship at the board cell under it, in the band of rows shown")
    func placingOnTheBand() throws {
        let session = Self.session()
        #expect(session.hudLayout.frame(of: ID.primaryBoard) == nil)
        session.click(at: try Self.bandCell(3, 4, in: session))
        #expect(session.table.view.fleet[0]?.origin == Cell(row: 3, column: 4))
        // The other rows: the lower half, where the same band cell is five rows down.
        session.click(at: try #require(session.hudLayout.frame(of: ID.otherRows)).center)
        #expect(session.table.shownBand == 1)
        session.pointerMoved(to: try Self.bandCell(1, 2, in: session))
        #expect(session.table.hoverCell == Cell(row: 6, column: 2))
        session.click(at: try Self.bandCell(1, 2, in: session))
        #expect(session.table.view.fleet[1]?.origin == Cell(row: 6, column: 2))
    }

    @Test("In battle a tap on the band fires at the board cell under it; O and the button show the other rows")
    func firingOnTheBand() throws {
        let session = Self.session()
        session.click(at: try #require(session.hudLayout.frame(of: ID.autoPlace)).center)
        #expect(session.table.moment == .battle)
        func waitForMyTurn() {
            for _ in 0..<40 where !session.table.view.isMyTurn { session.advance(by: 0.5) }
        }
        waitForMyTurn()
        session.click(at: try Self.bandCell(2, 7, in: session))
        #expect(session.table.view.target.misses.union(session.table.view.target.hits).contains(Cell(row: 2, column: 7)))
        // The key shows the lower rows; the same band cell is now row H.
        session.apply(.gameKey(.letter("o"), shift: false))
        #expect(session.table.shownBand == 1)
        waitForMyTurn()
        session.click(at: try Self.bandCell(2, 7, in: session))
        #expect(session.table.view.target.misses.union(session.table.view.target.hits).contains(Cell(row: 7, column: 7)))
        // And the button brings the upper rows back.
        session.click(at: try #require(session.hudLayout.frame(of: ID.otherRows)).center)
        #expect(session.table.shownBand == 0)
    }

    @Test("The networked table shows the other rows the same way, by button and by key")
    func networkedTableBand() throws {
        let table = NetworkTableTests.table().game
        var state = DeviceState(profile: DesktopFixtures.profile("duo"), posture: .tabletop)
        try state.setFoldPosition(0.25)
        let context = state.layoutContext
        let layout = table.screen(in: context).layout(in: context)
        let button = try #require(layout.frame(of: ID.otherRows), "\(table.screen.name)")
        table.pointerPressed(at: button.center, layout: layout)
        #expect(table.shownBand == 1)
        table.perform(.gameKey(.letter("o"), shift: false))
        #expect(table.shownBand == 0)
    }
}
