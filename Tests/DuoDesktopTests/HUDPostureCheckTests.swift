import Broadside
import BroadsideDesktop
import DuoPlatform
import TabletopEngine
import Testing

@Suite("Posture checks during headless matches")
struct HUDPostureCheckTests {
    func play(profile: DeviceProfile, source: PostureSource, seed: UInt64) throws -> HUDPostureCheck<Broadside> {
        let game = DesktopFixtures.game
        let hud = BroadsideHUD(rules: game.rules)
        let setup = MatchSetup(seed: seed)
        var seat0 = try game.makeBot(named: "hunt", seat: .first, seed: setup.botSeed(for: .first))
        var seat1 = try game.makeBot(named: "random", seat: .second, seed: setup.botSeed(for: .second))
        var check = HUDPostureCheck<Broadside>(profile: profile, source: source, matchIndex: 0) { hud.screen(for: $0) }
        _ = try MatchDriver.play(game, setup: setup, seat0: &seat0, seat1: &seat1, observer: &check)
        return check
    }

    @Test("The shipped HUD survives a random walk of the duo through whole matches")
    func walkIsClean() throws {
        for seed in 1...4 as ClosedRange<UInt64> {
            let check = try play(profile: DesktopFixtures.profile("duo"), source: .walk(seed: 3), seed: seed)
            #expect(check.findings.isEmpty, "\(check.findings.prefix(3).map(\.description))")
            #expect(check.stepCount > 50, "a step before every move")
            #expect(check.layoutCount > 10 && check.layoutCount < check.stepCount, "layouts only when the context or the screen changes")
        }
    }

    @Test("A hinge sweep inside partiallyOpen lays nothing out again")
    func sweepLaysOutNothing() throws {
        let steps = stride(from: 20.0, through: 170, by: 10).map { PostureStep(angleDegrees: $0) }
        let check = try play(
            profile: DesktopFixtures.profile("duo"), source: .script(PostureScript(steps: [PostureStep(posture: .tabletop)] + steps)), seed: 5)
        #expect(check.findings.isEmpty)
        // One layout per screen (placement, battle, game over), however many steps.
        #expect(check.layoutCount <= 4)
        #expect(check.stepCount > 50)
    }

    @Test("A cramped device fails with the step, the posture, the element and the region named")
    func crampedDeviceFails() throws {
        var profile = DesktopFixtures.profile("duo")
        profile.displays[.inner] = DeviceProfile.Display(width: 620, height: 420, occlusions: [])
        profile.name = "cramped"
        let check = try play(profile: profile, source: .script(try PostureScript(parsing: "tabletop\nbook")), seed: 1)
        let finding = try #require(check.findings.first)
        #expect(finding.description.contains("cramped"))
        #expect(finding.description.contains("step "))
        #expect(finding.description.contains("element '"))
        #expect(finding.situation.contains("tabletop") || finding.situation.contains("book"))
    }
}
