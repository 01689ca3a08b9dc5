import Broadside
import BroadsideDesktop
import DuoDesktop
import DuoPlatform
import Foundation
import TabletopEngine
import Testing

/// The victory photo on screen, by pixels. SDL is process-wide, so these run
/// in the one serialized SDL suite (see `OffscreenRenderingTests`).
extension OffscreenRenderingTests {
    /// The window pixels where the preview's picture is drawn (its corners
    /// through the presentation: scaling, tilt), a little inside.
    static func picturePixels(of session: DesktopSession, width: Int, height: Int) throws -> Rect {
        let layout = session.hudLayout
        let element = try #require(layout.frame(of: VictoryPhotoScreen.ElementID.preview))
        let image = try #require(session.victoryPhotoPreview?.image)
        let picture = VictoryPhotoPreview.pictureFrame(imageWidth: image.width, imageHeight: image.height, in: element)
        let presentation = session.presentation(in: session.deviceViewport(windowWidth: Double(width), windowHeight: Double(height)))
        let corners = try [
            Point(x: picture.minX, y: picture.minY), Point(x: picture.maxX, y: picture.minY),
            Point(x: picture.minX, y: picture.maxY), Point(x: picture.maxX, y: picture.maxY),
        ]
        .map { try #require(presentation.pixelPoint(forScene: $0)) }
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        return Rect(x: xs.min()! + 2, y: ys.min()! + 2, width: xs.max()! - xs.min()! - 4, height: ys.max()! - ys.min()! - 4)
    }

    @Test("On screen the preview's marker points up and the sun is on the viewer's left, through every posture and turn during the photo")
    func victoryPreviewUpOnScreen() throws {
        let session = VictoryPhotoTesting.wonSession(.tabletop)
        for posture in [Posture.tabletop, .book, .flat, .tent, .closed] {
            session.apply(.posture(posture))
            for turn in 0..<4 {
                if turn > 0 { session.apply(.rotate(clockwise: true)) }
                let context = "\(posture) \(session.device.state.orientation)"
                let size = Screenshot.windowSize(for: session, scale: 1)
                let frame = try Screenshot.frame(of: session, width: size.width, height: size.height, statusLine: false)
                let region = try Self.picturePixels(of: session, width: size.width, height: size.height)
                let picture = VictoryPhotoTesting.Picture(frame, region: region)
                #expect(VictoryPhotoTesting.marker(picture) == .up, "marker up on screen, \(context)")
                #expect(VictoryPhotoTesting.skySide(picture) == .up, "sky up on screen, \(context)")
                #expect(VictoryPhotoTesting.sunSide(picture) == .left, "mirrored like a mirror, \(context)")
                // The capture accessory's inset shows exactly while the device is open.
                let inset = session.accessoryInset(windowWidth: Double(size.width), windowHeight: Double(size.height))
                #expect((inset != nil) == (posture != .closed), "\(context)")
                if let inset {
                    #expect(
                        Self.count(Palette.yourTurn.withAlpha(255), in: frame, rect: inset.layout.inset, tolerance: 30) > 200,
                        "the score cell is drawn in the inset, \(context)")
                }
            }
        }
    }

    @Test("The shutter's flash whitens the picture, then fades")
    func shutterFlash() throws {
        let folder = try VictoryPhotoTesting.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = VictoryPhotoTesting.wonSession(.closed, folder: folder)
        let element = try #require(session.hudLayout.frame(of: VictoryPhotoScreen.ElementID.preview))
        let image = try #require(session.victoryPhotoPreview?.image)
        let picture = VictoryPhotoPreview.pictureFrame(imageWidth: image.width, imageHeight: image.height, in: element)
        // A point of ground, left of the marker's base.
        let x = Int(picture.minX + picture.width * 0.1)
        let y = Int(picture.minY + picture.height * 0.7)
        let before = try Screenshot.scene(of: session).pixel(x: x, y: y)
        session.apply(.takePhoto)
        let flashed = try Screenshot.scene(of: session).pixel(x: x, y: y)
        session.advance(by: 1)
        let after = try Screenshot.scene(of: session).pixel(x: x, y: y)
        #expect(flashed.red > 240 && flashed.green > 240 && flashed.blue > 240)
        #expect(after == before)
        #expect(Int(before.green) > Int(before.red) + 40, "ground is green")
    }
}
