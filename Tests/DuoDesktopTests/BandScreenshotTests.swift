import Broadside
import BroadsideDesktop
import DuoDesktop
import DuoPlatform
import TabletopEngine
import Testing

/// The player's report: in tabletop at fold 0.25 the aiming grid had moved
/// onto the tilted upright half. The screenshot shows it on the flat half.
/// In the one serialized SDL suite (see `OffscreenRenderingTests`).
extension OffscreenRenderingTests {
    @Test("In tabletop at fold 0.25 the aiming grid lies on the flat half, a shot drawn in its cell there and on the upright overview")
    func aimingGridOnTheFlatHalf() throws {
        typealias ID = BroadsideHUD.ElementID
        let session = BroadsideBandTableTests.session(fold: 0.25)
        session.click(at: try #require(session.hudLayout.frame(of: ID.autoPlace)).center)
        for _ in 0..<40 where !session.table.view.isMyTurn { session.advance(by: 0.5) }
        #expect(session.table.view.isMyTurn)
        let shot = Cell(row: 2, column: 7)
        session.click(at: try BroadsideBandTableTests.bandCell(shot.row, shot.column, in: session))
        let target = session.table.view.target
        #expect(target.hits.union(target.misses).contains(shot))
        let marker = target.hits.contains(shot) ? Palette.hit : Palette.miss

        let layout = session.hudLayout
        let fold = try #require(session.sceneContext.reservedRegions(kind: .division).first).frame
        let band = try #require(layout.frame(of: ID.primaryBand))
        let overview = try #require(layout.frame(of: ID.primaryOverview))
        #expect(band.minY >= fold.maxY, "the grid aimed at is on the flat half: \(band), fold \(fold)")
        #expect(overview.maxY <= fold.minY, "the whole board stands upright to look at")
        let hud = session.table.hud
        #expect(hud.bandGrid.cellSide(in: band) >= BroadsideHUD.minimumCellSide)

        let image = try Screenshot.scene(of: session)
        func seen(_ point: Point) -> RGBAColor { image.pixel(x: Int(point.x), y: Int(point.y)) }
        // Every cell of the band is open water, but the one fired at, which shows the shot.
        var wrong: [String] = []
        for row in 0..<hud.bandRowCount {
            for column in 0..<hud.columns {
                let colour = seen(hud.bandGrid.cellFrame(row: row, column: column, in: band).center)
                let expected = Cell(row: row, column: column) == shot ? marker : Palette.targetWater
                if !colour.isClose(to: expected, tolerance: 16) { wrong.append("\(row),\(column): \(colour) not \(expected)") }
            }
        }
        #expect(wrong.isEmpty, "\(wrong)")
        // The same shot on the overview, in the same board cell.
        #expect(seen(hud.grid.cellFrame(row: shot.row, column: shot.column, in: overview).center).isClose(to: marker, tolerance: 16))

        // O shows the lower rows: the same band cell is row H, open water.
        session.apply(.gameKey(.letter("o"), shift: false))
        let lower = try Screenshot.scene(of: session)
        let point = hud.bandGrid.cellFrame(row: shot.row, column: shot.column, in: band).center
        #expect(lower.pixel(x: Int(point.x), y: Int(point.y)).isClose(to: Palette.targetWater, tolerance: 16))
    }
}
