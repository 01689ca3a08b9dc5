import Broadside
import BroadsideDesktop
import DuoDesktop
import DuoPlatform
import TabletopEngine
import Testing

/// Pixel checks of rendered frames. SDL is process-wide, so these run in the
/// one serialized SDL suite (see `OffscreenRenderingTests`) through this extension.
extension OffscreenRenderingTests {
    /// How many pixels of `image` inside `rect` are within `tolerance` of `color`.
    static func count(_ color: RGBAColor, in image: PixelImage, rect: Rect, tolerance: Int = 6) -> Int {
        var total = 0
        for y in max(0, Int(rect.minY))..<min(image.height, Int(rect.maxY)) {
            for x in max(0, Int(rect.minX))..<min(image.width, Int(rect.maxX)) where image.pixel(x: x, y: y).isClose(to: color, tolerance: tolerance)
            {
                total += 1
            }
        }
        return total
    }

    @Test("The crease band is drawn exactly where the fold is, in tabletop and in book, and not when flat")
    func creaseWhereTheFoldIs() throws {
        let tabletop = try Screenshot.scene(of: DesktopFixtures.session(.tabletop))
        #expect(tabletop.width == 660 && tabletop.height == 932)
        for x in [5, 330, 655] {
            #expect(tabletop.pixel(x: x, y: 462).isClose(to: Palette.crease, tolerance: 4), "crease at (\(x), 462)")
            #expect(!tabletop.pixel(x: x, y: 440).isClose(to: Palette.crease, tolerance: 12), "no crease at (\(x), 440)")
            #expect(!tabletop.pixel(x: x, y: 490).isClose(to: Palette.crease, tolerance: 12), "no crease at (\(x), 490)")
        }
        let book = try Screenshot.scene(of: DesktopFixtures.session(.book))
        #expect(book.pixel(x: 462, y: 10).isClose(to: Palette.crease, tolerance: 4))
        #expect(book.pixel(x: 462, y: 650).isClose(to: Palette.crease, tolerance: 4))
        #expect(!book.pixel(x: 440, y: 330).isClose(to: Palette.crease, tolerance: 12))
        // A moved fold moves the crease.
        let moved = try Screenshot.scene(of: DesktopFixtures.session(.book) { try? $0.setFoldPosition(0.3) })
        #expect(moved.pixel(x: 280, y: 10).isClose(to: Palette.crease, tolerance: 4))
        #expect(!moved.pixel(x: 462, y: 10).isClose(to: Palette.crease, tolerance: 12))
        let flat = try Screenshot.scene(of: DesktopFixtures.session(.flat))
        #expect(Self.count(Palette.crease, in: flat, rect: Rect(x: 440, y: 0, width: 52, height: 660), tolerance: 4) == 0)
    }

    @Test("Buttons are drawn on the flat half and status on the upright half; in book on their own sides, mirrored in RTL")
    func hudOnTheRightHalves() throws {
        let tabletop = try Screenshot.scene(of: DesktopFixtures.session(.tabletop))
        let upper = Rect(x: 0, y: 0, width: 660, height: 450)
        let lower = Rect(x: 0, y: 482, width: 660, height: 450)
        #expect(Self.count(Palette.button, in: tabletop, rect: upper) == 0)
        #expect(Self.count(Palette.button, in: tabletop, rect: lower) > 3_000)
        let session = DesktopFixtures.session(.tabletop)
        let turn = try #require(session.hudLayout.frame(of: BroadsideHUD.ElementID.turn))
        #expect(turn.maxY <= 450)
        // Inside the status cell, away from its text: the cell's own background, not the sea.
        let inside = tabletop.pixel(x: Int(turn.maxX) - 6, y: Int(turn.maxY) - 5)
        #expect(!inside.isClose(to: Palette.uprightSea, tolerance: 3))

        let book = try Screenshot.scene(of: DesktopFixtures.session(.book))
        let left = Rect(x: 0, y: 0, width: 450, height: 660)
        let right = Rect(x: 482, y: 0, width: 450, height: 660)
        #expect(Self.count(Palette.button, in: book, rect: left) == 0)
        #expect(Self.count(Palette.button, in: book, rect: right) > 3_000)
        let rtl = try Screenshot.scene(of: DesktopFixtures.session(.book) { $0.layoutDirection = .rightToLeft })
        #expect(Self.count(Palette.button, in: rtl, rect: right) == 0)
        #expect(Self.count(Palette.button, in: rtl, rect: left) > 3_000)
    }

    @Test("A camera not in use is drawn as the device shows it, not at all: the content under it shows; in use, its hole is drawn")
    func unusedCameraHidesNothing() throws {
        for posture in [Posture.tabletop, .book, .flat, .tent] {
            let idle = DesktopFixtures.session(posture)
            let inUse = DesktopFixtures.session(posture) { $0.isInnerCameraInUse = true }
            let region = try #require(
                idle.sceneContext.reservedRegions(options: .includeInactive, layoutDirectionBehavior: .fixed)
                    .first { $0.id == .innerCamera }, "\(posture): the inner camera is somewhere in the scene")
            #expect(!region.isActive)
            let hole = region.frame.inset(by: region.margins)
            let plain = try Screenshot.scene(of: idle)
            let active = try Screenshot.scene(of: inUse)
            #expect(Self.count(Palette.cameraHole, in: plain, rect: hole, tolerance: 2) == 0, "\(posture): no hole drawn while the camera is off")
            // Not even a faint disc: the scene is the very one a device with no inner camera shows.
            var cameraless = DesktopFixtures.profile("duo")
            cameraless.displays[.inner]?.occlusions.removeAll { $0.id == .innerCamera }
            let bare = DesktopSession(
                state: DeviceState(profile: cameraless, posture: posture), profiles: [cameraless],
                game: DesktopFixtures.local(), sensor: .ideal, sensorSeed: 5, freeform: false)
            let reference = try Screenshot.scene(of: bare)
            var differing = 0
            for y in Int(hole.minY)..<Int(hole.maxY.rounded(.up)) {
                for x in Int(hole.minX)..<Int(hole.maxX.rounded(.up)) where plain.pixel(x: x, y: y) != reference.pixel(x: x, y: y) {
                    differing += 1
                }
            }
            #expect(differing == 0, "\(posture): \(differing) pixels of the camera's circle differ from a device without it")
            #expect(
                Self.count(Palette.cameraHole, in: active, rect: hole, tolerance: 2) > Int(hole.width * hole.height) / 3,
                "\(posture): the hole is drawn while the camera is in use")
        }
    }

    @Test("A flat fold draws nothing over the content: one continuous display")
    func flatFoldDrawsNothing() throws {
        let session = DesktopFixtures.session(.flat)
        let fold = try #require(
            session.sceneContext.reservedRegions(options: .includeInactive, layoutDirectionBehavior: .fixed)
                .first { $0.id == .fold })
        #expect(!fold.isActive)
        let image = try Screenshot.scene(of: session)
        // Across the fold line, each pixel matches its neighbour two points away on the same side of any drawing:
        // the fold adds no line of its own (Broadside's flat screen has plain sea there).
        let x = Int(fold.frame.minX)
        var differing = 0
        for y in stride(from: 4, to: image.height - 4, by: 7)
        where image.pixel(x: x, y: y) != image.pixel(x: x - 2, y: y)
            && image.pixel(x: x, y: y) != image.pixel(x: x + 2, y: y)
        {
            differing += 1
        }
        #expect(differing < image.height / 7 / 4, "a line along the fold would differ from both sides on most rows")
    }

    @Test("The debug overlay marks the reserved regions where they are, and only there")
    func overlayWhereTheRegionsAre() throws {
        let plain = DesktopFixtures.session(.tabletop) { $0.isInnerCameraInUse = true }
        let marked = DesktopFixtures.session(.tabletop) { $0.isInnerCameraInUse = true }
        marked.showsRegions = true
        let before = try Screenshot.scene(of: plain)
        let after = try Screenshot.scene(of: marked)
        let camera = try #require(marked.sceneContext.reservedRegions(kind: .occlusion).first { $0.id == .innerCamera }).frame
        func magenta(_ color: RGBAColor) -> Bool { Int(color.red) > Int(color.green) + 30 && Int(color.blue) > Int(color.green) + 30 }
        // Inside the camera's frame but outside its hole (the margin): tinted with the overlay.
        #expect(magenta(after.pixel(x: Int(camera.minX) + 3, y: Int(camera.maxY) - 3)))
        #expect(!magenta(before.pixel(x: Int(camera.minX) + 3, y: Int(camera.maxY) - 3)))
        // The fold band's margin is tinted too; the middle of the flat half is untouched.
        #expect(magenta(after.pixel(x: 600, y: 452)))
        #expect(after.pixel(x: 600, y: 700) == before.pixel(x: 600, y: 700))
        #expect(after.pixel(x: 20, y: 300) == before.pixel(x: 20, y: 300))
    }

    @Test("A whole frame tilts the upright panel, keeps the flat one square, and draws the crease at the fold")
    func wholeFrameTiltAndCrease() throws {
        let session = DesktopFixtures.session(.tabletop)
        let size = Screenshot.windowSize(for: session, scale: 0.8)
        let image = try Screenshot.frame(of: session, width: size.width, height: size.height)
        let presentation = session.presentation(in: FrameRenderer.viewport(windowWidth: Double(size.width), windowHeight: Double(size.height)))
        let crease = try #require(presentation.pixelPoint(forScene: Point(x: 330, y: 462)))
        #expect(image.pixel(x: Int(crease.x), y: Int(crease.y)).isClose(to: Palette.crease, tolerance: 10))
        let screen = presentation.screenFrame
        // The upright panel leans back: its top corners pull in, leaving the bezel (or the window) there.
        let topCorner = image.pixel(x: Int(screen.minX) + 2, y: Int(screen.minY) + 2)
        #expect(topCorner.isClose(to: Palette.bezel, tolerance: 8) || topCorner.isClose(to: Palette.windowBackground, tolerance: 8))
        // The flat panel fills its corner.
        let bottomCorner = image.pixel(x: Int(screen.minX) + 3, y: Int(screen.maxY) - 3)
        #expect(bottomCorner.isClose(to: Palette.flatSea, tolerance: 10))
    }

    @Test("A screenshot without a fold (classic) draws one panel and no crease")
    func classicHasNoCrease() throws {
        let image = try Screenshot.scene(of: DesktopFixtures.session(.flat, profile: "classic"))
        #expect(image.width == 440 && image.height == 956)
        #expect(Self.count(Palette.crease, in: image, rect: Rect(x: 0, y: 0, width: 440, height: 956), tolerance: 3) == 0)
    }
}
