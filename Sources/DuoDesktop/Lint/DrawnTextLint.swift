import DuoPlatform
import Foundation
import TabletopEngine

/// The drawn-text lint: plays whole matches of a game in the window's own
/// session, offscreen, while the device walks through postures, orientations,
/// fold positions, the camera and the direction, draws a frame after every
/// move (and again once the table has had time to show it: a banner, a golf
/// ball rolling, the privacy screen), and checks every text each frame drew
/// with ``DrawnTextRules``. It needs nothing from the game but its
/// registration: a game that declares no `lintTexts` is checked all the same.
///
/// Each registered game is walked in every kind of match it has: against its
/// default bot, two people passing the device, two seats in tent (a game that
/// seats them, ``DesktopGameRegistration/seatsOnTentHalves``), and, for a
/// game with a networked table, a replay as seat 0 saw it and as a spectator
/// saw it (of a match its default bot played against itself). Now and then
/// the hotkey help, the regions overlay and older news (PageUp) show too.
public enum DrawnTextLint {
    /// A kind of match the lint walks.
    public enum Mode: String, Sendable, Hashable, CaseIterable, Codable {
        /// Against the game's default bot.
        case bot
        /// Two people passing the device, a privacy screen between their turns.
        case passAndPlay = "pass-and-play"
        /// Two people each on their own half of a tent.
        case tent
        /// A replay, as seat 0 saw it.
        case replay
        /// A replay, as a spectator saw it.
        case spectator

        /// `bot match`, `two seats in tent`.
        public var title: String {
            switch self {
            case .bot: "bot match"
            case .passAndPlay: "pass-and-play"
            case .tent: "two seats in tent"
            case .replay: "replay (seat 0)"
            case .spectator: "replay (spectator)"
            }
        }
    }

    /// What to walk.
    public struct Settings: Sendable {
        /// The device the matches are played on (its profile; the walk starts flat).
        public var profile: DeviceProfile
        /// The rules variant (nil: the game's default).
        public var variant: String?
        /// Seeds the matches, the bots and the device's walk.
        public var seed: UInt64
        /// The kinds of match (nil: every kind the game has, ``DrawnTextLint/modes(of:)``).
        public var modes: [Mode]?
        /// The most moves drawn in each kind of match: a bound, so a game with long matches still ends in time.
        public var maxMoves: Int
        /// The fewest moves drawn in each kind of match (at most ``DrawnTextLint/Settings/maxMoves``): a game whose matches
        /// are short plays the next one (and a replay starts over) until the device has walked this far.
        public var minMoves: Int
        /// Where `Assets/` is (the replays' rules are read there).
        public var assets: AssetLocator

        /// Settings from their parts.
        public init(
            profile: DeviceProfile, variant: String? = nil, seed: UInt64 = 1, modes: [Mode]? = nil, maxMoves: Int = 400, minMoves: Int = 24,
            assets: AssetLocator = .standard()
        ) {
            self.profile = profile
            self.variant = variant
            self.seed = seed
            self.modes = modes
            self.maxMoves = maxMoves
            self.minMoves = min(minMoves, maxMoves)
            self.assets = assets
        }
    }

    /// What a walk found.
    public struct Report: Sendable {
        /// The game's name.
        public var game: String
        /// Each match walked: its kind, the device's profile, the moves played and the frames drawn.
        public var matches: [(mode: Mode, profile: String, moves: Int, frames: Int)] = []
        /// Frames drawn and checked.
        public var frameCount = 0
        /// Drawn texts checked (every text of every frame).
        public var textCount = 0
        /// Every distinct violation, in the order first met.
        public var findings: [DrawnTextFinding] = []
        /// Frames drawn of each HUD screen (`privacy`, `a seat on each half`): what the walks showed.
        public var screens: [String: Int] = [:]
        /// What the truth-over-time check of the same matches looked at and found (``TableTruthCheck``).
        public var truth = TableTruthCheck.Report()

        /// An empty report of `game`.
        public init(game: String) {
            self.game = game
        }

        /// The findings no entry of the known list matches: those fail the lint (with every truth-over-time finding).
        public var failures: [DrawnTextFinding] { findings.filter { $0.known == nil } }

        /// Whether nothing fails: no drawn-text finding but known ones, and no truth-over-time finding.
        public var isClean: Bool { failures.isEmpty && truth.findings.isEmpty }

        /// Adds what `other` (another walk of the same game) found: a finding both met is counted once, with both counts of frames.
        public mutating func merge(_ other: Report) {
            matches += other.matches
            screens.merge(other.screens, uniquingKeysWith: +)
            truth.merge(other.truth)
            frameCount += other.frameCount
            textCount += other.textCount
            for finding in other.findings {
                if let index = findings.firstIndex(where: { $0.key == finding.key }) {
                    findings[index].frameCount += finding.frameCount
                } else {
                    findings.append(finding)
                }
            }
        }
    }

    /// The kinds of match `registration`'s game has.
    public static func modes(of registration: DesktopGameRegistration) -> [Mode] {
        var modes: [Mode] = [.bot, .passAndPlay]
        if registration.seatsOnTentHalves { modes.append(.tent) }
        if registration.makeNetworkGame != nil { modes += [.replay, .spectator] }
        return modes
    }

    /// Walks `registration`'s game in each kind of match and checks every text of every frame.
    /// - Parameters:
    ///   - registration: the game.
    ///   - settings: the device, variant, seed, kinds of match and bound.
    ///   - knownFindings: the findings reported as known rather than failing (see ``knownFindings``).
    ///   - tracer: draws the frames (one is made when nil).
    /// - Throws: ``DesktopError`` when a table cannot be made or a frame cannot be drawn.
    public static func run(
        _ registration: DesktopGameRegistration, settings: Settings, knownFindings: [KnownDrawnTextFinding] = Self.knownFindings,
        tracer: FrameTracer? = nil
    ) throws -> Report {
        let tracer = tracer ?? FrameTracer()
        var walk = Walk(registration: registration, settings: settings, known: knownFindings, tracer: tracer)
        for mode in settings.modes ?? modes(of: registration) {
            try walk.play(mode)
        }
        walk.report.truth = walk.truth
        return walk.report
    }

    /// The findings of one traced frame: its violations grouped by rule, place and target (a row of
    /// board labels too small is one finding), each matched against `known`.
    /// - Parameters:
    ///   - frame: the frame drawn, with its trace.
    ///   - game: the game's name.
    ///   - minimumSize: the smallest text size allowed, in points.
    ///   - mode: the kind of match (nil: a frame on its own).
    ///   - index: the frame's number in its walk.
    ///   - move: moves played before it.
    ///   - seconds: seconds since that move.
    ///   - situation: the device, in words (``describe(_:)``).
    ///   - showing: what showed over the table, or empty.
    ///   - known: the known findings.
    public static func findings(
        in frame: TracedFrame, game: String, minimumSize: Double, mode: Mode?, frame index: Int = 0, move: Int = 0, seconds: Double = 0,
        situation: String, showing: String = "", known: [KnownDrawnTextFinding] = Self.knownFindings
    ) -> [DrawnTextFinding] {
        var grouped: [String: Int] = [:]
        var found: [DrawnTextFinding] = []
        for violation in frame.violations(minimumSize: minimumSize) {
            var finding = DrawnTextFinding(
                game: game, mode: mode, frame: index, move: move, seconds: seconds, situation: situation, showing: showing, screen: frame.screen,
                rule: violation.problem.rule, place: DrawnTextRules.place(of: violation.text, in: frame.scene),
                target: violation.problem.target(in: frame.scene), violations: [violation])
            if let at = grouped[finding.key] {
                found[at].violations.append(violation)
            } else {
                finding.known = known.first { $0.matches(finding) }
                grouped[finding.key] = found.count
                found.append(finding)
            }
        }
        return found
    }

    /// A replay of one whole match of `game` with `bot` on both seats (what the replay walks show).
    public static func botReplay(of game: AnyGame, bot: String, seed: UInt64) throws -> Data {
        let session = game.makeSession(setup: MatchSetup(seed: seed), players: SeatPair(bot, bot))
        for seat in Seat.allCases { try session.attachBot(named: bot, to: seat) }
        // A bound, not a timeout: a game whose bots never finish still returns.
        for _ in 0..<100_000 where session.result == nil {
            guard let seat = session.seatsToMove.seats.first, let move = session.botMoveJSON(for: seat),
                case .success = session.submit(move, by: seat)
            else { break }
        }
        return session.replay
    }
}

extension DrawnTextLint {
    /// One game's walks and what they found so far.
    struct Walk {
        let registration: DesktopGameRegistration
        let settings: Settings
        let known: [KnownDrawnTextFinding]
        let tracer: FrameTracer
        var report: Report
        /// What the truth-over-time check of the walks found.
        var truth = TableTruthCheck.Report()
        var seen: [String: Int] = [:]
        /// The replay both replay walks show, played once.
        var replay: Data?

        init(registration: DesktopGameRegistration, settings: Settings, known: [KnownDrawnTextFinding], tracer: FrameTracer) {
            self.registration = registration
            self.settings = settings
            self.known = known
            self.tracer = tracer
            report = Report(game: registration.name)
        }

        var variant: String { settings.variant ?? registration.defaultVariant }

        /// Seconds the lint lets pass after each move before its second frame: past a
        /// pass-and-play hand-over (1.5 s), a bot's thinking and most of a golf ball's roll.
        static let settleSeconds = 1.6

        mutating func play(_ mode: Mode) throws {
            let session = try makeSession(mode)
            defer { session.close() }
            var walk = PostureWalk(profile: settings.profile, seed: settings.seed &* 0x9E37_79B9 ^ UInt64(Mode.allCases.firstIndex(of: mode) ?? 0))
            if mode == .tent { session.device.apply(.tent) }
            var frames = 0
            var moves = 0
            var recorder = TruthRecorder(registration: registration, assets: settings.assets, mode: mode, maxMoves: settings.maxMoves)
            recorder.startMatch(session.game)
            @discardableResult
            func check(seconds: Double, showing: String = "", whole: Bool = false) throws -> TracedFrame {
                let frame = try tracer.frame(of: session, whole: whole)
                recorder.record(session, frame: frame, index: frames, move: moves)
                report.textCount += frame.trace.texts.count
                report.frameCount += 1
                report.screens[frame.screen, default: 0] += 1
                let situation = DrawnTextLint.describe(session.device.state)
                let found = DrawnTextLint.findings(
                    in: frame, game: registration.name, minimumSize: registration.minimumTextSize, mode: mode, frame: frames, move: moves,
                    seconds: seconds, situation: situation, showing: showing, known: known)
                for finding in found {
                    if let index = seen[finding.key] {
                        report.findings[index].frameCount += 1
                        continue
                    }
                    seen[finding.key] = report.findings.count
                    report.findings.append(finding)
                }
                frames += 1
                return frame
            }
            try check(seconds: 0)
            while moves < settings.maxMoves {
                if isOver(session) {
                    guard moves < settings.minMoves else { break }
                    try recorder.endMatch(session.game)
                    guard restart(session) else { break }
                    recorder.startMatch(session.game)
                    try check(seconds: 0, showing: session.game is ReplayGame ? "the replay from the start again (A)" : "the next match (N)")
                    continue
                }
                step(session, mode: mode, walk: &walk, moves: moves)
                guard playMove(session) else { break }
                moves += 1
                let shown = try check(seconds: 0)
                if let replay = session.game as? ReplayGame {
                    try recorder.compareReplayStep(session, replay: replay, forward: shown, index: frames - 1, tracer: tracer)
                }
                // Now and then what a person may show over the table: older news, the help, the regions.
                switch moves % 12 {
                case 4:
                    session.apply(.scrollNews(3))
                    try check(seconds: 0, showing: "older news (PageUp)")
                    session.apply(.scrollNews(-3))
                case 7:
                    session.showsHelp = true
                    try check(seconds: 0, showing: "the hotkey help (H)", whole: true)
                    session.showsHelp = false
                case 10:
                    session.showsRegions = true
                    try check(seconds: 0, showing: "the regions overlay (G)")
                    session.showsRegions = false
                default:
                    break
                }
                for _ in 0..<16 { session.advance(by: Self.settleSeconds / 16) }
                try check(seconds: Self.settleSeconds)
            }
            if let replay = session.game as? ReplayGame, replay.step > 0 {
                // Back to the start after the end, as A does.
                replay.show(step: 0)
                session.advance(by: 0)
                try check(seconds: 0, showing: "the start again, after the end")
            }
            try recorder.endMatch(session.game)
            truth.merge(recorder.report)
            report.matches.append((mode, settings.profile.name, moves, frames))
        }

        /// The session of a match of this kind, on the settings' device, flat.
        mutating func makeSession(_ mode: Mode) throws -> DesktopSession {
            let game: any DesktopGame
            switch mode {
            case .bot: game = try registration.makeTable(variant, registration.defaultBot, settings.seed)
            case .passAndPlay, .tent: game = try registration.makeTable(variant, nil, settings.seed)
            case .replay, .spectator:
                let replay: Data
                if let known = self.replay {
                    replay = known
                } else {
                    let assets = try settings.assets.directory()
                    let loaded = try registration.catalogEntry.load(variant: variant, assets: assets)
                    replay = try DrawnTextLint.botReplay(of: loaded, bot: registration.defaultBot, seed: settings.seed)
                    self.replay = replay
                }
                game = try registration.replayGame(
                    replay, fileName: "\(registration.name)-lint.jsonl", viewer: mode == .replay ? .first : nil, seed: settings.seed,
                    locator: settings.assets)
            }
            return DesktopSession(
                state: DeviceState(profile: settings.profile, posture: .flat), profiles: [settings.profile], game: game,
                sensorSeed: settings.seed)
        }

        /// The device's next change: the walk's, or in tent mostly a nudge of the tent's hinge
        /// (now and then out of the tent and back, which passes the device behind the privacy screen).
        func step(_ session: DesktopSession, mode: Mode, walk: inout PostureWalk, moves: Int) {
            guard mode == .tent else { return walk.next(after: session.device.state).apply(to: session.device) }
            let step: PostureStep
            switch moves % 10 {
            case 6: step = PostureStep(posture: .book)
            case 7: step = PostureStep(posture: .tent)
            case 3: step = PostureStep(innerCamera: !session.device.state.isInnerCameraInUse)
            default: step = PostureStep(angleDegrees: [80, 70, 60, 75, 85][moves % 5])
            }
            step.apply(to: session.device)
        }

        /// Plays the match's next move as people would: a person's by the game's bot (after taking
        /// the device, behind a privacy screen), a bot's in its own time; a replay steps forward.
        /// Returns false when there is none.
        func playMove(_ session: DesktopSession) -> Bool {
            if let replay = session.game as? ReplayGame {
                guard replay.step < replay.transport.steps.moveCount else { return false }
                session.apply(.gameKey(.letter("f"), shift: false))
                session.advance(by: 0)
                return true
            }
            guard let local = session.game as? LintPlayedMatch else {
                session.playDemoTurns(1)
                return true
            }
            if local.isPrivacyScreenUp { session.apply(.confirm) }
            let played = local.playNextMove()
            session.advance(by: 0)
            return played
        }

        /// Starts the match over: the replay from its start (A), or the next match (N); false when the game has no way to.
        func restart(_ session: DesktopSession) -> Bool {
            if session.game is ReplayGame {
                session.apply(.gameKey(.letter("a"), shift: false))
            } else if session.game is LintPlayedMatch {
                session.apply(.newGame)
            } else {
                return false
            }
            session.advance(by: 0)
            return !isOver(session)
        }

        func isOver(_ session: DesktopSession) -> Bool {
            if let replay = session.game as? ReplayGame { return replay.step >= replay.transport.steps.moveCount }
            if let local = session.game as? LintPlayedMatch { return local.isMatchOver }
            return false
        }
    }

    /// The device in words: profile, posture (or "custom"), orientation, direction, fold, angle, camera (`DeviceState.situationWords`).
    public static func describe(_ state: DeviceState) -> String { state.situationWords }
}

/// A match on this device the lint plays move by move, as people would (``LocalMatchGame``).
protocol LintPlayedMatch: AnyObject {
    /// Each seat's table (one against a bot).
    var seatGames: [any SeatGame] { get }
    /// Whether the table of `seat` (an index of ``seatGames``) is drawn now, not hidden behind the privacy screen or the other seat's.
    func isDrawn(seat: Int) -> Bool
    /// The replay of the match under way (or just over): its seats' views.
    var matchReplay: Data? { get }
    /// Whether the privacy screen is up.
    var isPrivacyScreenUp: Bool { get }
    /// Whether the match has a result.
    var isMatchOver: Bool { get }
    /// The host plays the next move of whoever is to move (a person's seat by the game's demo bot); false when there is none.
    func playNextMove() -> Bool
}

extension LocalMatchGame: LintPlayedMatch {
    var isMatchOver: Bool { host.session?.result != nil }

    var seatGames: [any SeatGame] { seats }

    func isDrawn(seat: Int) -> Bool {
        if seating != nil { return true }
        return !isPrivacyScreenUp && (seats.count == 1 || holder.index == seat)
    }

    var matchReplay: Data? { host.session?.replay }

    func playNextMove() -> Bool {
        let before = host.session?.moveCount ?? 0
        host.playDemoTurns(1, botName: demoBot)
        return (host.session?.moveCount ?? 0) > before
    }
}
