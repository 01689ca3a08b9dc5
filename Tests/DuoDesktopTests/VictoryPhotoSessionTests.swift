import Broadside
import BroadsideDesktop
import DuoDesktop
import DuoPlatform
import DuoTestSupport
import Foundation
import TabletopEngine
import Testing

@Suite("Victory photo in the desktop session: the camera, the preview, the accessory, the HUD")
struct VictoryPhotoSessionTests {
    typealias Reading = VictoryPhotoTesting

    /// The preview as the session shows it now: level, sky up, the sun on the viewer's left (a mirror).
    func expectLevelMirroredPreview(_ session: DesktopSession, _ context: String) throws {
        let preview = try #require(session.victoryPhotoPreview, "\(context)")
        let image = try #require(preview.image, "a picture, \(context)")
        let picture = Reading.Picture(image)
        #expect(Reading.marker(picture) == .up, "marker up, \(context)")
        #expect(Reading.skySide(picture) == .up, "sky up, \(context)")
        #expect(Reading.sunSide(picture) == .left, "mirrored like a mirror, \(context)")
    }

    /// The camera that faces `view` as an independent direction coordinator reports it, by preference.
    func forwardCamera(for view: CameraView, device: SimulatedDevice) throws -> String? {
        let system = try CameraSystem(device: device, locator: DesktopFixtures.assets)
        var map = CaptureDeviceDirectionMap()
        let coordinator = DirectionCoordinator(system: system, view: view, deviceTypes: VictoryCamera.preference) { map = $0 }
        defer { coordinator.invalidate() }
        return VictoryCamera.preference.lazy.compactMap { type in map.forwardFacingDeviceDescriptors.first { $0.type == type }?.id }.first
    }

    /// Who wins in `posture`: two people passing the device, except in tent, where
    /// two people each have their own half and no photo opens (`TentSeatsTests`): a person beating the bot.
    static func winner(_ posture: Posture) -> DesktopFixtures.Mode { posture == .tent ? .versusBot("hunt") : .passAndPlay }

    @Test("A person's win opens the camera that the direction map says faces the preview, in every posture")
    func cameraFacesTheWinnersView() throws {
        for posture in Posture.allCases {
            let session = Reading.wonSession(posture, mode: Self.winner(posture))
            #expect(session.victoryPhotos.flow.isOpen, "\(posture)")
            let camera = try #require(session.victoryPhotos.camera, "\(posture)")
            let view = camera.view
            #expect(view.frame == session.hudLayout.frame(of: VictoryPhotoScreen.ElementID.preview), "the view is the preview, \(posture)")
            let expected = try forwardCamera(for: view, device: session.device)
            #expect(camera.camera?.id == expected, "\(posture)")
            #expect(camera.isRunning)
            try expectLevelMirroredPreview(session, "\(posture)")
        }
        // Never by position: in tent the preview is on the cover half, and the rear camera faces its viewer.
        #expect(Reading.wonSession(.tent, mode: Self.winner(.tent)).victoryPhotos.camera?.camera?.id == "rear")
        #expect(Reading.wonSession(.closed).victoryPhotos.camera?.camera?.id == "outerFront")
        #expect(Reading.wonSession(.tabletop).victoryPhotos.camera?.camera?.id == "innerFront")
    }

    @Test("Against a bot, winning by clicks opens the photo; the bot's win does not")
    func versusBot() throws {
        let session = DesktopFixtures.session(.tabletop, mode: .versusBot("hunt"))
        session.victoryPhotos.cameraAssets = DesktopFixtures.assets
        session.apply(.gameKey(.letter("a"), shift: false))
        session.advance(by: 0)
        // Aimed at the bot's ships, which only the host knows: the person wins by clicks.
        var targets = Array(DesktopFixtures.hostState(of: session.match).occupied[.second])
        for _ in 0..<2_000 where session.table.view.phase == .battle {
            if session.table.isViewerFiring, session.table.movesInFlight == 0, let cell = targets.first {
                targets.removeFirst()
                let board = try #require(session.hudLayout.frame(of: BroadsideHUD.ElementID.primaryBoard))
                session.click(at: session.table.hud.grid.cellFrame(row: cell.row, column: cell.column, in: board).center)
            } else {
                session.advance(by: 1)
            }
        }
        #expect(session.table.view.winner == .first)
        #expect(session.victoryPhotos.flow.phase == .open(headline: "You win!"))
        #expect(session.accessoryContent?.victoryPhoto?.score == AccessoryScore(headline: "You win!", lines: session.table.scoreParts))

        let lost = DesktopFixtures.session(.tabletop, mode: .versusBot("hunt"))
        lost.victoryPhotos.cameraAssets = DesktopFixtures.assets
        lost.apply(.gameKey(.letter("a"), shift: false))
        lost.advance(by: 0)
        let botFleet = DesktopFixtures.hostState(of: lost.match).occupied[.second]
        for _ in 0..<2_000 where lost.table.view.phase == .battle {
            if lost.table.isViewerFiring, lost.table.movesInFlight == 0 {
                // The person keeps firing at the same corner: the bot wins.
                let board = try #require(lost.hudLayout.frame(of: BroadsideHUD.ElementID.primaryBoard))
                let free = (0..<100).map { Cell(row: $0 / 10, column: $0 % 10) }
                    .first { !botFleet.contains($0) && !lost.table.view.target.shots.contains($0) }
                let cell = try #require(free)
                lost.click(at: lost.table.hud.grid.cellFrame(row: cell.row, column: cell.column, in: board).center)
            } else {
                lost.advance(by: 1)
            }
        }
        #expect(lost.table.view.winner == .second)
        #expect(!lost.victoryPhotos.flow.isOpen)
        #expect(lost.victoryPhotos.camera == nil)
    }

    @Test("Folding, turning, opening and closing during the photo never tilt or mis-mirror the preview")
    func previewStaysLevelThroughEveryChange() throws {
        let session = Reading.wonSession(.tabletop)
        var coordinators = session.victoryPhotos.camera?.viewfinder.rotationCoordinatorCount ?? 0
        for posture in Posture.allCases + [.tent, .closed, .book] {
            session.apply(.posture(posture))
            for turn in 0..<5 {
                if turn > 0 { session.apply(.rotate(clockwise: true)) }
                let context = "\(posture) \(session.device.state.orientation)"
                try expectLevelMirroredPreview(session, context)
                let camera = try #require(session.victoryPhotos.camera)
                // The camera is always the one facing the preview's view, never a stale choice.
                #expect(camera.camera?.id == (try forwardCamera(for: camera.view, device: session.device)), "\(context)")
                #expect(camera.view.frame == session.hudLayout.frame(of: VictoryPhotoScreen.ElementID.preview), "\(context)")
            }
            let count = session.victoryPhotos.camera?.viewfinder.rotationCoordinatorCount ?? 0
            #expect(count >= coordinators)
            coordinators = count
        }
        for degrees in stride(from: 0.0, through: 180, by: 15) {
            session.apply(.hingeStep(degrees - session.device.state.hingeAngle.degrees))
            let camera = try #require(session.victoryPhotos.camera)
            let expected = try forwardCamera(for: camera.view, device: session.device)
            #expect(camera.camera?.id == expected, "hinge \(degrees)")
            if expected == nil {
                // Exactly at 90 degrees nothing faces the cover half's viewer: the preview says so.
                #expect(session.victoryPhotoPreview?.image == nil, "hinge \(degrees)")
            } else {
                try expectLevelMirroredPreview(session, "hinge \(degrees)")
            }
        }
        #expect(coordinators > 1, "display moves made new rotation coordinators")
    }

    @Test("Every hotkey keeps working while the camera is live")
    func hotkeysWhileLive() throws {
        #expect(Hotkeys.command(for: .letter("t"), shift: false) == .takePhoto)
        #expect(Hotkeys.helpText().contains("victory photo"))
        let folder = try Reading.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = Reading.wonSession(.tabletop, folder: folder)
        let commands: [DesktopCommand] = [
            .hingeStep(5), .hingeStep(-1), .moveFold(0.05), .moveFold(-0.1), .toggleDirection, .toggleRegions, .toggleDeviceFrame,
            .toggleHelp, .back, .cycleSensor, .switchProfile, .switchProfile, .gameKey(.space, shift: false),
            .gameKey(.letter("a"), shift: false), .gameKey(.backspace, shift: false), .confirm,
        ]
        for command in commands {
            session.apply(command)
            #expect(session.victoryPhotos.flow.isOpen, "\(command) leaves the camera open")
            #expect(!session.wantsToQuit)
            try expectLevelMirroredPreview(session, "after \(command)")
        }
        #expect(session.device.state.layoutDirection == .rightToLeft)
        #expect(session.showsRegions && session.showsDeviceFrame)
        #expect(session.sensorModel == .noisy)
        #expect(session.device.state.profile.name == "duo", "P twice: classic, then duo again, the camera reopened each time")
        session.apply(.toggleInnerCamera)
        #expect(session.victoryPhotos.flow.isOpen)
        session.apply(.takePhoto)
        #expect(session.victoryPhotos.flow.savedFiles.count == 1)
        session.apply(.back)
        #expect(!session.victoryPhotos.flow.isOpen, "Esc closes the camera first")
        #expect(!session.wantsToQuit)
        session.apply(.back)
        #expect(!session.wantsToQuit, "then takes the victory banner down, which stays until then")
        session.apply(.back)
        #expect(session.wantsToQuit, "then quits")
    }

    @Test("The camera reopens on the classic profile's front camera after P, level and mirrored")
    func profileSwitch() throws {
        let session = Reading.wonSession(.flat)
        session.apply(.switchProfile)
        #expect(session.device.state.profile.name == "classic")
        #expect(session.victoryPhotos.camera?.camera?.position == .front)
        for turn in 0..<4 {
            session.apply(.rotate(clockwise: true))
            try expectLevelMirroredPreview(session, "classic turn \(turn)")
        }
        #expect(session.accessoryContent == nil, "a hingeless phone has no accessory")
    }

    @Test("The shutter saves a level, true PNG, announces it and tells the window")
    func shutter() throws {
        let folder = try Reading.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = Reading.wonSession(.book, folder: folder)
        var told: [URL] = []
        session.victoryPhotos.onSaved = { told.append($0) }
        session.apply(.takePhoto)
        session.apply(.rotate(clockwise: true))
        session.apply(.takePhoto)
        #expect(told.map(\.lastPathComponent) == ["victory-photo-001.png", "victory-photo-002.png"])
        #expect(session.victoryPhotoPreview?.caption == "Saved as victory-photo-002.png")
        #expect(session.victoryPhotos.flow.flash == 1)
        session.advance(by: VictoryPhotoFlow.noticeSeconds)
        #expect(session.victoryPhotoPreview?.caption == "Inner front · mirrored")
        for url in told {
            let picture = Reading.Picture(try PNGImage(contentsOf: url))
            #expect(Reading.marker(picture) == .up, "\(url.lastPathComponent)")
            #expect(Reading.sunSide(picture) == .right, "a photo is never mirrored")
        }
        #expect(session.statusLine(frameMilliseconds: nil).contains("photo innerFront"))
    }

    @Test("A failed save is said under the preview and loses nothing: the camera stays open")
    func failedSave() throws {
        let session = Reading.wonSession(.tabletop, folder: URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)"))
        session.apply(.takePhoto)
        #expect(session.victoryPhotos.flow.isOpen)
        #expect(session.victoryPhotos.flow.savedFiles.isEmpty)
        #expect(session.victoryPhotoPreview?.caption.hasPrefix("The photo folder") == true)
        #expect(session.victoryPhotos.camera?.isRunning == true)
    }

    @Test("A profile without a camera rig says so in the preview, and the shutter says why it cannot")
    func noRig() throws {
        let empty = try Reading.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: empty) }
        let session = DesktopFixtures.session(.tabletop, mode: .passAndPlay)
        session.victoryPhotos.cameraAssets = AssetLocator(directory: empty)
        session.victoryPhotos.writer.folder = empty
        session.playDemoTurns(500)
        #expect(session.victoryPhotos.flow.isOpen)
        #expect(session.victoryPhotos.camera == nil)
        let preview = try #require(session.victoryPhotoPreview)
        #expect(preview.image == nil)
        #expect(preview.placeholder.hasPrefix("no victory photo: the profile 'duo' has no usable cameras"))
        session.apply(.takePhoto)
        #expect(session.victoryPhotoPreview?.caption.hasPrefix("No victory photo") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: empty.path).isEmpty, "nothing written")
        session.apply(.back)
        #expect(session.table.moment == .gameOver && !session.victoryPhotos.flow.isOpen)
    }

    @Test("The inner camera's occlusion turns on with the session and the HUD moves off it")
    func occlusionAndHUD() throws {
        let session = Reading.wonSession(.tabletop)
        #expect(session.device.state.isInnerCameraInUse)
        let context = session.sceneContext
        let hole = try #require(context.reservedRegions(kind: .occlusion).first { $0.id == .innerCamera })
        #expect(hole.isActive)
        let layout = session.hudLayout
        let screen = VictoryPhotoScreen.screen(for: session.table.hud)
        #expect(HUDLint.check(layout, elements: screen.elements, in: context, rules: screen.rules).isEmpty)
        for placement in layout.placements {
            #expect(!placement.frame.intersects(hole.frame), "\(placement.id) clear of the camera")
        }
        // Without the camera the preview would sit over the hole: the HUD really moved.
        var idle = session.device.state
        idle.isInnerCameraInUse = false
        let unmoved = screen.layout(in: idle.layoutContext)
        #expect(try #require(unmoved.frame(of: VictoryPhotoScreen.ElementID.preview)).intersects(hole.frame))
        // Closing the camera turns the occlusion off again.
        session.apply(.back)
        #expect(!session.device.state.isInnerCameraInUse)
        #expect(session.sceneContext.reservedRegions(kind: .occlusion).allSatisfy { $0.id != .innerCamera })
    }

    @Test("The accessory shows the score while the app fills the open device, and is withdrawn on closing")
    func accessory() throws {
        let session = Reading.wonSession(.tabletop)
        let camera = try #require(session.victoryPhotos.camera)
        #expect(camera.isAccessoryShown)
        #expect(camera.accessoryChangeCount == 1, "told through the callback when the session started")
        let content = try #require(session.accessoryContent)
        #expect(content.context.display == .outer)
        #expect(content.layout.frame(of: AccessoryScoreScene.ElementID.score) != nil)
        session.apply(.posture(.closed))
        #expect(!camera.isAccessoryShown)
        #expect(session.accessoryContent == nil)
        session.apply(.posture(.book))
        #expect(camera.isAccessoryShown)
        #expect(camera.accessoryChangeCount == 3)
        let size = Screenshot.windowSize(for: session, scale: 1)
        let inset = try #require(session.accessoryInset(windowWidth: Double(size.width), windowHeight: Double(size.height)))
        #expect(inset.layout.viewport.maxX <= inset.layout.inset.minX - AccessoryInsetLayout.bezel)
        session.apply(.back)
        #expect(session.accessoryContent == nil, "withdrawn when the session stops")
    }

    @Test("The accessory's score avoids the outer camera and status strip in every orientation")
    func accessoryLayout() throws {
        let profile = DesktopFixtures.profile("duo")
        for orientation in DeviceOrientation.allCases {
            for direction in LayoutDirection.allCases {
                let context = try #require(AccessoryScoreScene.context(profile: profile, orientation: orientation, direction: direction))
                let screen = AccessoryScoreScene.screen
                let layout = screen.layout(in: context)
                #expect(HUDLint.check(layout, elements: screen.elements, in: context, rules: screen.rules).isEmpty, "\(orientation) \(direction)")
                #expect(layout.hiddenElements.isEmpty)
            }
        }
        #expect(AccessoryScoreScene.context(profile: DesktopFixtures.profile("classic"), orientation: .portrait, direction: .leftToRight) == nil)
    }

    @Test("A new game closes the camera; the photo screen's controls are buttons that work")
    func controls() throws {
        let session = Reading.wonSession(.tabletop)
        let close = try #require(session.hudLayout.frame(of: VictoryPhotoScreen.ElementID.closePhoto))
        session.click(at: close.center)
        #expect(!session.victoryPhotos.flow.isOpen)
        #expect(session.table.moment == .gameOver)
        let again = Reading.wonSession(.tabletop)
        let newGame = try #require(again.hudLayout.frame(of: BroadsideHUD.ElementID.newGame))
        again.click(at: newGame.center)
        #expect(!again.victoryPhotos.flow.isOpen)
        #expect(again.victoryPhotos.camera == nil)
        #expect(!again.device.state.isInnerCameraInUse)
    }
}
