import DuoPlatform
import DuoTestSupport
import TabletopEngine
import Testing

@testable import Broadside

@Suite("Broadside's HUD keeps the board acted on on the flat half in tabletop")
struct BroadsideBandHUDTests {
    static func context(fold: Double, orientation: DeviceOrientation = .landscapeLeft, posture: Posture = .tabletop) throws -> LayoutContext {
        let profile = try DeviceProfile.named("duo", locator: AssetLocator(directory: PackageRoot.assets))
        var state = DeviceState(profile: profile, posture: posture)
        state.orientation = orientation
        try state.setFoldPosition(fold)
        return state.layoutContext
    }

    @Test("debug")
    func debug() throws {
        let hud = BroadsideHUD(rules: try Fixture.game().rules, isPassAndPlay: true)
        let context = try Self.context(fold: 0.25)
        for screen in [hud.screen(.placement), hud.screen(.battle, canPass: true)] {
            for candidate in screen.fallbacks {
                let layout = HUDLayout(elements: candidate, in: context)
                print(screen.name, layout.placements.map { "\($0.id) \($0.frame) \($0.pane)" }, layout.hiddenElements)
                print(HUDLint.check(layout, elements: candidate, in: context))
                let lower = candidate.filter { $0.anchor == .primaryBoard || $0.anchor == .controls }
                let alone = LayoutContext(size: Size(width: 660, height: 229))
                let l2 = HUDLayout(elements: lower, in: alone)
                print(l2.placements.map { "\($0.id) \($0.frame)" }, HUDLint.check(l2, elements: lower, in: alone))
            }
        }
    }
}
