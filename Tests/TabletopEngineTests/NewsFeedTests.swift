import TabletopEngine
import Testing

/// The news log every table keeps: events stay, headlines raise a banner
/// that stays until seen, advice goes when the player acts again.
@Suite("News log")
struct NewsFeedTests {
    @Test("Events stay in the log, newest first, up to the limit; nothing is dropped by time")
    func eventsStay() {
        var feed = NewsFeed()
        for index in 1...(NewsFeed.limit + 5) { feed.say("event \(index)") }
        #expect(feed.entries.count == NewsFeed.limit)
        #expect(feed.lines.first == "event \(NewsFeed.limit + 5)")
        #expect(feed.lines.last == "event 6")
        #expect(feed.banner == nil)
    }

    @Test("A headline raises a banner that stays until dismissed")
    func headlineBannerStays() {
        var feed = NewsFeed()
        feed.announce("You fired at C3: hit, sank their cruiser!", banner: "You sank their cruiser!")
        feed.say("The hunt bot fired at A1: miss")
        #expect(feed.banner?.text == "You sank their cruiser!", "later events do not take it down")
        #expect(feed.entries[1].weight == .headline)
        let dismissed = feed.dismissBanner()
        #expect(dismissed)
        #expect(feed.banner == nil)
        let again = feed.dismissBanner()
        #expect(!again, "nothing left to dismiss")
        #expect(feed.entries.count == 2, "the headline stays in the log")
    }

    @Test("When the player acts, the banner has been seen and advice about the last action goes")
    func actingRetiresAdviceAndBanner() {
        var feed = NewsFeed()
        feed.say("Battle stations!")
        feed.announce("The hunt bot sank your destroyer!")
        feed.advise("The battleship would overlap the carrier at A3.")
        feed.advise("The battleship would stick out of the board at J9.")
        #expect(
            feed.lines == ["The battleship would stick out of the board at J9.", "The hunt bot sank your destroyer!", "Battle stations!"],
            "new advice replaces the old")
        feed.playerActed()
        #expect(feed.lines == ["The hunt bot sank your destroyer!", "Battle stations!"])
        #expect(feed.banner == nil)
    }

    @Test("Scrolling back keeps its place as news arrives, and stops at the oldest entry")
    func scrolling() {
        var feed = NewsFeed()
        for index in 1...6 { feed.say("event \(index)") }
        feed.scroll(by: 2)
        #expect(feed.visibleEntries.first?.text == "event 4")
        #expect(feed.hasNewerEntries)
        feed.say("event 7")
        #expect(feed.visibleEntries.first?.text == "event 4", "the entry being read stays on top")
        #expect(feed.scrollback == 3)
        feed.scroll(by: 100)
        #expect(feed.visibleEntries.map(\.text) == ["event 1"])
        feed.scroll(by: -100)
        #expect(feed.visibleEntries.first?.text == "event 7")
        #expect(!feed.hasNewerEntries)
    }

    @Test("Removing stale advice above the scroll position keeps the reader's place")
    func adviceAboveScrollPosition() {
        var feed = NewsFeed()
        feed.say("event 1")
        feed.say("event 2")
        feed.advise("refused")
        feed.scroll(by: 1)
        #expect(feed.visibleEntries.first?.text == "event 2")
        feed.playerActed()
        #expect(feed.visibleEntries.first?.text == "event 2")
    }
}
