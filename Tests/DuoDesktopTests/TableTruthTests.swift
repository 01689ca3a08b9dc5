import Broadside
import BroadsideDesktop
import DuoClient
import DuoDesktop
import DuoPlatform
import Foundation
import MiniGolfDesktop
import TabletopEngine
import Testing

/// Truth over time (``TableTruthCheck``, run by the drawn-text lint on every match it walks): what a
/// table says at each step is what its seat's views up to that step say. Deliberately wrong tables
/// are caught with the frame, the step and the text; golf's tables say what their views say.
@Suite("Truth over time")
struct TableTruthTests {
    /// How a deliberately wrong table lies.
    enum Lie: Sendable {
        /// The news of a view that comes after a pause (half a second or more since the one before) is never told.
        case losesNews
        /// In play, a move starts showing only at the next tick: its news is told at once, before the table shows it.
        case tellsBeforeShowing
        /// The turn line the engine reads is not the one the painter draws.
        case drawsAnotherTurn
        /// The turn line counts the seconds the table has been open: a replay's step reached back or by a jump says another one.
        case keepsAClock
    }

    /// Broadside's table, lying as told. Each lie depends on the way the views came (in one go, after a
    /// pause, with ticks between): a table fed the same views step by step, as the check's truth is, says otherwise.
    struct LyingTable: SeatTable {
        typealias Move = BroadsideNetworkTable.Move
        static var gameName: String { BroadsideNetworkTable.gameName }
        var base: BroadsideNetworkTable
        let lie: Lie
        var startsShowing = false
        var showingFor = 0.0
        var clock = 0.0
        var lastViewAt = 0.0

        var title: String { base.title }
        var variant: String { base.variant }
        var hotkeys: [Hotkey] { base.hotkeys }
        var panelColors: (flat: RGBAColor, upright: RGBAColor) { base.panelColors }
        mutating func load(variant: String, rules: JSONValue) throws { try base.load(variant: variant, rules: rules) }
        mutating func startMatch(session: SeatSession) { base.startMatch(session: session) }
        mutating func show(_ update: ViewUpdate, session: SeatSession, news: inout SeatNews) throws {
            var told = SeatNews()
            try base.show(update, session: session, news: &told)
            let paused = clock - lastViewAt >= 0.5
            lastViewAt = clock
            guard !(lie == .losesNews && paused) else { return }
            for item in told.items {
                if item.entry.weight == .headline { news.announce(item.entry.text, banner: item.banner) } else { news.say(item.entry.text) }
            }
            if lie == .tellsBeforeShowing, session.isLocal, session.hasView { startsShowing = true }
        }
        func screen(in context: LayoutContext, session: SeatSession) -> HUDScreen { base.screen(in: context, session: session) }
        func paint(on canvas: Canvas, layout: HUDLayout, context: LayoutContext, effect: HingeEffect.Visual?, session: SeatSession) {
            base.paint(on: canvas, layout: layout, context: context, effect: effect, session: session)
        }
        mutating func pointerPressed(at point: Point, layout: HUDLayout, session: SeatSession) -> [Move] {
            base.pointerPressed(at: point, layout: layout, session: session)
        }
        mutating func perform(_ command: DesktopCommand, session: SeatSession) -> [Move] { base.perform(command, session: session) }
        mutating func advance(by seconds: Double) {
            base.advance(by: seconds)
            clock += max(0, seconds)
            showingFor = startsShowing ? 3 : max(0, showingFor - seconds)
            startsShowing = false
        }
        var isShowingMove: Bool { base.isShowingMove || showingFor > 0 }
        mutating func finishShowingMoves() {
            base.finishShowingMoves()
            (startsShowing, showingFor) = (false, 0)
        }
        func turnText(session: SeatSession) -> String {
            if lie == .drawsAnotherTurn { return "Broadsides galore" }
            return lie == .keepsAClock ? "\(base.turnText(session: session)) (\(Int(clock)) s)" : base.turnText(session: session)
        }
        func scoreText(session: SeatSession) -> String { base.scoreText(session: session) }
    }

    /// Broadside registered with a lying table, on this device and for its replays.
    static func lying(_ lie: Lie) -> DesktopGameRegistration {
        DesktopGameRegistration(
            catalogEntry: Broadside.catalogEntry, title: "Lying Broadside", defaultBot: "hunt", hotkeys: [],
            makeTable: { variant, bot, seed in
                let game = try GameLoader.broadside(variant: variant, locator: DesktopFixtures.assets)
                return try LocalMatchGame(game: AnyGame(game), bot: bot, seed: seed, demoBot: "hunt") { _ in
                    LyingTable(base: BroadsideNetworkTable(game: game, seed: seed), lie: lie)
                }
            },
            lintScreens: { _ in [] },
            makeNetworkGame: { setup in
                let game = try GameLoader.broadside(variant: setup.variant, locator: DesktopFixtures.assets)
                return NetworkGame(setup, table: LyingTable(base: BroadsideNetworkTable(game: game, seed: setup.seed), lie: lie))
            })
    }

    static func walk(_ registration: DesktopGameRegistration, _ modes: [DrawnTextLint.Mode], moves: Int) throws -> DrawnTextLint.Report {
        let settings = DrawnTextLint.Settings(profile: DesktopFixtures.profile("duo"), modes: modes, maxMoves: moves, assets: DesktopFixtures.assets)
        return try DrawnTextLint.run(registration, settings: settings)
    }

    @Test("A table that loses the news of a move it shows is caught, naming the frame, the move shown and the entry")
    func lostNews() throws {
        let report = try Self.walk(Self.lying(.losesNews), [.bot, .passAndPlay, .replay], moves: 4)
        #expect(!report.isClean)
        let lost = try #require(report.truth.findings.first { $0.rule == .newsLost }, "\(report.truth.findings)")
        #expect(lost.table == "seat 0" && lost.match == "bot match")
        #expect(lost.text.hasPrefix("You fired at") || lost.text.hasPrefix("The hunt bot"), "\(lost)")
        #expect(lost.description.hasPrefix("broadside bot match, seat 0, frame \(lost.frame) (move \(lost.step) shown): newsLost: '\(lost.text)'"))
        #expect(lost.description.contains("missing"), "\(lost)")
    }

    @Test("A table that tells a move's news before it shows the move is caught, naming the move the entry is about")
    func newsAhead() throws {
        let report = try Self.walk(Self.lying(.tellsBeforeShowing), [.bot, .passAndPlay, .replay], moves: 4)
        let ahead = try #require(report.truth.findings.first { $0.rule == .newsAhead }, "\(report.truth.findings)")
        #expect(ahead.description.contains("frame \(ahead.frame) (move \(ahead.step) shown): newsAhead: '\(ahead.text)'"), "\(ahead)")
        #expect(ahead.description.contains("the news of move \(ahead.step + 1) of the seat's views"), "\(ahead)")
    }

    @Test("A turn line the frame does not draw is caught")
    func turnNotDrawn() throws {
        let report = try Self.walk(Self.lying(.drawsAnotherTurn), [.bot], moves: 1)
        let finding = try #require(report.truth.findings.first { $0.rule == .notDrawn }, "\(report.truth.findings)")
        #expect(finding.description.contains("notDrawn: 'Broadsides galore': the turn line is not drawn in the frame"), "\(finding)")
    }

    @Test("A replay step reached back or by a jump that says other words than forward is caught")
    func replayStepsDiffer() throws {
        let report = try Self.walk(Self.lying(.keepsAClock), [.bot, .passAndPlay, .replay], moves: 4)
        #expect(report.truth.replayStepCount >= 2)
        let step = try #require(report.truth.findings.first { $0.rule == .replayStep }, "\(report.truth.findings)")
        #expect(step.table == "seat 0" && step.description.contains("reached stepping back from move \(step.step + 1)"), "\(step)")
        #expect(step.description.contains("reached forward: move \(step.step)"), "\(step)")
    }

    @Test("Issue 21: golf tells each stroke once it has rolled, also when the next is struck before it stops")
    func golfTellsTheTruth() throws {
        // Before: a stroke struck while the last ball rolled kept the last one's news back until every ball
        // stopped (the news of strokes 1 and 2 missing at stroke 3). Two people passing the device: both
        // seats' tables. (A golf replay stepped back: "Replays in the window"; Broadside: the lint's walk test.)
        let report = try Self.walk(.miniGolf, [.passAndPlay], moves: 4)
        #expect(report.truth.findings.isEmpty, "\(report.truth.findings.map(\.description))")
        #expect(report.truth.matchCount == 1 && report.truth.momentCount > 15, "\(report.truth)")
    }
}
