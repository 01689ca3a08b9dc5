import Broadside
import BroadsideDesktop
import DuoDesktop
import DuoPlatform
import TabletopEngine
import Testing

/// Issue 21, defect 5: a banner goes where it is legible. At fold 0.25 the
/// own fleet is a thumbnail (about 100 pt): the banner, four 9 px lines
/// over it before, now goes over the largest board looked at, its words
/// whole at 14 pt or more; at fold 0.5 it stays over the own fleet.
@Suite("Where the banner goes")
struct BannerPlacementTests {
    /// A tabletop session at `fold` with a sinking's banner up.
    static func sessionWithABanner(fold: Double) throws -> DesktopSession {
        let session = DesktopFixtures.session(.tabletop) { try? $0.setFoldPosition(fold) }
        for _ in 0..<100 where session.table.banner == nil { session.playDemoTurns(2) }
        _ = try #require(session.table.banner, "a ship was sunk")
        return session
    }

    @Test("At fold 0.25 the banner is not over the own-fleet thumbnail but over the overview, legible; at 0.5 over the own fleet")
    func bannerWhereLegible() throws {
        let offscreen = try OffscreenRenderer(width: 64, height: 64)
        defer { offscreen.close() }
        let painter = NewsLogPainter(canvas: offscreen.canvas)
        for fold in [0.25, 0.5] {
            let session = try Self.sessionWithABanner(fold: fold)
            let layout = session.hudLayout
            let banner = try #require(session.table.banner)
            let own = try #require(layout.frame(of: BroadsideHUD.ElementID.secondaryBoard), "fold \(fold): the own fleet shows")
            let frame = try #require(session.table.bannerFrame(of: banner, in: layout, canvas: offscreen.canvas), "fold \(fold)")
            #expect(painter.isLegible(banner, over: frame))
            if fold == 0.25 {
                #expect(own.width < 150, "the own fleet is a thumbnail at fold 0.25: \(own)")
                #expect(!painter.isLegible(banner, over: own), "the banner cannot be read over the thumbnail")
                #expect(frame != own)
                #expect(frame == layout.frame(of: BroadsideHUD.ElementID.primaryOverview), "over the overview, a board looked at")
            } else {
                #expect(frame == own, "fold 0.5: over the own fleet, as the table asks")
            }
            #expect(try Screenshot.scene(of: session).width > 0)
        }
    }
}
