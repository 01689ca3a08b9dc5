import DuoPlatform
import Foundation
import TabletopEngine
import Testing

@testable import MiniGolf

@Suite("Mini golf presentation: HUD, course view, aiming, caddie camera")
struct PresentationTests {
    static let locator = AssetLocator(directory: GolfFixtures.assets)

    static func context(_ profile: String, _ posture: Posture, direction: LayoutDirection = .leftToRight) throws -> LayoutContext {
        let state = DeviceState(profile: try DeviceProfile.named(profile, locator: locator), posture: posture, layoutDirection: direction)
        return state.layoutContext
    }

    @Test("tabletop puts the course on the flat half and the caddie view on the upright half")
    func tabletopLayout() throws {
        let context = try Self.context("duo", .tabletop)
        let layout = MiniGolfHUD().screen(in: context).layout(in: context)
        let course = try #require(layout.placement(of: MiniGolfHUD.ElementID.course))
        let caddie = try #require(layout.placement(of: MiniGolfHUD.ElementID.caddie))
        let fold = try #require(context.reservedRegions(kind: .division).first).frame
        #expect(course.frame.minY >= fold.maxY, "course on the lower (flat) half")
        #expect(caddie.frame.maxY <= fold.minY, "caddie on the upper (upright) half")
        #expect(course.pane == .lower && caddie.pane == .upper)
    }

    @Test("book shows course and caddie side by side; flat, closed and classic show the course alone")
    func postureLayouts() throws {
        let book = try Self.context("duo", .book)
        let bookLayout = MiniGolfHUD().screen(in: book).layout(in: book)
        let course = try #require(bookLayout.frame(of: MiniGolfHUD.ElementID.course))
        let caddie = try #require(bookLayout.frame(of: MiniGolfHUD.ElementID.caddie))
        #expect(caddie.maxX <= course.minX || course.maxX <= caddie.minX)
        for (profile, posture) in [("duo", Posture.flat), ("duo", .closed), ("classic", .flat), ("classic", .tabletop)] {
            let context = try Self.context(profile, posture)
            let layout = MiniGolfHUD().screen(in: context).layout(in: context)
            #expect(layout.frame(of: MiniGolfHUD.ElementID.caddie) == nil, "\(profile) \(posture)")
            #expect(layout.frame(of: MiniGolfHUD.ElementID.course) != nil, "\(profile) \(posture)")
        }
    }

    @Test("flat is a single view: the course lies across the flat fold, using both halves")
    func flatIsASingleView() throws {
        for orientation in [DeviceOrientation.portrait, .landscapeLeft] {
            var state = DeviceState(profile: try DeviceProfile.named("duo", locator: Self.locator), posture: .flat)
            state.orientation = orientation
            let context = state.layoutContext
            let screen = MiniGolfHUD().screen(in: context)
            #expect(screen.flatLayout == .singleView)
            let layout = screen.layout(in: context)
            #expect(layout.panes.map(\.role) == [.whole], "\(orientation)")
            let course = try #require(layout.frame(of: MiniGolfHUD.ElementID.course))
            let line = try #require(context.reservedRegions(kind: .division, options: .includeInactive).first).frame
            if line.width > line.height {
                #expect(course.minY < line.minY && course.maxY > line.maxY, "\(orientation): \(course)")
            } else {
                #expect(course.minX < line.minX && course.maxX > line.maxX, "\(orientation): \(course)")
            }
            #expect(course.width * course.height > context.size.width * context.size.height / 2, "\(orientation): more than half the display")
        }
        // Folded, the course+caddie screen keeps room for the band as before.
        #expect(MiniGolfHUD().screen(in: try Self.context("duo", .book)).flatLayout == .split)
    }

    @Test("every golf screen lays out cleanly in every posture, orientation and direction")
    func lintIsClean() throws {
        let profiles = try ["duo", "classic"].map { try DeviceProfile.named($0, locator: Self.locator) }
        let report = HUDLintSweep(profiles: profiles, foldPositionCount: 3).run(screens: MiniGolfHUD().allScreens)
        #expect(report.isClean, "\(report.findings.prefix(5).map(\.description))")
        #expect(report.layoutCount > 0)
    }

    @Test("at any of 41 fold positions no golf element crosses the fold, not even by the 0.05 pt a rounding left")
    func lintIsCleanAtEveryFoldPosition() throws {
        // At fold 0.288 and 0.713 in book, the news log of a side column used
        // to end 0.05 pt inside the fold band: the column's status now closes up instead.
        let profiles = [try DeviceProfile.named("duo", locator: Self.locator)]
        let screens = [true, false].map { MiniGolfHUD().screen(withCaddie: true, wideCourse: $0) }
        let report = HUDLintSweep(profiles: profiles, foldPositionCount: 41, directions: [.leftToRight]).run(screens: screens)
        #expect(report.isClean, "\(report.findings.prefix(5).map(\.description))")
    }

    @Test("in tabletop the course stays on the flat half: a compact course where the inner camera leaves too little room there")
    func courseStaysOnTheFlatHalf() throws {
        let profile = try DeviceProfile.named("duo", locator: Self.locator)
        for (orientation, fold) in [(DeviceOrientation.landscapeLeft, 0.25), (.landscapeRight, 0.75), (.landscapeRight, 0.625)] {
            for camera in [false, true] {
                var state = DeviceState(profile: profile, posture: .tabletop)
                state.orientation = orientation
                state.isInnerCameraInUse = camera
                try state.setFoldPosition(fold)
                let context = state.layoutContext
                let screen = MiniGolfHUD().screen(in: context)
                let band = try #require(context.reservedRegions(kind: .division).first).frame
                let course = try #require(screen.layout(in: context).frame(of: MiniGolfHUD.ElementID.course))
                let situation = "\(orientation) fold \(fold) camera \(camera)"
                #expect(course.minY >= band.maxY, "\(situation): the course is on the flat half, \(course)")
                #expect(screen.violations(in: context).isEmpty, "\(situation): \(screen.violations(in: context))")
                let side = min(course.width, course.height)
                #expect(side >= MiniGolfHUD.compactCourseSide, "\(situation)")
                // Only the camera over the short flat half needs the compact course.
                let declared = try #require(screen.elements(in: context).first { $0.id == MiniGolfHUD.ElementID.course })
                #expect((declared.minimumSide < MiniGolfHUD.minimumCourseSide) == (camera && fold == 0.75), "\(situation)")
            }
        }
    }

    @Test("the course viewport maps course points to the board and back, turning long holes on wide boards")
    func courseViewportRoundTrip() throws {
        let hole = GolfFixtures.meadow.rules.holes[0]  // 100 x 420 cm
        let wide = CourseViewport(hole: hole, in: Rect(x: 10, y: 20, width: 600, height: 300))
        #expect(wide.isTurned)
        let tall = CourseViewport(hole: hole, in: Rect(x: 0, y: 0, width: 300, height: 600))
        #expect(!tall.isTurned)
        for viewport in [wide, tall] {
            for (x, y) in [(0.0, 0.0), (100.0, 420.0), (37.5, 211.25)] {
                let point = viewport.point(x: x, y: y)
                #expect(viewport.frame.contains(point) || point.x == viewport.frame.maxX || point.y == viewport.frame.maxY)
                let back = viewport.coursePoint(point)
                #expect(abs(back.x - x) < 1e-9 && abs(back.y - y) < 1e-9)
            }
        }
        // Turned: the cup (up the course) is to the right of the tee.
        #expect(wide.point(x: 50, y: 60).x > wide.point(x: 50, y: 380).x)
    }

    @Test("pulling back from the ball aims the other way, harder the further the pull")
    func aimGesture() throws {
        let hole = GolfFixtures.meadow.rules.holes[0]
        let viewport = CourseViewport(hole: hole, in: Rect(x: 0, y: 0, width: 300, height: 600))
        let ball = viewport.point(x: 50, y: 380)
        var drag = AimGesture(start: ball, fullPowerPull: 160)
        #expect(drag.shot(on: viewport) == nil, "a tap is no stroke")
        drag.current = Point(x: ball.x, y: ball.y + 80)  // pull down the page
        #expect(drag.shot(on: viewport) == MiniGolfShot(angle: 270, power: 50))
        drag.current = Point(x: ball.x - 400, y: ball.y)  // pull far to the left
        #expect(drag.shot(on: viewport) == MiniGolfShot(angle: 0, power: 100))
        let turned = CourseViewport(hole: hole, in: Rect(x: 0, y: 0, width: 600, height: 300))
        var sideways = AimGesture(start: turned.point(x: 50, y: 380))
        sideways.current = Point(x: sideways.start.x - 80, y: sideways.start.y)  // pull left on a turned hole
        #expect(sideways.shot(on: turned)?.angle == 270, "still up the course")
    }

    @Test("the caddie camera sees the cup ahead, centred above the ball, and nothing behind it")
    func caddieCameraProjects() throws {
        let viewport = Rect(x: 0, y: 0, width: 300, height: 200)
        let camera = CaddieCamera(ball: (50, 380), toward: (50, 60), viewport: viewport)
        let cup = try #require(camera.project(x: 50, y: 60, z: 0))
        let ball = try #require(camera.project(x: 50, y: 380, z: 0))
        #expect(abs(cup.x - viewport.midX) < 1e-6 && abs(ball.x - viewport.midX) < 1e-6)
        #expect(cup.y < ball.y, "farther is higher up the view")
        #expect(cup.y > camera.horizonY)
        #expect(camera.project(x: 50, y: 500, z: 0) == nil, "behind the camera")
        let left = try #require(camera.project(x: 10, y: 200, z: 0))
        let right = try #require(camera.project(x: 90, y: 200, z: 0))
        #expect(left.x < viewport.midX && right.x > viewport.midX)
        // A wall running past the camera is cut at the near plane, not dropped.
        let face = camera.project(polygon: [(0, 0, 0), (0, 500, 0), (0, 500, 7), (0, 0, 7)])
        #expect(face.count >= 4)
    }

    @Test("the caddie scene draws far things before near ones")
    func caddieSceneOrder() throws {
        let game = GolfFixtures.meadow
        let hole = game.rules.holes[5]
        let camera = CaddieCamera(ball: (85, 475), toward: (85, 60), viewport: Rect(x: 0, y: 0, width: 300, height: 200))
        let shapes = CaddieScene.shapes(
            hole: hole, physics: game.rules.physics,
            balls: [(.first, CourseVector(centimetres: 85, 475)), (.second, CourseVector(centimetres: 85, 100))],
            camera: camera)
        #expect(shapes.first == .polygon(CaddieScene.corners(Rect(x: 0, y: 0, width: 300, height: camera.horizonY)), .sky))
        let near = try #require(shapes.lastIndex { if case .disc(_, _, .ball(.first)) = $0 { true } else { false } })
        let far = try #require(shapes.firstIndex { if case .disc(_, _, .ball(.second)) = $0 { true } else { false } })
        #expect(far < near)
        #expect(shapes.contains { if case .line(_, _, _, .pole) = $0 { true } else { false } })
        #expect(shapes.contains { if case .polygon(_, .wall) = $0 { true } else { false } })
    }

    @Test("the animation replays the stroke the rules played and ends where the ball ended")
    func shotAnimationMatchesRules() throws {
        let game = GolfFixtures.meadow
        var state = game.makeInitialState(MatchSetup(seed: 1))
        try game.play(MiniGolfShot(angle: 265, power: 70), by: .first, in: &state)
        let record = try #require(state.lastShot)
        let animation = ShotAnimation(record: record, game: game)
        #expect(animation.position(after: 0) == record.from)
        #expect(animation.position(after: animation.duration + 1) == record.to)
        #expect(animation.isFinished(after: animation.duration))
        #expect(!animation.isFinished(after: animation.duration / 2))
    }
}
