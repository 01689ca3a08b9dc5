import BroadsideDesktop
import DuoDesktop
import DuoPlatform
import DuoTestSupport
import Foundation
import TabletopEngine
import Testing

@Suite("Victory photo: when it opens and closes, the camera's view, the photo files")
struct VictoryPhotoFlowTests {
    @Test("It opens once when a person wins, never for a bot's win, and closes when the next match starts")
    func opensOnceForAPersonsWin() {
        var flow = VictoryPhotoFlow()
        #expect(flow.follow(match: 0, isOver: false, personVictory: nil) == .none)
        #expect(flow.follow(match: 0, isOver: true, personVictory: "Player 2 wins!") == .open(headline: "Player 2 wins!"))
        #expect(flow.phase == .open(headline: "Player 2 wins!"))
        #expect(flow.follow(match: 0, isOver: true, personVictory: "Player 2 wins!") == .none, "not twice for one match")
        #expect(flow.follow(match: 1, isOver: false, personVictory: nil) == .close, "a new match closes it")
        #expect(!flow.isOpen)
        #expect(flow.follow(match: 1, isOver: true, personVictory: nil) == .none, "the bot won: nothing opens")
        #expect(flow.follow(match: 1, isOver: true, personVictory: nil) == .none)
        #expect(!flow.isOpen)
    }

    @Test("Closing by hand keeps it closed for the rest of that match")
    func closingStaysClosed() {
        var flow = VictoryPhotoFlow()
        _ = flow.follow(match: 3, isOver: true, personVictory: "You win!")
        let closed = flow.close()
        let closedAgain = flow.close()
        #expect(closed)
        #expect(!closedAgain, "closing a closed photo does nothing")
        #expect(flow.follow(match: 3, isOver: true, personVictory: "You win!") == .none)
        #expect(flow.follow(match: 4, isOver: true, personVictory: "You win!") == .open(headline: "You win!"))
    }

    @Test("Broadside: against a bot only the person's win is photographed; in pass-and-play either winner is")
    func personVictoryRule() throws {
        let versus = DesktopFixtures.local(.versusBot("hunt"))
        #expect(versus.personVictory == nil && !versus.isMatchOver)
        versus.playDemoTurns(500)
        #expect(versus.isMatchOver)
        let winner = try #require(versus.shown.result?.winner)
        #expect(versus.personVictory == (winner == .first ? "You win!" : nil))
        let shared = DesktopFixtures.local(.passAndPlay)
        shared.playDemoTurns(500)
        // The winner fired the last shot and holds the device: either player's win is photographed.
        #expect(shared.isMatchOver && shared.personVictory == "You win!")
        #expect(shared.holder == shared.shown.result?.winner)
        let number = shared.matchNumber
        shared.perform(.newGame)
        #expect(shared.matchNumber == number + 1 && !shared.isMatchOver && shared.personVictory == nil)
        #expect(shared.victoryPhotoScreen.elements.contains { $0.id == VictoryPhotoScreen.ElementID.preview && $0.anchor == .secondaryBoard })
    }

    @Test("The shutter's flash fades out; a notice shows for a while, then the camera's name again")
    func flashAndNoticeFade() {
        var flow = VictoryPhotoFlow()
        _ = flow.follow(match: 0, isOver: true, personVictory: "You win!")
        #expect(flow.flash == 0 && flow.notice == nil)
        flow.photoSaved(as: "/photos/victory-photo-001.png", name: "victory-photo-001.png")
        #expect(flow.flash == 1)
        #expect(flow.notice == "Saved as victory-photo-001.png")
        flow.advance(by: VictoryPhotoFlow.flashSeconds / 2)
        #expect(abs(flow.flash - 0.5) < 1e-9)
        flow.advance(by: 1)
        #expect(flow.flash == 0)
        #expect(flow.notice != nil)
        flow.advance(by: VictoryPhotoFlow.noticeSeconds)
        #expect(flow.notice == nil)
        #expect(flow.savedFiles == ["/photos/victory-photo-001.png"])
        flow.report("No camera")
        #expect(flow.notice == "No camera")
        flow.close()
        #expect(flow.notice == nil)
    }

    @Test("The winner's view is the preview's frame, mapped in proportion from a freeform scene")
    func winnersView() {
        let scene = Size(width: 660, height: 932)
        let frame = Rect(x: 20, y: 40, width: 300, height: 300)
        #expect(VictoryCamera.view(previewFrame: frame, sceneSize: scene, deviceSceneSize: scene) == CameraView(scene: .main, frame: frame))
        #expect(VictoryCamera.view(previewFrame: nil, sceneSize: scene, deviceSceneSize: scene) == .mainScene)
        let freeform = VictoryCamera.view(
            previewFrame: Rect(x: 10, y: 20, width: 150, height: 150),
            sceneSize: Size(width: 330, height: 466), deviceSceneSize: scene)
        #expect(freeform.frame == Rect(x: 20, y: 40, width: 300, height: 300))
    }

    @Test("Photo files are numbered after the highest photo in the folder, other files ignored")
    func photoNumbers() {
        #expect(VictoryPhotoWriter.fileName(number: 7) == "victory-photo-007.png")
        #expect(VictoryPhotoWriter.fileName(number: 1234) == "victory-photo-1234.png")
        #expect(VictoryPhotoWriter.nextNumber(existing: []) == 1)
        #expect(
            VictoryPhotoWriter.nextNumber(existing: [
                "victory-photo-002.png", "victory-photo-010.png", "notes.txt",
                "victory-photo-x.png", "victory-photo-099.jpg",
            ]) == 11)
    }

    @Test("A photo is written as an enlarged, exact PNG, never over another file, and a missing folder is a clear error")
    func photoFiles() throws {
        let folder = try VictoryPhotoTesting.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var frame = CameraFrame(width: 3, height: 2, color: SyntheticScene.sky)
        frame.set(x: 2, y: 1, to: SyntheticScene.sun)
        let writer = VictoryPhotoWriter(folder: folder, scale: 4)
        let first = try writer.save(frame)
        let second = try writer.save(frame)
        #expect(first.lastPathComponent == "victory-photo-001.png")
        #expect(second.lastPathComponent == "victory-photo-002.png")
        let image = try PNGImage(contentsOf: first)
        #expect(image.width == 12 && image.height == 8)
        let sun = image.pixel(x: 11, y: 7)
        let sky = image.pixel(x: 7, y: 7)
        #expect(sun.red == SyntheticScene.sun.red && sun.green == SyntheticScene.sun.green && sun.blue == SyntheticScene.sun.blue)
        #expect(sky.red == SyntheticScene.sky.red && sky.blue == SyntheticScene.sky.blue)
        let missing = VictoryPhotoWriter(folder: folder.appendingPathComponent("nope"))
        #expect(throws: VictoryPhotoError.notAFolder(path: folder.appendingPathComponent("nope").path)) { try missing.save(frame) }
    }
}
