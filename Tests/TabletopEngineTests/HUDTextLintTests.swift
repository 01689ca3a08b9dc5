import DuoPlatform
import TabletopEngine
import Testing

/// The text-fit rule of `duo lint`: every text a game shows fits its element,
/// wrapped and shrunk to the minimum at the least.
@Suite("HUD lint: texts fit their elements")
struct HUDTextLintTests {
    /// Every character is half the size wide.
    static func measure(_ text: String, _ size: Double, _ bold: Bool) -> Double { Double(text.count) * size / 2 }

    static let narrowScreen = HUDScreen(
        name: "narrow",
        elements: [
            .status("news", height: 56, minimumWidth: 100, maximumWidth: 100),
            .board("board", anchor: .primaryBoard, aspectRatio: 1, minimumSide: 200),
        ])

    @Test("A text that fits, wrapped or shrunk, is no finding; one too long even at the minimum is, naming the element and the text")
    func deliberatelyBadHUD() throws {
        let layout = Self.narrowScreen.layout(in: HUDFixtures.context("duo", .tabletop))
        let frame = try #require(layout.frame(of: "news"))
        #expect(frame.width == 100)
        var lint = HUDTextLint(measure: Self.measure)
        let fits = HUDText(element: "news", text: "You fired at C3: miss", size: 13.5, maxLines: 2, topInset: 18)
        #expect(lint.check(layout, texts: [fits]).isEmpty)
        let long = HUDText(
            element: "news", text: "The density bot fired at A10: hit, sank your aircraft carrier and battleship!",
            size: 13.5, maxLines: 2, topInset: 18)
        let findings = lint.check(layout, texts: [fits, long])
        #expect(findings.count == 1)
        let finding = try #require(findings.first)
        #expect(finding.kind == .textDoesNotFit)
        #expect(finding.element == "news")
        #expect(finding.description.contains("aircraft carrier"), "\(finding)")
        // An element the layout does not place has nothing to check.
        #expect(lint.check(layout, texts: [HUDText(element: "absent", text: long.text, size: 13.5)]).isEmpty)
    }

    @Test("An element too short for the lines a text asks gives it fewer lines")
    func heightLimitsLines() {
        let text = HUDText(element: "news", text: "x", size: 13.5, maxLines: 4, topInset: 18, bottomInset: 4)
        #expect(text.lines(inHeight: 110) == 4)
        #expect(text.lines(inHeight: 56) == 2)
        #expect(text.lines(inHeight: 10) == 1)
    }

    @Test("The sweep holds every layout's texts to the rule, and reports each problem in the first situation that shows it")
    func sweepReportsTexts() {
        let sweep = HUDLintSweep(profiles: [HUDFixtures.profile("duo")], foldPositionCount: 1)
        let long = HUDText(element: "news", text: String(repeating: "overflowing ", count: 12), size: 13.5, maxLines: 2, topInset: 18)
        let clean = sweep.run(screens: [Self.narrowScreen], texts: [long])
        #expect(clean.findings.allSatisfy { $0.violation.kind != .textDoesNotFit }, "without a measure no text is checked")
        let report = sweep.run(screens: [Self.narrowScreen], texts: [long], measure: Self.measure)
        let texts = report.findings.filter { $0.violation.kind == .textDoesNotFit }
        #expect(!texts.isEmpty)
        #expect(texts.allSatisfy { $0.screen == "narrow" })
    }
}
