import Broadside
import BroadsideDesktop
import DuoDesktop
import DuoPlatform
import TabletopEngine
import Testing

/// Issue 21, defect 3: two headlines close together are both seen. A banner
/// raised while another shows waits its turn (the one showing stays
/// ``NewsFeed/bannerSeconds`` or until dismissed), and the news box shows
/// the two newest entries whole at every fold position.
@Suite("Two headlines at once")
struct HeadlinesTests {
    static let yours = "You fired at J10: hit, sank their aircraft carrier!"
    static let theirs = "The density-v1 bot fired at J10: hit, sank your aircraft carrier!"

    @Test("A banner raised while one shows waits: the first stays its time, then the second shows; dismissing shows the next")
    func bannersQueue() {
        var feed = NewsFeed()
        feed.announce("You sank their cruiser", banner: "You sank their cruiser!")
        feed.advance(by: 1.5)
        feed.announce("The bot sank your destroyer", banner: "The bot sank your destroyer!")
        #expect(feed.banner?.text == "You sank their cruiser!", "the second does not replace the first within 1.5 s")
        #expect(feed.queuedBanners.map(\.text) == ["The bot sank your destroyer!"])
        feed.advance(by: NewsFeed.bannerSeconds - 1.5 - 0.1)
        #expect(feed.banner?.text == "You sank their cruiser!")
        feed.advance(by: 0.2)
        #expect(feed.banner?.text == "The bot sank your destroyer!", "the first has had its time")
        feed.advance(by: 60)
        #expect(feed.banner?.text == "The bot sank your destroyer!", "the last stays until dismissed or the player acts")
        feed.announce("A", banner: nil)
        feed.announce("B", banner: nil)
        let dismissed = feed.dismissBanner()
        #expect(dismissed)
        #expect(feed.banner?.text == "A", "dismissing shows the next waiting")
        feed.playerActed()
        #expect(feed.banner?.text == "B", "acting has seen the banner showing, not the one waiting")
        feed.clearBanner()
        #expect(feed.banner == nil && feed.queuedBanners.isEmpty)
    }

    @Test("Against a bot: your sinking and the bot's straight after are both on the banner in turn, through the window's clock")
    func bothSinkingsAreSeen() throws {
        let match = try LocalBroadsideRulesTests.match(seed: 9)
        LocalBroadsideRulesTests.act(match, .autoPlace)
        var seen: [String] = []
        var told: Set<String> = []
        var shooter = try DesktopFixtures.game.makeBot(named: "hunt", seat: .first, seed: 4)
        var clock = 0.0
        var up: (text: String, since: Double)?
        var tooShort: [String] = []
        /// Notes the banner showing; one replaced as time passed must have been up its time.
        func look(afterTime: Bool) {
            let now = match.shown.banner?.text
            if let shown = up, now != shown.text, now != nil, afterTime, clock - shown.since < NewsFeed.bannerSeconds - 1e-9 {
                tooShort.append("\(shown.text) (\(clock - shown.since) s)")
            }
            if now != up?.text { up = now.map { ($0, clock) } }
            if let now, seen.last != now { seen.append(now) }
        }
        for _ in 0..<3_000 where match.shown.table.view.phase == .battle {
            look(afterTime: true)
            told.formUnion(match.shown.session.feed.entries.filter { $0.weight == .headline }.map(\.text))
            let table = match.shown
            if table.isViewerFiring, table.movesInFlight == 0, table.session.feed.queuedBanners.isEmpty,
                let move = shooter.move(for: table.view), case .fire(let cell) = move
            {
                Self.fire(match, cell)
                look(afterTime: false)
            } else {
                match.advance(by: 0.25)
                clock += 0.25
            }
        }
        // The end's banners too: the last sinking, then the victory.
        for _ in 0..<40 {
            look(afterTime: true)
            told.formUnion(match.shown.session.feed.entries.filter { $0.weight == .headline }.map(\.text))
            match.advance(by: 0.25)
            clock += 0.25
        }
        #expect(tooShort.isEmpty, "banners replaced before they had their time: \(tooShort)")
        #expect(told.count >= 5, "\(told)")
        // Every headline's banner was up on screen at some moment (the player waited for the queue before firing).
        let banners = Set(seen)
        #expect(seen.count == told.count, "headlines \(told.count), banners seen \(seen)")
        #expect(banners.contains { $0.contains("your") } && banners.contains { $0.contains("their") }, "\(seen)")
    }

    static func fire(_ match: LocalMatchGame<BroadsideNetworkTable>, _ cell: Cell) {
        LocalBroadsideRulesTests.act(match, .tap(cell))
    }

    @Test("At every fold position, in tabletop, book and tent, the news box shows the two newest entries whole")
    func twoNewestAtEveryFold() throws {
        let profile = DesktopFixtures.profile("duo")
        let range = try #require(profile.fold?.positionRange)
        var feed = NewsFeed()
        feed.say("Battle stations! You fire first")
        feed.announce(Self.yours)
        feed.announce(Self.theirs)
        var checked = 0
        var squeezed = 0
        for posture in [Posture.tabletop, .book, .flat] {
            for step in 0...10 {
                let fold = range.lowerBound + (range.upperBound - range.lowerBound) * Double(step) / 10
                let session = DesktopFixtures.session(posture) { try? $0.setFoldPosition(fold) }
                LocalBroadsideRulesTests.act(session.match, .autoPlace)
                session.advance(by: 0)
                guard let news = session.hudLayout.frame(of: DesktopElementID.news) else { continue }
                let offscreen = try OffscreenRenderer(width: 64, height: 64)
                defer { offscreen.close() }
                let painter = NewsLogPainter(canvas: offscreen.canvas)
                let width = news.width - 16
                let room = news.height - NewsLogPainter.captionHeight - 4
                let shown = painter.fittedEntries(feed.visibleEntries, width: width, room: room)
                #expect(shown.count >= 2, "\(posture) fold \(fold): \(shown.map(\.entry.text))")
                let height = shown.map { NewsLogPainter.height(of: $0.paragraph) }.reduce(0, +) + 3 * Double(shown.count - 1)
                #expect(height <= room + 0.001, "\(posture) fold \(fold): \(height) pt in \(room)")
                #expect(
                    shown.allSatisfy {
                        $0.paragraph.size >= FittedParagraph.minimumSize && $0.paragraph.lines.joined(separator: " ") == $0.entry.text
                    })
                #expect(shown.prefix(2).map(\.entry.text) == [Self.theirs, Self.yours])
                // The log before drew the second entry only if it fitted whole at its own size and lines.
                let full = feed.visibleEntries.prefix(2).map {
                    painter.canvas.fitParagraph($0.text, maxWidth: width, maxLines: NewsLogPainter.linesPerEntry, style: NewsLogPainter.headline)
                }
                if full.map({ NewsLogPainter.height(of: $0) }).reduce(3, +) > room { squeezed += 1 }
                checked += 1
            }
        }
        #expect(checked >= 20)
        #expect(squeezed > 0, "some box is too short for both at full size: the old log hid the second there")
    }
}
