import Broadside
import BroadsideDesktop
import DuoDesktop
import DuoPlatform
import Foundation
import TabletopEngine
import Testing

/// The drawn-text lint over whole matches: it fails a bad table by name, walks every kind of
/// match of a real game, and the texts it found cut in the engine's own painters are drawn whole.
@Suite("Drawn-text lint over whole matches")
struct DrawnTextLintTests {
    /// A table that draws what the lint must catch: a news line longer than its box, and a caption at 6 pt.
    final class BadTable: DesktopGame {
        var moves = 0
        let title = "Bad table"
        let hotkeys: [Hotkey] = []
        let panelColors = (flat: RGBAColor(hex: 0x102030), upright: RGBAColor(hex: 0x102030))
        func screen(in context: LayoutContext) -> HUDScreen {
            HUDScreen(name: "bad", elements: [.status("news", height: 40, minimumWidth: 200, maximumWidth: 220), .control("help")])
        }
        func paint(on canvas: Canvas, layout: HUDLayout, context: LayoutContext, effect: HingeEffect.Visual?) {
            guard let news = layout.frame(of: "news") else { return }
            canvas.drawText("tiny caption", x: news.minX + 4, y: news.minY + 2, style: TextStyle(size: 6, color: RGBAColor(hex: 0xFFFFFF)))
            let line = "Move \(moves): the opponent fired at every cell of the board and then some, in one long line"
            canvas.drawText(line, x: news.minX + 4, y: news.minY + 14, style: TextStyle(size: 13.5, color: RGBAColor(hex: 0xFFFFFF)))
        }
        func pointerMoved(to point: Point?, layout: HUDLayout) {}
        func pointerPressed(at point: Point, layout: HUDLayout) {}
        func pointerReleased(at point: Point?, layout: HUDLayout) {}
        func perform(_ command: DesktopCommand) {}
        func advance(by seconds: Double) {}
        func playDemoTurns(_ turns: Int) { moves += turns }
    }

    static let badRegistration = DesktopGameRegistration(
        catalogEntry: GameCatalogEntry(Broadside.self), title: "Bad table", defaultBot: "hunt", hotkeys: [],
        makeTable: { _, _, _ in BadTable() }, lintScreens: { _ in [] })

    @Test("A deliberately bad table fails, each finding naming the frame, the posture and the text")
    func badTableFails() throws {
        let settings = DrawnTextLint.Settings(profile: DesktopFixtures.profile("duo"), modes: [.bot], maxMoves: 3, assets: DesktopFixtures.assets)
        let report = try DrawnTextLint.run(Self.badRegistration, settings: settings, knownFindings: [])
        #expect(report.frameCount >= 4)
        let small = try #require(report.failures.first { $0.rule == "tooSmall" })
        #expect(small.description.contains("frame 0 (move 0)"), "\(small)")
        #expect(small.description.contains("duo flat portrait ltr"), "\(small)")
        #expect(small.description.contains("'tiny caption'") && small.description.contains("at 6 pt is under the minimum size, 10 pt"), "\(small)")
        let long = try #require(report.failures.first { $0.rule == "crossesElement" && $0.target == "news" })
        #expect(
            long.description.contains("the opponent fired at every cell") && long.description.contains("crosses the edge of element 'news'"),
            "\(long)")
        // Met again in later frames, counted once.
        #expect(small.frameCount == report.frameCount)
        // A game may declare a smaller minimum: 6 pt passes then.
        let relaxed = DesktopGameRegistration(
            catalogEntry: GameCatalogEntry(Broadside.self), title: "Bad table", defaultBot: "hunt", hotkeys: [],
            makeTable: { _, _, _ in BadTable() }, lintScreens: { _ in [] }, minimumTextSize: 6)
        #expect(try DrawnTextLint.run(relaxed, settings: settings, knownFindings: []).failures.allSatisfy { $0.rule != "tooSmall" })
    }

    @Test("A known finding is reported as known and fails nothing; one it does not name still fails")
    func knownFindings() throws {
        let settings = DrawnTextLint.Settings(profile: DesktopFixtures.profile("duo"), modes: [.bot], maxMoves: 1, assets: DesktopFixtures.assets)
        let known = [KnownDrawnTextFinding(game: "broadside", rule: "tooSmall", place: "'news'", reason: "a test")]
        let report = try DrawnTextLint.run(Self.badRegistration, settings: settings, knownFindings: known)
        #expect(report.findings.contains { $0.rule == "tooSmall" && $0.known?.reason == "a test" })
        #expect(!report.failures.contains { $0.rule == "tooSmall" })
        #expect(report.failures.contains { $0.rule == "crossesElement" || $0.rule == "leavesSurface" })
    }

    @Test("Broadside is walked in every kind of match: the privacy screen and a seat on each half of a tent are drawn and checked")
    func broadsideWalk() throws {
        let settings = DrawnTextLint.Settings(profile: DesktopFixtures.profile("duo"), maxMoves: 12, assets: DesktopFixtures.assets)
        let report = try DrawnTextLint.run(.broadside, settings: settings)
        #expect(report.matches.map(\.mode) == [.bot, .passAndPlay, .tent, .replay, .spectator])
        #expect(report.matches.allSatisfy { $0.moves == 12 && $0.frames >= 25 })
        #expect(report.textCount > 1_000)
        #expect((report.screens["privacy"] ?? 0) > 0, "\(report.screens)")
        #expect((report.screens["a seat on each half"] ?? 0) > 0, "\(report.screens)")
        #expect(report.failures.isEmpty, "\(report.failures.map(\.description))")
        // The same walks check the truth over time: every seat's table of the three matches on this
        // device at every frame, and the replays' steps reached back and by a jump.
        #expect(report.truth.findings.isEmpty, "\(report.truth.findings.map(\.description))")
        #expect(report.truth.matchCount == 3 && report.truth.momentCount > 100, "\(report.truth)")
        #expect(report.truth.replayStepCount >= 4)
    }

    // MARK: - What the lint found in the engine's own painters, drawn whole now

    @Test("The privacy screen's line in a narrow pane wraps, never cut (it was cut to 'Only Player 1 should look…')")
    func privacyLineWraps() throws {
        let session = DesktopFixtures.session(.book, mode: .passAndPlay) { state in
            try? state.setFoldPosition(0.75)
            state.layoutDirection = .rightToLeft
        }
        #expect(session.match.isPrivacyScreenUp)
        let (_, frame) = try Screenshot.tracedFrame(of: session, width: 980, height: 742)
        let words = frame.trace.texts.map(\.text)
        #expect(words.joined(separator: " ").contains("Only Player 1 should look now"), "\(words)")
        #expect(frame.trace.texts.allSatisfy { $0.cutFrom == nil })
        #expect(frame.violations(minimumSize: 10).isEmpty, "\(frame.violations(minimumSize: 10))")
    }

    @Test("The status line of a narrow window shrinks to two whole lines rather than cutting the second")
    func statusLineShrinks() throws {
        let session = DesktopFixtures.session(.closed, mode: .passAndPlay) { state in
            state.layoutDirection = .rightToLeft
            state.isInnerCameraInUse = true
        }
        let size = Screenshot.windowSize(for: session, scale: 1)
        let (_, frame) = try Screenshot.tracedFrame(of: session, width: size.width, height: size.height)
        let status = frame.trace.texts.filter { $0.layer == .window }
        #expect(status.count == 2)
        #expect(status.allSatisfy { $0.cutFrom == nil && $0.size >= FittedParagraph.minimumSize }, "\(status)")
        #expect(status.map(\.text).joined(separator: " · ") == session.statusLine(frameMilliseconds: nil))
    }

    @Test("The capture accessory's score lines shrink to fit the outer display, whole (they were cut to 'Afloat: yours…')")
    func accessoryScoreWhole() throws {
        // Seed 3: the person beats the bot, and the photo opens with the score on the outer display.
        let session = DesktopFixtures.session(.tent)
        session.playDemoTurns(10_000)
        try #require(session.victoryPhotos.flow.isOpen)
        _ = try #require(session.accessoryInset(windowWidth: 1257, windowHeight: 742))
        let (_, frame) = try Screenshot.tracedFrame(of: session, width: 1257, height: 742)
        let accessory = frame.trace.texts.filter { $0.space == .window && $0.layer == .game }
        #expect(accessory.contains { $0.text.hasPrefix("Afloat: yours") })
        #expect(accessory.allSatisfy { $0.cutFrom == nil }, "\(accessory)")
    }
}
