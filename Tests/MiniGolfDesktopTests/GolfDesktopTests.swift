import DuoDesktop
import DuoPlatform
import DuoTestSupport
import Foundation
import MiniGolf
import MiniGolfDesktop
import TabletopEngine
import Testing

/// Mini golf in the desktop session and its pixels. SDL state is
/// process-wide, so everything that renders is in this one serialized suite.
@Suite("Mini golf at the desktop (offscreen)", .serialized)
struct GolfDesktopTests {
    static let locator = AssetLocator(directory: PackageRoot.assets)

    /// A session playing golf as the window does: the host and the view-painted table(s); `bot` nil for two players.
    static func session(_ posture: Posture, profile: String = "duo", bot: String? = "aim") throws -> DesktopSession {
        let game = try GameLoader.game(MiniGolf.self, variant: "meadow", locator: locator)
        let match = try LocalMatchGame(game: AnyGame(game), bot: bot, seed: 5, thinkingSeconds: 0.6, demoBot: "aim", hidesSeats: false) { _ in
            MiniGolfNetworkTable(game: game, seed: 5)
        }
        let state = DeviceState(profile: try DeviceProfile.named(profile, locator: locator), posture: posture)
        return DesktopSession(state: state, profiles: [], game: match)
    }

    static func match(_ session: DesktopSession) throws -> LocalMatchGame<MiniGolfNetworkTable> {
        try #require(session.game as? LocalMatchGame<MiniGolfNetworkTable>)
    }

    /// The table on screen, as its seat's views show the match.
    static func golf(_ session: DesktopSession) throws -> GolfShown {
        GolfShown(try match(session).shown)
    }

    /// Whether most of a frame's sampled pixels are close to `color`.
    static func mostly(_ image: PixelImage, in frame: Rect, near color: RGBAColor, tolerance: Int = 40) -> Bool {
        var near = 0
        var total = 0
        for y in stride(from: Int(frame.minY) + 4, to: Int(frame.maxY) - 4, by: 7) {
            for x in stride(from: Int(frame.minX) + 4, to: Int(frame.maxX) - 4, by: 7) {
                total += 1
                if image.pixel(x: x, y: y).isClose(to: color, tolerance: tolerance) { near += 1 }
            }
        }
        return total > 0 && near * 2 > total
    }

    @Test("tabletop: the course lies on the flat half, the caddie view with its sky stands on the upright half")
    func tabletopPixels() throws {
        let session = try Self.session(.tabletop)
        let image = try Screenshot.scene(of: session)
        let layout = session.hudLayout
        let caddie = try #require(layout.frame(of: MiniGolfHUD.ElementID.caddie))
        let course = try #require(layout.frame(of: MiniGolfHUD.ElementID.course))
        #expect(caddie.maxY <= 450 && course.minY >= 482)
        // The top strip of the caddie view is sky; the middle of hole 1 (drawn turned) is green.
        let sky = Rect(x: caddie.minX, y: caddie.minY + 16, width: caddie.width, height: 20)
        #expect(Self.mostly(image, in: sky, near: GolfPalette.skyTop, tolerance: 60))
        let viewport = CourseViewport(hole: try Self.golf(session).game.rules.holes[0], in: course)
        let middle = viewport.point(x: 50, y: 220)
        #expect(image.pixel(x: Int(middle.x), y: Int(middle.y)).isClose(to: GolfPalette.green, tolerance: 12))
        let ball = viewport.point(x: 50, y: 380)
        // The ball is its sprite, white at the centre (scaled down from the image, so near, not exact).
        #expect(image.pixel(x: Int(ball.x), y: Int(ball.y)).isClose(to: GolfPalette.ball, tolerance: 8))
    }

    @Test("flat, closed and classic show the course alone")
    func singleViewPostures() throws {
        for (posture, profile) in [(Posture.flat, "duo"), (.closed, "duo"), (.tabletop, "classic")] {
            let session = try Self.session(posture, profile: profile)
            #expect(session.hudLayout.frame(of: MiniGolfHUD.ElementID.caddie) == nil, "\(profile) \(posture)")
            #expect(session.hudLayout.frame(of: MiniGolfHUD.ElementID.course) != nil)
            _ = try Screenshot.scene(of: session)
        }
    }

    @Test("the hinge drives only the caddie's lens glare: same layout, brighter caddie view")
    func glareFollowsTheHinge() throws {
        let session = try Self.session(.tabletop)
        let layout = session.hudLayout
        let caddie = try #require(layout.frame(of: MiniGolfHUD.ElementID.caddie))
        let content = session.content
        #expect(content.effect != nil, "tabletop is partially open: the effect runs")
        func render(_ effect: HingeEffect.Visual?) throws -> Double {
            let offscreen = try OffscreenRenderer(width: Int(content.context.size.width), height: Int(content.context.size.height))
            defer { offscreen.close() }
            session.game.paint(on: offscreen.canvas, layout: layout, context: content.context, effect: effect)
            let image = try offscreen.readPixels()
            var light = 0.0
            for y in stride(from: Int(caddie.minY), to: Int(caddie.maxY), by: 5) {
                for x in stride(from: Int(caddie.minX), to: Int(caddie.maxX), by: 5) {
                    let pixel = image.pixel(x: x, y: y)
                    light += Double(pixel.red) + Double(pixel.green) + Double(pixel.blue)
                }
            }
            return light
        }
        let glaring = try render(content.effect)
        let atRest = try render(nil)
        #expect(glaring > atRest * 1.02, "the glare brightens the caddie view")
        // Sweeping the angle inside partiallyOpen moves no element.
        session.apply(.hingeStep(-20))
        session.advance(by: 0.5)
        #expect(session.hudLayout == layout)
    }

    @Test("a drag on the course in the session strikes; Enter strikes the keyboard aim; J/K and I/M aim")
    func sessionInput() throws {
        let session = try Self.session(.tabletop, bot: nil)
        let course = try #require(session.hudLayout.frame(of: MiniGolfHUD.ElementID.course))
        let viewport = CourseViewport(hole: try Self.golf(session).game.rules.holes[0], in: course)
        let ball = viewport.point(x: 50, y: 380)
        session.click(at: ball)
        // The hole is drawn turned (cup to the right): pull left to strike up the course.
        session.pointerMoved(to: Point(x: ball.x - 64, y: ball.y))
        session.release(at: Point(x: ball.x - 64, y: ball.y))
        var golf = try Self.golf(session)
        #expect(golf.state.lastShot?.shot == MiniGolfShot(angle: 270, power: 40))
        #expect(golf.isRolling)
        for _ in 0..<40 { session.advance(by: 0.25) }
        golf = try Self.golf(session)
        #expect(!golf.isRolling)
        let aim = golf.aim
        session.apply(.gameKey(.letter("k"), shift: true))
        session.apply(.gameKey(.letter("j"), shift: false))
        session.apply(.gameKey(.letter("i"), shift: true))
        golf = try Self.golf(session)
        #expect(golf.aim == MiniGolfShot(angle: (aim.angle + 9) % 360, power: min(100, aim.power + 10)))
        session.apply(.confirm)
        #expect(try Self.golf(session).state.lastShot?.seat == .second)
        // The help control opens the help; a click closes it.
        let help = try #require(session.hudLayout.frame(of: DesktopElementID.help))
        session.click(at: help.center)
        #expect(session.showsHelp)
        session.click(at: help.center)
        #expect(!session.showsHelp)
    }

    @Test("the hotkey help of a golf window lists the golf keys, not Broadside's")
    func helpLines() throws {
        let session = try Self.session(.tabletop)
        let lines = Hotkeys.lines(for: session.game)
        #expect(lines.contains { $0.keys == "J / K" })
        #expect(!lines.contains { $0.action.contains("ship") })
        #expect(lines.contains { $0.group == "Device" })
        session.showsHelp = true
        let image = try Screenshot.frame(of: session, width: 700, height: 1000)
        #expect(image.width == 700)
    }

    @Test("the victory photo is opt-in: golf does not conform, so T does nothing and golf's screen stays")
    func noVictoryPhotoForGolf() throws {
        let session = try Self.session(.tabletop)
        #expect(!(session.game is any VictoryPhotoGame))
        let before = session.hudLayout
        session.apply(.takePhoto)
        #expect(!session.victoryPhotos.flow.isOpen && session.victoryPhotos.camera == nil)
        #expect(session.accessoryContent == nil)
        #expect(session.hudLayout == before)
        #expect(!Hotkeys.lines(for: session.game).contains { $0.keys == "T" })
    }

    @Test("golf's painter leaves the victory photo's elements to the photo instead of drawing them as buttons")
    func painterSkipsPhotoElements() throws {
        let session = try Self.session(.tabletop)
        let context = session.sceneContext
        let screen = HUDScreen(
            name: "photo elements",
            elements: [VictoryPhotoScreen.preview] + VictoryPhotoScreen.controls
                + AccessoryScoreScene.screen.elements)
        let layout = screen.layout(in: context)
        #expect(Set(layout.placements.map(\.id)) == VictoryPhotoScreen.paintedElementIDs)
        let offscreen = try OffscreenRenderer(width: Int(context.size.width), height: Int(context.size.height))
        defer { offscreen.close() }
        let blank = try offscreen.readPixels()
        session.game.paint(on: offscreen.canvas, layout: layout, context: context, effect: nil)
        #expect(try offscreen.readPixels().rgba == blank.rgba)
    }

    @Test("N while a golf match runs asks first; the second N resigns it for the bot; a new match before a stroke starts at once")
    func newGameAsksThenResigns() throws {
        let session = try Self.session(.tabletop)
        let host = try Self.match(session).host
        session.apply(.newGame)
        #expect(host.matchNumber == 2, "no stroke played: nothing to lose")
        // The bot tees off first in the second match; its stroke alone is no match to lose.
        for _ in 0..<80 where try !Self.golf(session).acceptsStroke { session.advance(by: 0.25) }
        #expect(!session.game.isMatchInProgress)
        session.apply(.confirm)
        for _ in 0..<40 { session.advance(by: 0.25) }
        #expect(session.game.isMatchInProgress)
        session.apply(.newGame)
        var golf = try Self.golf(session)
        #expect(host.matchNumber == 2 && golf.state.lastShot != nil, "one press keeps the match")
        #expect(session.content.prompt == NewGameConfirmation.prompt)
        session.apply(.newGame)
        golf = try Self.golf(session)
        #expect(host.matchNumber == 3 && golf.state.lastShot == nil)
        #expect(golf.wins == SeatPair(0, 1))
        #expect(golf.news.contains("You forfeited the match"), "\(golf.news)")
        #expect(session.content.prompt == nil)
    }

    @Test("the New game button of golf's HUD asks before abandoning too")
    func newGameButtonAsks() throws {
        let session = try Self.session(.tabletop)
        session.apply(.confirm)
        for _ in 0..<40 { session.advance(by: 0.25) }
        let button = try #require(session.hudLayout.frame(of: MiniGolfHUD.ElementID.newGame))
        session.click(at: button.center)
        #expect(try Self.match(session).host.matchNumber == 1)
        session.click(at: button.center)
        #expect(try Self.match(session).host.matchNumber == 2)
        #expect(try Self.golf(session).wins.second == 1)
    }

    /// The bearing a stroke is drawn at on `view`, in whole degrees clockwise from up the screen, from the drawing itself.
    static func drawnBearing(_ shot: MiniGolfShot, on view: CourseViewport) -> Int {
        let radians = Double(shot.angle) * .pi / 180
        let from = view.point(x: 100, y: 100)
        let to = view.point(x: 100 + 10 * cos(radians), y: 100 + 10 * sin(radians))
        let degrees = (atan2(to.x - from.x, -(to.y - from.y)) * 180 / .pi).rounded()
        return (Int(degrees) + 360) % 360
    }

    @Test("Issue 21: the news box tells a stroke's angle in the aim readout's frame, for the hole as each posture draws it")
    func newsAngleInThePlayersFrame() throws {
        let session = try Self.session(.tabletop, bot: nil)
        // A soft stroke at the cup: it stops on the hole, and the news tells its angle.
        for _ in 0..<3 { session.apply(.gameKey(.letter("m"), shift: true)) }
        session.apply(.confirm)
        for _ in 0..<80 where try Self.golf(session).isRolling { session.advance(by: 0.25) }
        let holes = try Self.golf(session).game.rules.holes
        var turned: Set<Bool> = []
        for posture in [Posture.tabletop, .book, .flat] {
            session.apply(.posture(posture))
            session.advance(by: 0.1)
            let told = try #require(try Self.golf(session).news.first)
            let (who, shot) = try #require(MiniGolfTable.playedStroke(in: told), "the stroke came to rest: \(told)")
            let course = try #require(session.hudLayout.frame(of: MiniGolfHUD.ElementID.course))
            let view = CourseViewport(hole: holes[0], in: course)
            turned.insert(view.isTurned)
            let window = Screenshot.windowSize(for: session, scale: 1)
            let frame = try Screenshot.tracedFrame(of: session, width: window.width, height: window.height).frame
            let drawn = try #require(frame.trace.news?.first)
            #expect(drawn == "\(who) played \(Self.drawnBearing(shot, on: view))° at \(shot.power)%", "\(posture): \(drawn), told as '\(told)'")
        }
        #expect(turned == [false, true], "the hole drawn upright and turned")
    }

    @Test("Issue 21: with no caddie view the banner is drawn clear of the aim line and its readout")
    func bannerClearOfTheAim() throws {
        // Each situation's first frames with a banner up while the player aims (the closed display's
        // 20th and 21st drew the banner's hint over the readout, before the banner kept clear of it).
        for (posture, profile, count) in [(Posture.closed, "duo", 22), (.flat, "duo", 4), (.flat, "classic", 4)] {
            let session = try Self.session(posture, profile: profile, bot: nil)
            var frames = 0
            for _ in 0..<200 where frames < count {
                session.playDemoTurns(1)
                let seat = try Self.match(session).shown
                guard seat.session.feed.banner != nil, seat.table.mayStrike(seat.session) else { continue }
                #expect(session.hudLayout.frame(of: MiniGolfHUD.ElementID.caddie) == nil)
                let window = Screenshot.windowSize(for: session, scale: 1)
                let frame = try Screenshot.tracedFrame(of: session, width: window.width, height: window.height).frame
                try #require(frame.trace.banner != nil, "\(profile) \(posture): the banner is drawn")
                let found = DrawnTextLint.findings(
                    in: frame, game: "minigolf", minimumSize: FittedParagraph.minimumSize, mode: nil, situation: "\(profile) \(posture)",
                    known: [])
                #expect(found.isEmpty, "\(profile) \(posture), banner frame \(frames): \(found.prefix(2).map(\.description))")
                frames += 1
            }
            #expect(frames == count, "\(profile) \(posture): \(frames) frames with a banner up while the player aims")
        }
    }

    @Test("A move in flight for a picture: the stroke rolls half a second in, not finished; the strokes and the news wait for it")
    func demoTurnInFlight() throws {
        let session = try Self.session(.tabletop)
        let shown = try Self.golf(session)
        let before = (scorecard: shown.shownState.scorecard, news: shown.news, tee: shown.state.balls[.first])
        #expect(session.playDemoTurnInFlight(seconds: 0.5))
        let golf = try Self.golf(session)
        #expect(golf.isRolling, "still rolling half a second in")
        #expect(golf.turnText == "Rolling...")
        #expect(golf.shownState.scorecard == before.scorecard, "the stroke not yet counted on the table")
        #expect(golf.news == before.news, "nor told")
        let ball = try #require(golf.balls.first { $0.seat == .first }?.position)
        #expect(ball != before.tee, "the ball left the tee")
        for _ in 0..<80 where try Self.golf(session).isRolling { session.advance(by: 0.25) }
        #expect(try Self.golf(session).news != before.news, "told once at rest")
    }
}
