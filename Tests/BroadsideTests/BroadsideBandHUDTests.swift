import DuoPlatform
import DuoTestSupport
import TabletopEngine
import Testing

@testable import Broadside

@Suite("Broadside's HUD keeps the board acted on on the flat half in tabletop")
struct BroadsideBandHUDTests {
    typealias ID = BroadsideHUD.ElementID

    static func context(
        _ posture: Posture = .tabletop, orientation: DeviceOrientation = .landscapeLeft, fold: Double, camera: Bool = false
    ) throws -> LayoutContext {
        let profile = try DeviceProfile.named("duo", locator: AssetLocator(directory: PackageRoot.assets))
        var state = DeviceState(profile: profile, posture: posture)
        state.orientation = orientation
        state.isInnerCameraInUse = camera
        try state.setFoldPosition(fold)
        return state.layoutContext
    }

    /// The screens with a board to act on.
    static func actingScreens(_ game: Broadside) -> [HUDScreen] {
        let hud = BroadsideHUD(rules: game.rules)
        return [hud.screen(.placement), hud.screen(.battle)]
    }

    @Test("At fold 0.25 the flat half holds a band of the rows at full touch size, the whole board stands upright to look at")
    func shortFlatHalfShowsTheBand() throws {
        for variant in ["classic", "salvo"] {
            let game = try Fixture.game(variant)
            let hud = BroadsideHUD(rules: game.rules)
            for (orientation, fold) in [(DeviceOrientation.landscapeLeft, 0.25), (.landscapeRight, 0.75)] {
                for camera in [false, true] {
                    let context = try Self.context(orientation: orientation, fold: fold, camera: camera)
                    let band = try #require(context.reservedRegions(kind: .division).first).frame
                    for screen in Self.actingScreens(game) {
                        let layout = screen.layout(in: context)
                        let situation = "\(variant) \(screen.name) \(orientation) camera \(camera)"
                        #expect(layout.frame(of: ID.primaryBoard) == nil, "\(situation)")
                        let shown = try #require(layout.frame(of: ID.primaryBand), "\(situation)")
                        #expect(shown.minY >= band.maxY, "\(situation): the band is on the flat half")
                        #expect(hud.bandGrid.cellSide(in: shown) >= BroadsideHUD.minimumCellSide, "\(situation): full touch size")
                        #expect(try #require(layout.frame(of: ID.otherRows)).minY >= band.maxY, "\(situation)")
                        #expect(try #require(layout.frame(of: ID.primaryOverview)).maxY <= band.minY, "\(situation): the overview stands upright")
                        #expect(screen.violations(in: context).isEmpty, "\(situation): \(screen.violations(in: context))")
                    }
                }
            }
            // With room on the flat half the whole board lies there, as before.
            let roomy = try Self.context(fold: 0.5)
            for screen in Self.actingScreens(game) {
                let layout = screen.layout(in: roomy)
                #expect(layout.frame(of: ID.primaryBoard) != nil && layout.frame(of: ID.primaryBand) == nil, "\(screen.name)")
            }
        }
    }

    @Test("Flat at fold 0.25 the screen already shows the band, so folding to tabletop moves nothing")
    func flatChoosesAsFolded() throws {
        let game = try Fixture.game()
        for screen in Self.actingScreens(game) {
            let flat = try Self.context(.flat, fold: 0.25)
            let folded = try Self.context(fold: 0.25)
            #expect(screen.elements(in: flat) == screen.elements(in: folded), "\(screen.name)")
            let moved = HUDLint.checkFolding(flat: screen.layout(in: flat), folded: screen.layout(in: folded), foldBandThickness: 32)
            #expect(moved.isEmpty, "\(screen.name): \(moved)")
        }
    }

    @Test("The two bands are the upper and the lower half of the rows; a cell's band is the one holding its row")
    func bandRows() throws {
        let hud = BroadsideHUD(rules: try Fixture.game().rules)
        #expect(hud.bandRowCount == 5 && hud.bandCount == 2)
        #expect(hud.bandRows(0) == 0..<5 && hud.bandRows(1) == 5..<10)
        #expect(hud.bandRows(7) == 5..<10 && hud.bandRows(-1) == 0..<5, "clamped")
        #expect(hud.band(holding: 4) == 0 && hud.band(holding: 5) == 1)
        #expect(hud.otherBand(than: 0) == 1 && hud.otherBand(than: 1) == 0)
        // An odd board's halves share the middle row.
        let odd = BroadsideHUD(rules: Fixture.rules(rows: 7, columns: 7, ships: [2]))
        #expect(odd.bandRows(0) == 0..<4 && odd.bandRows(1) == 3..<7)
        #expect(odd.band(holding: 3) == 0 && odd.band(holding: 6) == 1)
    }

    @Test("Once the match is over nothing on the boards is touched, so the final boards may stand upright")
    func finalBoardsAreLookedAt() throws {
        let hud = BroadsideHUD(rules: try Fixture.game().rules)
        let over = hud.screen(.gameOver)
        #expect(over.elements.filter(\.isInteractive).map(\.id) == [ID.newGame, ID.help])
        #expect(over.violations(in: try Self.context(fold: 0.25)).isEmpty)
    }
}
