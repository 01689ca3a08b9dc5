import Broadside
import BroadsideDesktop
import DuoDesktop
import DuoPlatform
import Foundation
import TabletopEngine
import Testing

/// Text fitted to a box wraps, then shrinks to the minimum, and is never cut.
@Suite("Fitted paragraphs")
struct FittedParagraphTests {
    /// Every character is half the size wide: easy to reason about.
    static func width(_ text: String, _ size: Double) -> Double { Double(text.count) * size / 2 }

    @Test("Words that fit stay on one line at the style's size")
    func fitsAsIs() {
        let paragraph = FittedParagraph.fit("Your turn: fire!", maxWidth: 200, maxLines: 2, size: 14, width: Self.width)
        #expect(paragraph == FittedParagraph(lines: ["Your turn: fire!"], size: 14, fits: true))
    }

    @Test("Long text wraps at spaces, keeping every word")
    func wraps() {
        let text = "The hunt bot fired at E4: hit, sank your battleship!"
        let paragraph = FittedParagraph.fit(text, maxWidth: 150, maxLines: 3, size: 14, width: Self.width)
        #expect(paragraph.fits)
        #expect(paragraph.size == 14)
        #expect(paragraph.lines.count > 1)
        #expect(paragraph.lines.joined(separator: " ") == text)
        #expect(paragraph.lines.allSatisfy { Self.width($0, 14) <= 150 })
    }

    @Test("When wrapping is not enough, the size shrinks, but not below the minimum")
    func shrinks() {
        let text = "Player 1 fired at G5: hit, sank Player 2's battleship!"
        let paragraph = FittedParagraph.fit(text, maxWidth: 150, maxLines: 2, size: 14, width: Self.width)
        #expect(paragraph.fits)
        #expect(paragraph.size < 14 && paragraph.size >= FittedParagraph.minimumSize)
        #expect(paragraph.lines.count <= 2)
        #expect(paragraph.lines.joined(separator: " ") == text)
    }

    @Test("Text too long even at the minimum size overflows whole and says it does not fit: never cut")
    func neverCuts() {
        let text = String(repeating: "word ", count: 40).trimmingCharacters(in: .whitespaces)
        let paragraph = FittedParagraph.fit(text, maxWidth: 100, maxLines: 2, size: 14, width: Self.width)
        #expect(!paragraph.fits)
        #expect(paragraph.size == FittedParagraph.minimumSize)
        #expect(paragraph.lines.joined(separator: " ") == text)
        #expect(!paragraph.lines.joined().contains("…"))
    }

    @Test("A word longer than the line is broken between characters, not left sticking out")
    func breaksLongWords() {
        let paragraph = FittedParagraph.fit("Supercalifragilistic", maxWidth: 40, maxLines: 4, size: 10, width: Self.width)
        #expect(paragraph.lines.joined() == "Supercalifragilistic")
        #expect(paragraph.lines.allSatisfy { Self.width($0, paragraph.size) <= 40 })
    }
}

extension OffscreenRenderingTests {
    @Test("The news log draws several whole events inside its box with the real font, the newest on top")
    func newsLogPixels() throws {
        let offscreen = try OffscreenRenderer(width: 320, height: 200)
        defer { offscreen.close() }
        let canvas = offscreen.canvas
        canvas.clear(RGBAColor(hex: 0x000000))
        var feed = NewsFeed()
        feed.say("Battle stations! You fire first")
        feed.say("You fired at C3: miss")
        feed.announce("The hunt bot fired at E4: hit, sank your battleship!", banner: "The hunt bot sank your battleship!")
        let frame = Rect(x: 10, y: 10, width: 200, height: 110)
        NewsLogPainter(canvas: canvas).drawLog(feed, in: frame)
        let newest = canvas.fitParagraph(
            feed.lines[0], maxWidth: frame.width - 16, maxLines: NewsLogPainter.linesPerEntry,
            style: NewsLogPainter.headline)
        #expect(newest.fits, "the sinking fits whole: \(newest.lines)")
        #expect(newest.lines.joined(separator: " ") == feed.lines[0])
        let image = try offscreen.readPixels()
        var textRows: [Int] = []
        var outside = 0
        for y in 0..<200 {
            var bright = 0
            for x in 0..<320 {
                let pixel = image.pixel(x: x, y: y)
                guard Int(pixel.red) + Int(pixel.green) > 200 else { continue }
                if Double(x) < frame.minX || Double(x) >= frame.maxX || Double(y) < frame.minY || Double(y) >= frame.maxY {
                    outside += 1
                } else {
                    bright += 1
                }
            }
            if bright > 0 { textRows.append(y) }
        }
        #expect(outside == 0, "nothing is drawn outside the box")
        // Runs of rows with text: the caption and at least four lines of news.
        let bands = zip(textRows, textRows.dropFirst()).filter { $1 - $0 > 1 }.count + (textRows.isEmpty ? 0 : 1)
        #expect(bands >= 5, "caption and several lines of news, found \(bands) bands of text")
        #expect(canvas.takeError() == nil)
    }
}

extension OffscreenRenderingTests {
    @Test("With the real font, Broadside's texts fit its tabletop HUD, and its longest news line does not fit a deliberately narrow cell")
    func textRuleWithTheRealFont() throws {
        let metrics = try FontMetrics()
        defer { metrics.close() }
        let texts = BroadsideLintTexts.texts(of: DesktopFixtures.game)
        #expect(texts.contains { $0.element == BroadsideHUD.ElementID.news })
        let session = DesktopFixtures.session(.tabletop)
        var lint = HUDTextLint(measure: metrics.measure)
        #expect(lint.check(session.hudLayout, texts: texts).isEmpty)
        let narrow = HUDScreen(name: "narrow", elements: [.status(BroadsideHUD.ElementID.news, height: 56, minimumWidth: 90, maximumWidth: 90)])
        let findings = lint.check(narrow.layout(in: session.sceneContext), texts: texts)
        #expect(findings.contains { $0.kind == .textDoesNotFit && $0.element == BroadsideHUD.ElementID.news })
        #expect(metrics.width("Broadside", size: 20, bold: true) > metrics.width("Broadside", size: 10, bold: true))
    }
}

extension OffscreenRenderingTests {
    /// Every turn line, score part and news line real matches produce, against a bot and pass-and-play.
    static func textsOfRealMatches() -> [HUDText] {
        var texts: Set<HUDText> = []
        for mode in [DesktopFixtures.Mode.versusBot("density-v1"), .passAndPlay] {
            for seed in [UInt64(3), 9] {
                let match = DesktopFixtures.local(mode, seed: seed)
                func collect() {
                    for table in match.seats { collect(table) }
                }
                func collect(_ table: BroadsideNetworkGame) {
                    texts.insert(
                        HUDText(
                            element: BroadsideHUD.ElementID.turn, text: table.turnText, size: 13.5, maxLines: 2, topInset: 18,
                            bottomInset: 4, lineSpacing: 17 / 13.5))
                    for part in table.scoreParts { texts.insert(HUDText(element: BroadsideHUD.ElementID.score, text: part, size: 13.5)) }
                    for line in table.news {
                        texts.insert(
                            HUDText(
                                element: BroadsideHUD.ElementID.news, text: line, size: 13.5, maxLines: NewsLogPainter.linesPerEntry,
                                topInset: NewsLogPainter.captionHeight, bottomInset: 4))
                    }
                }
                collect()
                for _ in 0..<120 where !match.isMatchOver {
                    match.playDemoTurns(1)
                    collect()
                }
            }
        }
        return Array(texts)
    }

    @Test("The texts real matches show fit every layout duo lint sweeps: the lint's declared texts do not leave any out")
    func realTextsFitEverywhere() throws {
        let metrics = try FontMetrics()
        defer { metrics.close() }
        let texts = Self.textsOfRealMatches()
        #expect(texts.count > 100, "\(texts.count) distinct texts")
        let sweep = HUDLintSweep(profiles: [DesktopFixtures.profile("duo"), DesktopFixtures.profile("classic")], foldPositionCount: 3)
        let report = sweep.run(screens: BroadsideLintScreens.screens(of: DesktopFixtures.game), texts: texts, measure: metrics.measure)
        let overflows = report.findings.filter { $0.violation.kind == .textDoesNotFit }
        #expect(overflows.isEmpty, "\(overflows.prefix(3).map(\.description))")
    }
}
