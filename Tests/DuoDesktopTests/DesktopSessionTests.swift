import Broadside
import BroadsideDesktop
import DuoDesktop
import DuoPlatform
import TabletopEngine
import Testing

@Suite("Desktop session: hotkeys, clicks and the device")
struct DesktopSessionTests {
    // Every line of the help against its binding: HotkeyHelpTests.
    @Test("Digits outside the five postures and unlisted letters are no window command; the help text lists the table")
    func unboundKeys() {
        #expect(Hotkeys.command(for: .digit(7), shift: false) == nil)
        #expect(Hotkeys.command(for: .digit(0), shift: false) == nil)
        #expect(Hotkeys.command(for: .letter("z"), shift: true) == .gameKey(.letter("z"), shift: true))
        let text = Hotkeys.helpText()
        for line in Hotkeys.table { #expect(text.contains(line.action), "\(line.keys)") }
    }

    @Test("Posture, rotation, fold, camera, direction and profile keys change the device")
    func deviceCommands() throws {
        let session = DesktopFixtures.session(.flat)
        session.apply(.posture(.tabletop))
        #expect(session.device.state.matchingPosture == .tabletop)
        #expect(session.sceneContext.size == Size(width: 660, height: 932))
        session.apply(.rotate(clockwise: true))
        #expect(session.device.state.orientation == .portraitUpsideDown)
        session.apply(.moveFold(0.05))
        #expect(abs(session.device.state.foldPosition - 0.55) < 1e-9)
        for _ in 0..<10 { session.apply(.moveFold(0.05)) }
        #expect(session.device.state.foldPosition == 0.75, "the fold stops at the profile's limit")
        session.apply(.toggleInnerCamera)
        #expect(session.device.state.isInnerCameraInUse)
        session.apply(.toggleDirection)
        #expect(session.sceneContext.layoutDirection == .rightToLeft)
        session.apply(.switchProfile)
        #expect(session.device.state.profile.name == "classic")
        #expect(session.device.hingeContext.hinge == nil)
        session.apply(.cycleSensor)
        #expect(session.sensorModel == .noisy)
        session.apply(.back)
        #expect(session.wantsToQuit)
    }

    @Test("A click on the board reaches the cell under it; a click on a button presses it")
    func clicksGoThroughTheHUD() throws {
        let session = DesktopFixtures.session(.tabletop)
        let layout = session.hudLayout
        let board = try #require(layout.frame(of: BroadsideHUD.ElementID.primaryBoard))
        let cell = session.table.hud.grid.cellFrame(row: 3, column: 4, in: board)
        session.click(at: cell.center)
        #expect(session.table.view.fleet[0]?.origin == Cell(row: 3, column: 4))
        let autoPlace = try #require(layout.frame(of: BroadsideHUD.ElementID.autoPlace))
        session.click(at: autoPlace.center)
        #expect(session.table.view.isFleetComplete)
        #expect(session.table.moment == .battle)
    }

    @Test("Freeform scenes take the given size and keep the hardware's size and edges")
    func freeformScene() throws {
        let session = DesktopFixtures.session(.tabletop, freeform: true)
        session.setFreeformSize(Size(width: 1000, height: 700))
        let context = session.sceneContext
        #expect(context.size == Size(width: 1000, height: 700))
        let fold = try #require(context.reservedRegions(kind: .division).first)
        #expect(fold.frame.height == 32 && fold.frame.width == 1000)
        #expect(abs(fold.frame.midY - 350) < 0.5)
        let layout = session.hudLayout
        #expect(HUDLint.check(layout, elements: session.table.screen.elements, in: context).isEmpty)
    }

    @Test("The status line names profile, posture, status, angle, orientation, fold and frame time")
    func statusLine() {
        let session = DesktopFixtures.session(.book)
        let line = session.statusLine(frameMilliseconds: 2.25)
        for part in ["duo", "book", "partiallyOpen 110°", "portrait", "fold 0.50", "2.2 ms"] {
            #expect(line.contains(part), "\(part) in \(line)")
        }
    }
}
