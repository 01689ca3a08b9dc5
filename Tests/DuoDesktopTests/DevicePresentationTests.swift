import BroadsideDesktop
import DuoDesktop
import DuoPlatform
import Testing

@Suite("Device presentation: scaling, tilt and rotation, and back again")
struct DevicePresentationTests {
    let viewport = Rect(x: 0, y: 0, width: 1280, height: 800)

    func tabletop(tilt: Double, rotation: QuarterTurns = .none) -> DevicePresentation {
        let fold = FoldGeometry(axis: .horizontal, line: 466, band: Rect(x: 0, y: 450, width: 660, height: 32), isActive: true)
        return DevicePresentation(sceneSize: Size(width: 660, height: 932), fold: fold, tilt: tilt, viewport: viewport, rotation: rotation)
    }

    @Test("A click reaches the scene point drawn under it, through scaling, tilt and every rotation")
    func clicksMapBackThroughEveryTransformation() throws {
        let samples = [
            Point(x: 10, y: 10), Point(x: 330, y: 200), Point(x: 650, y: 440), Point(x: 100, y: 470),
            Point(x: 600, y: 900), Point(x: 330, y: 466.5),
        ]
        for turns in 0..<4 {
            for tilt in [0.0, 0.5, 1.0] {
                let presentation = tabletop(tilt: tilt, rotation: QuarterTurns(turns))
                for point in samples {
                    let pixel = try #require(presentation.pixelPoint(forScene: point))
                    let back = try #require(presentation.scenePoint(atPixelX: pixel.x, y: pixel.y), "\(point) turns \(turns) tilt \(tilt)")
                    #expect(abs(back.x - point.x) < 0.5 && abs(back.y - point.y) < 0.5, "\(point) came back as \(back)")
                }
            }
        }
    }

    @Test("The device keeps its aspect ratio and fits the window")
    func fitsKeepingAspect() {
        let presentation = tabletop(tilt: 0)
        let frame = presentation.screenFrame
        #expect(abs(frame.width / frame.height - 660.0 / 932.0) < 0.01)
        #expect(frame.minX >= 0 && frame.maxX <= 1280 && frame.minY >= 0 && frame.maxY <= 800)
        // The bezel is inside the viewport too.
        for panel in presentation.panels {
            for corner in panel.bezel { #expect(corner.y >= -0.5 && corner.y <= 800.5) }
        }
    }

    @Test("Tilt narrows the upright panel's far edge and leaves the flat panel alone")
    func tiltShapesOnlyTheUprightPanel() throws {
        let flat = tabletop(tilt: 0)
        let tilted = tabletop(tilt: 1)
        let topLeftFlat = try #require(flat.pixelPoint(forScene: Point(x: 0, y: 0)))
        let topLeftTilted = try #require(tilted.pixelPoint(forScene: Point(x: 0, y: 0)))
        #expect(topLeftTilted.x > topLeftFlat.x + 10)
        #expect(topLeftTilted.y > topLeftFlat.y)
        let bottom = Point(x: 0, y: 931)
        #expect(flat.pixelPoint(forScene: bottom)! == tilted.pixelPoint(forScene: bottom)!)
        // The screen's top-left corner is now outside the display: nothing is clicked there.
        #expect(tilted.scenePoint(atPixelX: topLeftFlat.x + 1, y: topLeftFlat.y + 1) == nil)
        #expect(flat.scenePoint(atPixelX: topLeftFlat.x + 1, y: topLeftFlat.y + 1) != nil)
    }

    @Test("The tilt follows the hinge only while partially open")
    func tiltFollowsHinge() {
        #expect(DevicePresentation.tiltAmount(hinge: nil) == 0)
        #expect(DevicePresentation.tiltAmount(hinge: Hinge(status: .fullyOpen, angle: HingeAngle(degrees: 178))) == 0)
        #expect(DevicePresentation.tiltAmount(hinge: Hinge(status: .closed, angle: HingeAngle(degrees: 2))) == 0)
        let at100 = DevicePresentation.tiltAmount(hinge: Hinge(status: .partiallyOpen, angle: HingeAngle(degrees: 100)))
        let at150 = DevicePresentation.tiltAmount(hinge: Hinge(status: .partiallyOpen, angle: HingeAngle(degrees: 150)))
        #expect(at100 > at150 && at150 > 0)
    }

    @Test("A homography sends the unit square's corners to the quadrilateral's")
    func homographyCorners() {
        let corners: [(x: Double, y: Double)] = [(10, 20), (110, 25), (120, 200), (5, 180)]
        let map = Homography(unitSquareTo: corners)
        for (index, (u, v)) in [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)].enumerated() {
            let point = map.apply(u: u, v: v)
            #expect(abs(point.x - corners[index].x) < 1e-9 && abs(point.y - corners[index].y) < 1e-9)
        }
    }

    @Test("Quarter turns move the corners of an area where a turn should")
    func quarterTurns() {
        #expect(QuarterTurns(1).apply(x: 0, y: 0, width: 10, height: 20) == (20, 0))
        #expect(QuarterTurns(2).apply(x: 0, y: 0, width: 10, height: 20) == (10, 20))
        #expect(QuarterTurns(3).apply(x: 0, y: 0, width: 10, height: 20) == (0, 10))
        #expect(QuarterTurns(-1) == QuarterTurns(3))
    }
}
