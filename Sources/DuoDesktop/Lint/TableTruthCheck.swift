import DuoClient
import DuoPlatform
import Foundation
import TabletopEngine

/// Truth over time: whether what a seat's table says at each moment of a
/// match (its news, banner, turn line and score: its ``TableReadout``, and
/// what its frame drew of them) is what that seat's views up to the move it
/// shows tell, for any game. The seat views' history is the match's replay:
/// a table opened on the replay at step k has seen moves 0 to k and nothing
/// else, so what it says there is the truth about step k. A moment's table
/// may tell nothing of a move it does not show yet (news, a banner), lose no
/// entry of the moves it shows, and show the turn and score of the step it shows.
///
/// ``DrawnTextLint`` runs it on every match it walks (so `duo lint` and a
/// game package's own `lint` check every game with it): the matches on this
/// device against the replay of each (``TableTruthCheck/references(replay:of:viewer:like:assets:)``),
/// and the replays stepped forward, back and by jumps, whose frames and
/// readouts must be the same at each step however it was reached.
public enum TableTruthCheck {
    /// What one seat's table said at one moment of a match.
    public struct Moment: Sendable {
        /// The frame's number in its walk.
        public var frame: Int
        /// Moves played in the walk before it.
        public var move: Int
        /// What the table said.
        public var readout: TableReadout
        /// How many of the readout's newest news entries were told in this match (the rest are older matches').
        public var newsOfMatch: Int
        /// What the frame drew, when the seat's table was drawn in it (nil: hidden, behind the privacy screen).
        public var drawn: FrameTrace?

        /// A moment from its parts.
        public init(frame: Int, move: Int, readout: TableReadout, newsOfMatch: Int? = nil, drawn: FrameTrace? = nil) {
            self.frame = frame
            self.move = move
            self.readout = readout
            self.newsOfMatch = newsOfMatch ?? readout.news.count
            self.drawn = drawn
        }
    }

    /// What is wrong at a moment.
    public enum Rule: String, Sendable, Hashable, Codable, CaseIterable {
        /// A news entry (or banner) about a move the table does not show yet.
        case newsAhead
        /// A news entry of a move the table shows is missing (or out of its place).
        case newsLost
        /// The banner is about a move the table does not show yet.
        case bannerAhead
        /// The turn line is not the one the seat's views up to the step shown give.
        case turn
        /// The score is not the one the seat's views up to the step shown give.
        case score
        /// The table shows a move its seat's views do not have.
        case stepUnknown
        /// The readout's turn, score or banner was not drawn in the frame.
        case notDrawn
        /// A replay's step, reached another way (back, a jump), draws another frame or says other words.
        case replayStep
    }

    /// One problem found, with the moment it was first met.
    public struct Finding: Sendable, Hashable, CustomStringConvertible {
        /// The game's name.
        public var game: String
        /// The kind of match, in words (`bot match`).
        public var match: String
        /// Whose table: `seat 0`, `spectator`.
        public var table: String
        /// The frame's number in the walk.
        public var frame: Int
        /// The move of the match the table showed.
        public var step: Int
        /// The rule broken.
        public var rule: Rule
        /// The text at fault (a news entry, the turn line), quoted in the message.
        public var text: String
        /// What the seat's views say instead, or how the text was found wrong.
        public var detail: String
        /// How many moments met the same problem (this one included).
        public var count = 1

        /// A finding from its parts.
        public init(game: String, match: String, table: String, frame: Int, step: Int, rule: Rule, text: String, detail: String) {
            self.game = game
            self.match = match
            self.table = table
            self.frame = frame
            self.step = step
            self.rule = rule
            self.text = text
            self.detail = detail
        }

        /// What makes two findings the same: the place, the rule and the text.
        var key: String { "\(game)|\(match)|\(table)|\(rule.rawValue)|\(text)" }

        /// `broadside bot match, seat 0, frame 12 (move 6 shown): newsAhead: 'You sank ...': the news of move 7 ...`.
        public var description: String {
            let more = count > 1 ? " (and \(count - 1) more moment\(count == 2 ? "" : "s"))" : ""
            return "\(game) \(match), \(table), frame \(frame) (move \(step) shown): \(rule.rawValue): '\(text)': \(detail)\(more)"
        }
    }

    /// What the check looked at and found.
    public struct Report: Sendable {
        /// Moments of live matches compared with their seat's views (one per seat's table per frame).
        public var momentCount = 0
        /// Replay steps reached forward, back and by a jump, and compared.
        public var replayStepCount = 0
        /// Matches whose tables were checked.
        public var matchCount = 0
        /// Every distinct problem, in the order first met.
        public var findings: [Finding] = []

        /// An empty report.
        public init() {}

        /// Adds `found`, counting one met before rather than repeating it.
        public mutating func add(_ found: [Finding]) {
            for finding in found {
                if let index = findings.firstIndex(where: { $0.key == finding.key }) {
                    findings[index].count += finding.count
                } else {
                    findings.append(finding)
                }
            }
        }

        /// Adds what `other` looked at and found.
        public mutating func merge(_ other: Report) {
            momentCount += other.momentCount
            replayStepCount += other.replayStepCount
            matchCount += other.matchCount
            add(other.findings)
        }
    }

    /// The truth at every step of `replay` (finished or not) for `viewer` (nil: a spectator): what the game's own
    /// table says at step k (0...moves), once it has shown that step's move, fed the seat's views
    /// 0 to k as the match's host fed them, held as `session` was (its mode, opponent and the
    /// wins before the match, which a later match's score counts).
    /// - Parameters:
    ///   - replay: the match's replay (its seats' views).
    ///   - registration: the game.
    ///   - viewer: the seat (nil: a spectator).
    ///   - session: the live table's session at the match's start (nil: as a replay shows it).
    ///   - assets: where `Assets/` is.
    /// - Throws: ``DesktopError`` when the replay cannot be read or the table made.
    public static func references(
        replay: Data, of registration: DesktopGameRegistration, viewer: Seat?, like session: SeatSession? = nil,
        assets: AssetLocator = .standard()
    ) throws(DesktopError) -> [TableReadout] {
        let fileName = "\(registration.name)-truth.jsonl"
        let steps: ReplaySteps
        let variant: String
        do {
            let header = try ReplaySummary.header(of: replay)
            variant = header.variant
            let game = try registration.catalogEntry.load(variant: variant, assets: try assets.directory())
            steps = try ReplaySteps(replay: replay, game: game, viewer: viewer, isFinished: false)
        } catch {
            throw DesktopError(cause: "\(fileName): \(error)", fix: "check the match's replay")
        }
        guard let make = registration.makeNetworkGame else { return [] }
        let transport =
            session.map { ReplayTransport(steps: steps, step: 0, heldAs: $0.mode, opponent: $0.opponent) }
            ?? ReplayTransport(steps: steps, step: 0)
        let request: MatchRequest =
            viewer.map { .resume(SeatTicket(code: ReplayTransport.code, seat: $0, token: "truth")) } ?? .watch(code: ReplayTransport.code)
        var made: any DesktopGame
        do {
            made = try make(.init(transport: transport, server: LocalMatchHost.serverName, request: request, variant: variant, tickets: nil, seed: 1))
        } catch {
            throw DesktopError(cause: "\(fileName): cannot make the \(registration.title) table (\(error))", fix: "check the game's registration")
        }
        defer { made.close() }
        made.advance(by: 0)
        guard let seat = made as? any SeatGame else { return [] }
        if let wins = session?.wins { (seat as? any WinsCarrying)?.carry(wins: wins) }
        var readouts: [TableReadout] = []
        for step in 0...steps.moveCount {
            if step > 0 {
                transport.show(step: step)
                made.advance(by: 0)
            }
            seat.finishShowingMoves()
            readouts.append(seat.readout)
        }
        return readouts
    }

    /// The problems of `moments` of one seat's table in one match, against `references` (the
    /// truth at each step, ``references(replay:of:viewer:like:assets:)``), each reported once.
    /// - Parameters:
    ///   - moments: what the table said, in the order of the frames.
    ///   - references: what the seat's views up to each step say.
    ///   - game: the game's name, for the findings.
    ///   - match: the kind of match, in words.
    ///   - table: whose table, in words.
    public static func findings(
        in moments: [Moment], references: [TableReadout], game: String, match: String, table: String
    ) -> [Finding] {
        guard let start = references.first else { return [] }
        // The engine's lines where the table starts (the seat taken back) are no move's news.
        let engineLines = Set(start.news)
        var told: [String: Int] = [:]
        for (step, reference) in references.enumerated() {
            for line in reference.news where !engineLines.contains(line) && told[line] == nil { told[line] = step }
        }
        var banners: [String: Int] = [:]
        for (step, reference) in references.enumerated() {
            if let banner = reference.banner, banners[banner] == nil { banners[banner] = step }
        }
        var report = Report()
        for moment in moments {
            let readout = moment.readout
            func finding(_ rule: Rule, _ text: String, _ detail: String) -> Finding {
                Finding(game: game, match: match, table: table, frame: moment.frame, step: readout.shownMoves, rule: rule, text: text, detail: detail)
            }
            guard references.indices.contains(readout.shownMoves) else {
                report.add([finding(.stepUnknown, readout.turn, "the seat's views have moves 0 to \(references.count - 1) only")])
                continue
            }
            let truth = references[readout.shownMoves]
            var found: [Finding] = []
            if let problem = newsProblem(moment, truth: truth, engineLines: engineLines, told: told) {
                found.append(finding(problem.rule, problem.text, problem.detail))
            }
            if let banner = readout.banner, let step = banners[banner], step > readout.shownMoves {
                found.append(finding(.bannerAhead, banner, "the banner of move \(step) of the seat's views"))
            }
            if !readout.isShowingMove, readout.turn != truth.turn {
                found.append(finding(.turn, readout.turn, "the seat's views up to move \(readout.shownMoves) say '\(truth.turn)'"))
            }
            if readout.score != truth.score {
                found.append(finding(.score, readout.score, "the seat's views up to move \(readout.shownMoves) say '\(truth.score)'"))
            }
            if let drawn = moment.drawn {
                found += drawnProblems(readout, drawn: drawn).map { finding(.notDrawn, $0.text, $0.detail) }
            }
            report.add(found)
        }
        return report.findings
    }

    /// The first place where the news of the match at a moment differs from the truth: an
    /// entry of a later move (ahead), or one of the moves shown missing or out of its place (lost).
    static func newsProblem(
        _ moment: Moment, truth: TableReadout, engineLines: Set<String>, told: [String: Int]
    ) -> (rule: Rule, text: String, detail: String)? {
        let step = moment.readout.shownMoves
        // The moves' news, newest first: the engine's own lines (the match's comings and goings) left out on both sides.
        let shown = moment.readout.news.prefix(moment.newsOfMatch).filter { told[$0] != nil }
        let expected = truth.news.filter { !engineLines.contains($0) }
        // A log at its limit has dropped its oldest entries, which the truth (with fewer lines of the engine's) may keep.
        let isFull = moment.readout.news.count >= NewsFeed.limit
        for index in 0..<max(shown.count, expected.count) {
            guard index < shown.count else {
                if isFull { return nil }
                return (.newsLost, expected[index], "told by the seat's views up to move \(step), missing from the news")
            }
            let line = shown[index]
            guard index < expected.count, line == expected[index] else {
                if !expected.dropFirst(index).contains(line), let later = told[line] {
                    return (.newsAhead, line, "the news of move \(later) of the seat's views, in the news while the table shows move \(step)")
                }
                guard index < expected.count else { return nil }
                return (.newsLost, expected[index], "told by the seat's views up to move \(step), missing (or out of place) in the news")
            }
        }
        return nil
    }

    /// The readout's words the frame did not draw: the turn line, the score, the banner.
    static func drawnProblems(_ readout: TableReadout, drawn: FrameTrace) -> [(text: String, detail: String)] {
        var problems: [(text: String, detail: String)] = []
        if let banner = drawn.banner, banner != readout.banner {
            problems.append((banner, "the banner drawn is not the table's ('\(readout.banner ?? "none")')"))
        }
        let drawnWords = Set(drawn.texts.flatMap { words(of: $0.cutFrom ?? $0.text) })
        for (name, text) in [("turn line", readout.turn), ("score", readout.score)] where !text.isEmpty {
            let missing = words(of: text).filter { !drawnWords.contains($0) }
            if !missing.isEmpty {
                problems.append((text, "the \(name) is not drawn in the frame (no '\(missing.prefix(3).joined(separator: "', '"))')"))
            }
        }
        return problems
    }

    /// A text's words, as the frame's texts are compared: split at spaces and the separators between parts.
    /// The words of a text, whatever their case and the punctuation after them: a table may draw
    /// a part's first word in its caption ("AFLOAT · WINS" over "Yours 5, theirs 4", Broadside's narrow score).
    static func words(of text: String) -> [String] {
        text.split { $0.isWhitespace || $0 == "·" }.map { $0.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ",:;.!?")) }
            .filter { !$0.isEmpty }
    }

    /// The first difference between two frames of one replay step (the same device, the same
    /// time after the step), in words: a text one drew and the other did not, or nil when they are the same.
    public static func difference(between first: FrameTrace, and second: FrameTrace) -> String? {
        guard first != second else { return nil }
        for (one, other) in zip(first.texts, second.texts) where one != other {
            return
                "'\(one.text)' \(DrawnTextRules.formatted(one.frame)) where the other drew '\(other.text)' \(DrawnTextRules.formatted(other.frame))"
        }
        if first.texts.count != second.texts.count {
            let (longer, count) = first.texts.count > second.texts.count ? (first, second.texts.count) : (second, first.texts.count)
            let extra = longer.texts[count]
            return
                "\(first.texts.count) texts against \(second.texts.count): '\(extra.text)' \(DrawnTextRules.formatted(extra.frame)) drawn in one only"
        }
        if first.banner != second.banner { return "the banner '\(first.banner ?? "none")' against '\(second.banner ?? "none")'" }
        if first.news != second.news {
            return
                "the news [\((first.news ?? []).prefix(2).joined(separator: " | "))] against [\((second.news ?? []).prefix(2).joined(separator: " | "))]"
        }
        return "the overlays' boxes differ"
    }
}

/// A seat's table whose session can start with the wins of the matches before (the references of a later match).
protocol WinsCarrying: AnyObject {
    /// Sets the wins the table's session counts from.
    func carry(wins: SeatPair<Int>)
}
