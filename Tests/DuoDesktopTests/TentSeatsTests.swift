import Broadside
import BroadsideDesktop
import DuoDesktop
import DuoPlatform
import TabletopEngine
import Testing

/// Two people at a standing device, each on their own inner half: where they
/// sit follows from the halves' surface normals (`TentSeating`), each seat's
/// table is laid out and painted in its own half only, and a press on a half
/// reaches that half's table. The pixels prove the secrecy: each table paints
/// the first seat's ships magenta and the second's cyan, and in one frame of
/// the whole scene each colour shows on its owner's half and nowhere else:
/// while placing on the board placed on, in battle on the own fleet's board
/// beside the board fired at (each half is its player's whole table).
@Suite("Two seats in tent")
struct TentSeatsTests {
    /// The first seat's ships: a magenta no palette colour is near.
    static let firstShips = RGBAColor(hex: 0xFF00FF)
    /// The second seat's ships: a cyan no palette colour is near.
    static let secondShips = RGBAColor(hex: 0x00FFFF)

    /// Pixels within 6 of `color` in each channel, in the columns `columns` of the image.
    static func pixels(of color: RGBAColor, in image: PixelImage, columns: Range<Int>) -> Int {
        var count = 0
        for y in 0..<image.height {
            for x in columns where x >= 0 && x < image.width {
                let pixel = image.pixel(x: x, y: y)
                if abs(Int(pixel.red) - Int(color.red)) <= 6, abs(Int(pixel.green) - Int(color.green)) <= 6,
                    abs(Int(pixel.blue) - Int(color.blue)) <= 6
                {
                    count += 1
                }
            }
        }
        return count
    }

    /// Two people playing Broadside on this device, each on their own half of a tent.
    static func twoSeats(seed: UInt64) throws -> LocalMatchGame<BroadsideNetworkTable> {
        let game = DesktopFixtures.game
        return try LocalMatchGame(game: AnyGame(game), bot: nil, seed: seed, demoBot: "hunt", seatsOnTentHalves: true) { _ in
            var table = BroadsideNetworkTable(game: game, seed: seed)
            table.shipColors = SeatPair(Self.firstShips, Self.secondShips)
            return table
        }
    }

    static func session(_ match: LocalMatchGame<BroadsideNetworkTable>, posture: Posture) -> DesktopSession {
        DesktopSession(
            state: DeviceState(profile: DesktopFixtures.profile("duo"), posture: posture),
            profiles: [DesktopFixtures.profile("duo")], game: match)
    }

    @Test("The tent seats two: the halves face 100 degrees apart at 80, the cover half on the left")
    func seatingFromTheNormals() throws {
        let profile = DesktopFixtures.profile("duo")
        let tent = DeviceState(profile: profile, posture: .tent)
        let seating = try #require(TentSeating(state: tent))
        let angle = try #require(tent.hinge?.angle.degrees)
        #expect(abs(seating.degreesBetweenFacings - (180 - angle)) < 1e-9)
        #expect(abs(seating.degreesBetweenFacings - 100) < 1e-9)
        #expect(seating.places.map(\.player) == [0, 1])
        #expect(seating.places.map(\.half) == [.cover, .base])
        let cover = seating.place(ofPlayer: 0).facing
        #expect(abs(cover.x - 0.985) < 0.001 && abs(cover.z + 0.174) < 0.001 && cover.y == 0)
        let base = seating.place(ofPlayer: 1).facing
        #expect(base.x == 0 && base.y == 0 && base.z == 1)
        #expect(seating.places.allSatisfy { $0.worldUp == .up })
        // A book, a tabletop, an open or a shut device: one view for both, or no halves.
        for posture in [Posture.book, .tabletop, .flat, .closed] {
            #expect(TentSeating(state: DeviceState(profile: profile, posture: posture)) == nil, "\(posture)")
        }
        // Turned to landscape the fold runs across the scene: no half stands before each person.
        var turned = tent
        turned.orientation = .landscapeLeft
        #expect(TentSeating(state: turned) == nil)
        // A fold moved off the middle gives one player less of the display: no seating.
        var moved = tent
        try moved.setFoldPosition(0.625)
        #expect(TentSeating(state: moved) == nil)
    }

    @Test("In one tent frame each seat's hidden ships show only on its own half, placing at once and in battle (its own fleet)")
    func eachHalfShowsOnlyItsSeat() throws {
        let match = try Self.twoSeats(seed: 5)
        let session = Self.session(match, posture: .tent)
        #expect(match.isShowingSeatsOnHalves)
        let halves = match.halves
        try #require(halves.count == 2)
        let left = 0..<Int(halves[0].frame.maxX.rounded(.down))
        let right = Int(halves[1].frame.minX.rounded(.up))..<Int(session.sceneContext.size.width)
        func expectEachOnItsOwnHalf(_ when: String, shown: Bool) throws {
            let image = try Screenshot.scene(of: session)
            #expect(image.width == Int(session.sceneContext.size.width))
            if shown {
                #expect(Self.pixels(of: Self.firstShips, in: image, columns: left) > 50, "\(when): seat 0's ships on its half")
                #expect(Self.pixels(of: Self.secondShips, in: image, columns: right) > 50, "\(when): seat 1's ships on its half")
            }
            #expect(Self.pixels(of: Self.firstShips, in: image, columns: right) == 0, "\(when): seat 0's ships on seat 1's half")
            #expect(Self.pixels(of: Self.secondShips, in: image, columns: left) == 0, "\(when): seat 1's ships on seat 0's half")
        }
        // Both place at the same time, each on its own half: seat 1 puts one ship down by a press on its board,
        // seat 0 auto-places its whole fleet (keys go to the half the pointer is on), and seat 1 is still placing.
        #expect(halves.allSatisfy { match.seats[$0.seat.index].moment == .placement })
        let second = halves[1]
        let secondBoard = try #require(second.layout.frame(of: BroadsideHUD.ElementID.primaryBoard))
        let corner = match.seats[1].table.hud.grid.cellFrame(row: 0, column: 0, in: secondBoard).center
        session.pointerMoved(to: Point(x: corner.x + second.frame.minX, y: corner.y + second.frame.minY))
        session.click(at: Point(x: corner.x + second.frame.minX, y: corner.y + second.frame.minY))
        session.release(at: Point(x: corner.x + second.frame.minX, y: corner.y + second.frame.minY))
        session.pointerMoved(to: halves[0].frame.center)
        session.apply(.gameKey(.letter("a"), shift: false))
        session.advance(by: 0.1)
        #expect(match.seats[0].table.view.fleet.count == DesktopFixtures.game.rules.fleet.count)
        #expect(match.seats[1].table.view.fleet.count == 1)
        #expect(match.seats[1].moment == .placement)
        try expectEachOnItsOwnHalf("placing", shown: true)
        session.pointerMoved(to: second.frame.center)
        session.apply(.gameKey(.letter("a"), shift: false))
        session.advance(by: 0.1)
        try expectEachOnItsOwnHalf("both placed", shown: true)
        // Each half is its player's whole table: the board to fire at, the own fleet with the hits on it, turn, score and news.
        for half in match.halves {
            let ids = Set(half.layout.placements.map(\.id))
            typealias ID = BroadsideHUD.ElementID
            #expect(ids.isSuperset(of: [ID.primaryBoard, ID.secondaryBoard, ID.turn, ID.score, ID.news]), "seat \(half.seat.index): \(ids.sorted())")
            #expect(half.layout.hiddenElements.isEmpty, "seat \(half.seat.index) hides \(half.layout.hiddenElements)")
            let own = try #require(half.layout.frame(of: ID.secondaryBoard))
            #expect(min(own.width, own.height) >= BroadsideHUD.minimumSecondarySide - 0.01)
            let target = try #require(half.layout.frame(of: ID.primaryBoard))
            #expect(match.seats[half.seat.index].table.hud.grid.cellSide(in: target) >= BroadsideHUD.minimumCellSide - 0.01)
        }
        // Every text drawn on both halves keeps the drawn-text rules (the small own fleet's board has no labels under 10 pt).
        let window = Screenshot.windowSize(for: session, scale: 1)
        let traced = try Screenshot.tracedFrame(of: session, width: window.width, height: window.height).frame
        #expect(traced.trace.texts.contains { $0.text == "NEWS · PgUp: older" || $0.text.hasPrefix("NEWS") })
        #expect(traced.violations(minimumSize: FittedParagraph.minimumSize).isEmpty, "\(traced.violations(minimumSize: 10).prefix(3))")
        var battleFrames = 0
        for step in 0..<4 {
            try expectEachOnItsOwnHalf("shot \(step)", shown: true)
            // Firing in turn: the seat to move fires from its own half, the other half waits.
            let shooter = try #require(halves.first { match.seats[$0.seat.index].isViewerFiring })
            battleFrames += 1
            let table = match.seats[shooter.seat.index]
            let view = table.view
            let rules = DesktopFixtures.game.rules
            let cell = try #require(
                (0..<rules.board.rows).lazy.flatMap { row in (0..<rules.board.columns).map { Cell(row: row, column: $0) } }
                    .first { !view.target.shots.contains($0) && !view.aimed.contains($0) })
            let board = try #require(match.halves[shooter.seat.index].layout.frame(of: BroadsideHUD.ElementID.primaryBoard))
            let local = table.hud.grid.cellFrame(row: cell.row, column: cell.column, in: board).center
            session.click(at: Point(x: local.x + shooter.frame.minX, y: local.y + shooter.frame.minY))
            session.release(at: nil)
            session.advance(by: 2)
            #expect(match.seats[shooter.seat.index].table.view.target.shots.count == view.target.shots.count + 1, "step \(step): the shot")
        }
        #expect(battleFrames == 4)
        #expect(!match.isPrivacyScreenUp, "no privacy screen in the tent")
        // Played to its end, the match opens no victory photo over both halves.
        session.playDemoTurns(10_000)
        #expect(match.isMatchOver)
        #expect(match.personVictory == nil)
        #expect(!session.victoryPhotos.flow.isOpen)
    }

    @Test(
        "Issue 21, defect 4: while a headline is up (a ship sunk) each half still shows its own fleet, and only its own",
        arguments: [3, 7] as [UInt64])
    func ownFleetWhileAHeadlineIsUp(seed: UInt64) throws {
        let match = try Self.twoSeats(seed: seed)
        let session = Self.session(match, posture: .tent)
        typealias ID = BroadsideHUD.ElementID
        var headlines = 0
        var pictures = 0
        for _ in 0..<240 where !match.isMatchOver {
            session.playDemoTurns(1)
            let up = match.seats.compactMap { $0.session.feed.banner?.text }
            guard !up.isEmpty, match.halves.allSatisfy({ match.seats[$0.seat.index].moment == .battle }) else { continue }
            headlines += 1
            for half in match.halves {
                let ids = Set(half.layout.placements.map(\.id))
                #expect(ids.isSuperset(of: [ID.primaryBoard, ID.secondaryBoard, ID.news]), "'\(up[0])' up: seat \(half.seat.index): \(ids.sorted())")
                #expect(half.layout.hiddenElements.isEmpty, "'\(up[0])' up: seat \(half.seat.index) hides \(half.layout.hiddenElements)")
            }
            guard pictures < 2 else { continue }
            pictures += 1
            let halves = match.halves
            let image = try Screenshot.scene(of: session)
            let left = 0..<Int(halves[0].frame.maxX.rounded(.down))
            let right = Int(halves[1].frame.minX.rounded(.up))..<image.width
            #expect(Self.pixels(of: Self.firstShips, in: image, columns: left) > 20, "'\(up[0])' up: seat 0's own fleet on its half")
            #expect(Self.pixels(of: Self.secondShips, in: image, columns: right) > 20, "'\(up[0])' up: seat 1's own fleet on its half")
            #expect(Self.pixels(of: Self.firstShips, in: image, columns: right) == 0, "seat 0's ships on seat 1's half")
            #expect(Self.pixels(of: Self.secondShips, in: image, columns: left) == 0, "seat 1's ships on seat 0's half")
        }
        #expect(headlines >= 3, "ships were sunk while both seats were firing (\(headlines) moments)")
    }

    @Test("A press on each half reaches that half's table and no other")
    func pressesReachTheirHalf() throws {
        let match = try Self.twoSeats(seed: 7)
        let session = Self.session(match, posture: .tent)
        let rules = DesktopFixtures.game.rules
        for half in match.halves.reversed() {
            let placed = match.seats.map { $0.table.view.fleet.count }
            let table = match.seats[half.seat.index]
            let board = try #require(half.layout.frame(of: BroadsideHUD.ElementID.primaryBoard))
            #expect(half.frame.contains(Point(x: board.midX + half.frame.minX, y: board.midY + half.frame.minY)))
            let local = table.hud.grid.cellFrame(row: 0, column: 0, in: board).center
            session.pointerMoved(to: Point(x: local.x + half.frame.minX, y: local.y + half.frame.minY))
            session.click(at: Point(x: local.x + half.frame.minX, y: local.y + half.frame.minY))
            session.release(at: Point(x: local.x + half.frame.minX, y: local.y + half.frame.minY))
            session.advance(by: 0.1)
            let now = match.seats.map { $0.table.view.fleet.count }
            #expect(now[half.seat.index] == placed[half.seat.index] + 1, "seat \(half.seat.index) placed a ship")
            #expect(now[half.seat.opponent.index] == placed[half.seat.opponent.index], "the other seat's table did not move")
            #expect(match.focus == half.seat)
        }
        #expect(rules.fleet.count > 1)
    }

    @Test("Out of the tent the match goes on by passing the device, and the window leans the halves again")
    func leavingTheTentPassesTheDevice() throws {
        let match = try Self.twoSeats(seed: 3)
        let session = Self.session(match, posture: .tent)
        let viewport = Rect(x: 0, y: 0, width: 1200, height: 900)
        #expect(session.presentation(in: viewport).panels.allSatisfy { $0.tilt == 0 }, "each half square on for its viewer")
        #expect(session.statusLine(frameMilliseconds: nil).contains("facing 100° apart"))
        session.apply(.posture(.book))
        #expect(!match.isShowingSeatsOnHalves)
        #expect(match.isPrivacyScreenUp, "the device goes over behind the privacy screen")
        #expect(session.statusLine(frameMilliseconds: nil).contains("passing the device"))
        #expect(session.presentation(in: viewport).panels.contains { $0.tilt > 0 })
        session.apply(.posture(.tent))
        #expect(match.isShowingSeatsOnHalves)
        #expect(!match.isPrivacyScreenUp)
    }

    @Test("The posture walk lays out and checks each tent half, and only where the tent seats two")
    func postureWalkChecksTheHalves() throws {
        let game = DesktopFixtures.game
        let hud = BroadsideHUD(rules: game.rules)
        #expect(game.seatsPlayersOnTentHalves)
        func walk(checksTentHalves: Bool, _ steps: [PostureStep]) throws -> HUDPostureCheck<Broadside> {
            let setup = MatchSetup(seed: 4)
            var seat0 = try game.makeBot(named: "hunt", seat: .first, seed: setup.botSeed(for: .first))
            var seat1 = try game.makeBot(named: "random", seat: .second, seed: setup.botSeed(for: .second))
            var check = HUDPostureCheck<Broadside>(
                profile: DesktopFixtures.profile("duo"), source: .script(PostureScript(steps: steps)), matchIndex: 0,
                checksTentHalves: checksTentHalves
            ) { hud.screen(for: $0) }
            _ = try MatchDriver.play(game, setup: setup, seat0: &seat0, seat1: &seat1, observer: &check)
            return check
        }
        let tentAndBook = [PostureStep(posture: .tent), PostureStep(posture: .book)]
        let plain = try walk(checksTentHalves: false, tentAndBook)
        let halves = try walk(checksTentHalves: true, tentAndBook)
        #expect(halves.findings.isEmpty, "\(halves.findings.prefix(3).map(\.description))")
        // Standing as a tent and as a book share the scene's context: only the seating tells them apart.
        #expect(plain.layoutCount <= 4)
        #expect(halves.layoutCount > plain.layoutCount + 20, "each tent step lays out both halves (\(halves.layoutCount) vs \(plain.layoutCount))")
        let bookOnly = try walk(checksTentHalves: true, [PostureStep(posture: .book)])
        #expect(bookOnly.layoutCount <= 4, "no halves in a book")
    }

    @Test("duo lint's sweep checks every screen in each tent half: clean for Broadside, and it finds a half too small")
    func lintChecksTheHalves() throws {
        let profile = DesktopFixtures.profile("duo")
        let screens = BroadsideLintScreens.screens(of: DesktopFixtures.game)
        let plain = HUDLintSweep(profiles: [profile], foldPositionCount: 3).run(screens: screens)
        let halves = HUDLintSweep(profiles: [profile], foldPositionCount: 3, checksTentHalves: true).run(screens: screens)
        #expect(halves.isClean, "\(halves.findings.prefix(3).map(\.description))")
        #expect(halves.layoutCount > plain.layoutCount, "the halves were laid out too")
        // A screen whose board cannot fit a half is caught there, named for the half.
        let grid = HUDElement.TouchGrid(columns: 16, rows: 16, minimumCellSide: 30)
        let wide = HUDScreen(name: "wide", elements: [.board("wide-board", minimumSide: 300, touchGrid: grid)])
        let caught = HUDLintSweep(profiles: [profile], foldPositionCount: 1, checksTentHalves: true).run(screens: [wide])
        #expect(caught.findings.contains { $0.screen == HUDLintSweep.tentHalfName("wide", half: 0) })
    }
}
