import DuoPlatform
import TabletopEngine

/// A mini golf session at the desktop table: the match, who plays it (a
/// person against a bot, or two people taking turns on one device), the
/// stroke being aimed, the last stroke rolling, the news and the wins so
/// far. A value driven by input and time with no SDL in it, so every rule
/// of play is tested without a window.
///
/// Golf hides nothing, so two people share the device with no privacy
/// screen. While a stroke rolls, the table shows the moment before it
/// (the hole it was played on, the other ball where it was) with the
/// moving ball where the animation has it; input waits for it to stop.
public struct MiniGolfTable: Sendable {
    /// Who plays.
    public enum Mode: Sendable, Equatable {
        /// A person (seat 0) against the named bot (seat 1).
        case versusBot(String)
        /// Two people taking turns on one device.
        case twoPlayers
        /// A match held by a server, seen by `seat` (nil: a spectator): strokes
        /// are asked for (``takeRequestedShots()``) and the server's views shown (``show(_:)``).
        case online(seat: Seat?)
    }

    /// Seconds a bot waits before its stroke, so a person can follow it.
    public static let botThinkingSeconds = 0.6

    /// The course.
    public let game: MiniGolf
    /// Who plays.
    public let mode: Mode
    /// The HUD declaration.
    public let hud = MiniGolfHUD()
    /// The match.
    public private(set) var state: MiniGolfState
    /// The stroke the keyboard aims (the drag overrides it while it lasts).
    public private(set) var aim = MiniGolfShot(angle: 270, power: 40)
    /// The drag in progress on the course, if any.
    public private(set) var drag: AimGesture?
    /// The stroke rolling, and the match as it was before it.
    public private(set) var rolling: (animation: ShotAnimation, before: MiniGolfState, elapsed: Double)?
    /// The news log and the banner (a hole finished, the match won).
    public private(set) var feed = NewsFeed()
    /// News, newest first.
    public var news: [String] { feed.lines }
    /// Matches won by each seat this session.
    public private(set) var wins = SeatPair(0, 0)
    /// How many matches have started (the first seat alternates with it).
    public private(set) var matchIndex = 0
    private var bot: MiniGolfBot?
    /// Who holds the other seat of a match held elsewhere, as its host names it (`bot:aim`, `player`), if known.
    private var opponent: String?
    private var requestedShots: [MiniGolfShot] = []
    private var isAwaitingServer = false
    private var botCountdown = Self.botThinkingSeconds
    private let seed: UInt64

    /// A new session, its first match on the first tee.
    /// - Throws: ``UnknownBotError`` when the bot name is not one of the game's.
    public init(game: MiniGolf, mode: Mode, seed: UInt64) throws(UnknownBotError) {
        self.game = game
        self.mode = mode
        self.seed = seed
        state = game.makeInitialState(MatchSetup(batchSeed: seed, matchIndex: 0))
        if case .versusBot(let name) = mode {
            bot = try game.makeBot(named: name, seat: .second, seed: MatchSetup(batchSeed: seed, matchIndex: 0).botSeed(for: .second))
        }
        aim = MiniGolfShot(angle: defaultAngle(), power: 40)
    }

    /// A table for a match held by a server, seen by `seat` (nil: a spectator),
    /// showing `game`'s first hole until the server's first view.
    /// - Parameters:
    ///   - opponent: who holds the other seat, as the server names it (`bot:aim` names the bot on screen).
    ///   - wins: the matches each seat has won before this one (at the same table).
    public init(game: MiniGolf, online seat: Seat?, seed: UInt64, opponent: String? = nil, wins: SeatPair<Int> = SeatPair(0, 0)) {
        self.game = game
        self.mode = .online(seat: seat)
        self.seed = seed
        self.opponent = opponent
        self.wins = wins
        state = game.makeInitialState(MatchSetup(batchSeed: seed, matchIndex: 0))
        aim = MiniGolfShot(angle: defaultAngle(), power: 40)
    }

    // MARK: - What to show

    /// The match as drawn now: before the rolling stroke while it rolls.
    public var shownState: MiniGolfState { rolling?.before ?? state }
    /// The hole drawn now (index; the last hole once the match is over).
    public var shownHole: Int { min(shownState.hole, game.rules.holes.count - 1) }
    /// Whether a stroke is rolling.
    public var isRolling: Bool { rolling != nil }
    /// The result, once the match is over and the last stroke has stopped.
    public var result: MatchResult? { isRolling ? nil : game.result(of: state) }
    /// The seat to play, nil once the match is over.
    public var seatToPlay: Seat? { game.seatsToMove(in: state).seats.first }
    /// Whether a person may aim and strike now.
    public var acceptsStroke: Bool {
        guard !isRolling, let seat = seatToPlay else { return false }
        switch mode {
        case .twoPlayers: return true
        case .versusBot: return seat == .first
        case .online(let me): return seat == me && requestedShots.isEmpty && !isAwaitingServer
        }
    }

    /// Whether a seat is the person at this window.
    func isYou(_ seat: Seat) -> Bool {
        switch mode {
        case .twoPlayers: return false
        case .versusBot: return seat == .first
        case .online(let me): return seat == me
        }
    }

    /// The HUD screen for a scene.
    public func screen(in context: LayoutContext) -> HUDScreen { hud.screen(in: context) }

    /// Each ball still on the shown hole, where it is drawn now.
    public var balls: [(seat: Seat, position: CourseVector)] {
        let shown = shownState
        return Seat.allCases.compactMap { seat in
            if let rolling, rolling.animation.record.seat == seat {
                return (seat, rolling.animation.position(after: rolling.elapsed))
            }
            return shown.progress[seat] == .playing ? (seat, shown.balls[seat]) : nil
        }
    }

    /// The stroke shown as the aim line: the drag's, else the keyboard's; nil when no person may strike.
    public func aimPreview(on viewport: CourseViewport) -> MiniGolfShot? {
        guard acceptsStroke else { return nil }
        if let drag { return drag.shot(on: viewport) }
        return aim
    }

    /// The caddie camera: behind the rolling ball along its stroke, else behind
    /// the ball to play along the aim (a bot's: towards the cup).
    public func caddieCamera(in viewport: Rect) -> CaddieCamera {
        let hole = game.rules.holes[shownHole]
        if let rolling {
            let (x, y) = rolling.animation.position(after: rolling.elapsed).centimetres
            return CaddieCamera(ball: (x, y), degrees: rolling.animation.record.shot.angle, viewport: viewport)
        }
        let seat = seatToPlay ?? .first
        let (x, y) = state.balls[seat].centimetres
        if acceptsStroke { return CaddieCamera(ball: (x, y), degrees: aim.angle, viewport: viewport) }
        return CaddieCamera(ball: (x, y), toward: (Double(hole.cup.x), Double(hole.cup.y)), viewport: viewport)
    }

    /// What a seat is called on screen.
    public func name(of seat: Seat) -> String {
        switch mode {
        case .versusBot(let bot): seat == .first ? "You" : "The \(bot) bot"
        case .twoPlayers: "Player \(seat.rawValue + 1)"
        case .online(let me):
            if seat == me { "You" } else if let bot = opponentBot { "The \(bot) bot" } else { "Player \(seat.rawValue + 1)" }
        }
    }

    /// The other seat's bot, when a bot holds it in a match held elsewhere.
    private var opponentBot: String? {
        guard case .online(let me) = mode, me != nil, let opponent, opponent.hasPrefix("bot:") else { return nil }
        return String(opponent.dropFirst(4))
    }

    /// A short name for the score line: "You" and "Bot", or "P1" and "P2".
    public func shortName(of seat: Seat) -> String {
        switch mode {
        case .versusBot: seat == .first ? "You" : "Bot"
        case .twoPlayers: "P\(seat.rawValue + 1)"
        case .online(let me): seat == me ? "You" : (opponentBot != nil ? "Bot" : "P\(seat.rawValue + 1)")
        }
    }

    /// "3/9 Bunker · par 3".
    public var holeText: String {
        let hole = game.rules.holes[shownHole]
        return "\(shownHole + 1)/\(game.rules.holes.count) \(hole.name) · par \(hole.par)"
    }

    /// Whose turn, or the result.
    public var turnText: String {
        if let result {
            guard let winner = result.winner else { return "A tie at \(result.scores.first) strokes each" }
            // The short name: the line fits the narrowest turn cell (`duo lint`); the news names the bot in full.
            return "\(shortName(of: winner)) \(isYou(winner) ? "win" : "wins") \(result.scores[winner]) to \(result.scores[winner.opponent])"
        }
        if isRolling { return "Rolling..." }
        guard let seat = seatToPlay else { return "" }
        let stroke = "stroke \(state.scorecard[seat][state.hole] + 1)"
        let who = isYou(seat) ? "Your \(stroke)" : "\(name(of: seat)): \(stroke)"
        return who
    }

    /// Both players' totals and the session's wins.
    public var scoreText: String {
        let totals = shownState.totals
        return "\(shortName(of: .first)) \(totals.first) · \(shortName(of: .second)) \(totals.second) · wins \(wins.first)-\(wins.second)"
    }

    // MARK: - Input

    /// A finger (or the mouse) goes down on the course.
    public mutating func beginDrag(at point: Point) {
        guard acceptsStroke else { return }
        drag = AimGesture(start: point)
    }

    /// The finger moves.
    public mutating func moveDrag(to point: Point) { drag?.current = point }

    /// The finger lifts: the stroke the drag gives is played (a tap plays nothing).
    public mutating func endDrag(on viewport: CourseViewport) {
        defer { drag = nil }
        guard let shot = drag?.shot(on: viewport) else { return }
        aim = shot
        strike()
    }

    /// The finger left the course or the display: the drag is dropped, nothing is played.
    public mutating func cancelDrag() { drag = nil }

    /// Turns the keyboard aim by `degrees`.
    public mutating func turnAim(by degrees: Int) {
        aim.angle = ((aim.angle + degrees) % 360 + 360) % 360
    }

    /// Changes the keyboard power by `percent`, within 1...100.
    public mutating func changePower(by percent: Int) {
        aim.power = min(MiniGolfShot.maxPower, max(1, aim.power + percent))
    }

    /// Plays the keyboard aim.
    public mutating func strike() {
        guard acceptsStroke, let seat = seatToPlay else { return }
        // The player acts: advice about their last stroke and the banner have been seen.
        feed.playerActed()
        if case .online = mode {
            requestedShots.append(aim)
            return
        }
        play(aim, by: seat)
    }

    /// Hands over the strokes asked for since the last call (online), and waits for the server's answer.
    public mutating func takeRequestedShots() -> [MiniGolfShot] {
        defer { requestedShots = [] }
        if !requestedShots.isEmpty { isAwaitingServer = true }
        return requestedShots
    }

    /// Shows the server's view of the table (online): a new last shot rolls, as a local one does.
    public mutating func show(_ view: MiniGolfPublicView) {
        let before = state
        state = MiniGolfState(showing: view, previous: state)
        isAwaitingServer = false
        guard let record = view.lastShot, record != before.lastShot else { return }
        rolling = (ShotAnimation(record: record, game: game), before, 0)
        report(record)
    }

    /// A match held elsewhere ended by `seat`'s forfeit (a resignation, a
    /// timeout): the other seat is credited with the win, and the news says so.
    public mutating func recordForfeit(by seat: Seat) {
        wins[seat.opponent] += 1
        feed.announce("\(name(of: seat)) forfeited the match")
    }

    /// Stops the rolling stroke where it ends (after demo turns: a picture of the position, not of a ball mid-roll).
    public mutating func finishRolling() {
        guard rolling != nil else { return }
        rolling = nil
        aim = MiniGolfShot(angle: defaultAngle(), power: aim.power)
    }

    /// A stroke the server refused, or its answer lost with the connection: the seat may strike again.
    public mutating func stopWaiting() {
        isAwaitingServer = false
        requestedShots = []
    }

    /// Adds a line to the news (a networked table's: the match code, a refusal).
    public mutating func note(_ line: String) {
        if news.first != line { say(line) }
    }

    /// Advice about the player's last action (a stroke the server refused): it goes when they act again.
    public mutating func advise(_ line: String) {
        feed.advise(line)
    }

    /// Scrolls the news log (positive: towards older news).
    public mutating func scrollNews(by steps: Int) { feed.scroll(by: steps) }

    /// Takes the banner down; returns whether one was showing.
    public mutating func dismissBanner() -> Bool { feed.dismissBanner() }

    /// A control was pressed; returns whether the table handled it (`help` is the window's).
    @discardableResult
    public mutating func press(_ id: String) -> Bool {
        guard id == MiniGolfHUD.ElementID.newGame else { return false }
        newGame()
        return true
    }

    /// Whether a local match is under way that a new game would throw away:
    /// a stroke has been played and the match has no result yet.
    public var hasMatchUnderWay: Bool {
        if case .online = mode { return false }
        return state.lastShot != nil && game.result(of: state) == nil
    }

    /// The seat that asks for a new game: the person against a bot, the one to play with two players.
    public var askingSeat: Seat {
        if case .versusBot = mode { return .first }
        return seatToPlay ?? .first
    }

    /// The asking seat gives up the match under way: the other seat is
    /// credited with the win, the next match starts, and its news begins with
    /// who resigned. Starts the next match the same when nothing was under way.
    public mutating func resignAndStartAgain() {
        guard hasMatchUnderWay else { return newGame() }
        let seat = askingSeat
        wins[seat.opponent] += 1
        let winner = name(of: seat.opponent)
        // "The aim bot" reads "the aim bot" inside the sentence.
        let inSentence = winner.hasPrefix("The ") ? "the " + winner.dropFirst(4) : winner
        let line = "\(name(of: seat)) resigned match \(matchIndex + 1): \(inSentence) \(isYou(seat.opponent) ? "win" : "wins")"
        newGame()
        say(line)
    }

    /// Starts the next match; the first seat alternates.
    public mutating func newGame() {
        if case .online = mode { return }
        matchIndex += 1
        let setup = MatchSetup(batchSeed: seed, matchIndex: matchIndex)
        state = game.makeInitialState(setup)
        if case .versusBot(let name) = mode {
            bot = try? game.makeBot(named: name, seat: .second, seed: setup.botSeed(for: .second))
        }
        rolling = nil
        drag = nil
        feed.clear()
        botCountdown = Self.botThinkingSeconds
        aim = MiniGolfShot(angle: defaultAngle(), power: 40)
    }

    /// Lets time pass: the rolling stroke moves on, and a bot plays when its turn comes.
    public mutating func advance(by seconds: Double) {
        guard seconds.isFinite, seconds > 0 else { return }
        if var current = rolling {
            current.elapsed += seconds
            if current.animation.isFinished(after: current.elapsed) {
                rolling = nil
                aim = MiniGolfShot(angle: defaultAngle(), power: aim.power)
            } else {
                rolling = current
            }
            return
        }
        guard let seat = seatToPlay, case .versusBot = mode, seat == .second, var bot else { return }
        botCountdown -= seconds
        guard botCountdown <= 0 else { return }
        botCountdown = Self.botThinkingSeconds
        let move = bot.move(for: game.seatView(of: state, for: seat))
        self.bot = bot
        if let move { play(move, by: seat) }
    }

    /// Plays `strokes` strokes with the aiming bot on both seats, with no
    /// animation: a mid-match position for pictures and tests, the same for
    /// the same seed.
    public mutating func playDemoTurns(_ strokes: Int) {
        var bots = Seat.allCases.map { MiniGolfBot(strategy: .aim, game: game, seed: seed &+ UInt64($0.rawValue)) }
        for _ in 0..<max(0, strokes) {
            guard let seat = seatToPlay, let move = bots[seat.rawValue].move(for: game.seatView(of: state, for: seat)) else { break }
            play(move, by: seat)
        }
        rolling = nil
        drag = nil
        aim = MiniGolfShot(angle: defaultAngle(), power: aim.power)
    }

    /// Plays a stroke and starts its animation.
    mutating func play(_ shot: MiniGolfShot, by seat: Seat) {
        let before = state
        do {
            try game.play(shot, by: seat, in: &state)
        } catch {
            feed.advise("\(name(of: seat)): \(error.message)")
            return
        }
        guard let record = state.lastShot else { return }
        rolling = (ShotAnimation(record: record, game: game), before, 0)
        report(record)
    }

    /// The news of a stroke played: a line, or a headline with its banner
    /// when it finished a hole or the match; and the win it earned.
    private mutating func report(_ record: ShotRecord) {
        let line = describe(record)
        guard let result = game.result(of: state) else {
            if record.end == .holed { feed.announce(line) } else { say(line) }
            return
        }
        if let winner = result.winner { wins[winner] += 1 }
        let outcome = result.winner.map { "\(name(of: $0)) \(isYou($0) ? "win" : "wins") the match" } ?? "The match is a draw"
        feed.announce(line, banner: line + (line.hasSuffix("!") ? " " : ". ") + outcome + "!")
    }

    /// One line of news about a stroke.
    func describe(_ record: ShotRecord) -> String {
        let who = name(of: record.seat)
        switch record.end {
        case .holed:
            let strokes = state.scorecard[record.seat][record.hole]
            return strokes == 1 ? "\(who): hole in one!" : "\(who) holed out in \(strokes)"
        case .water: return "\(who): in the water, +\(record.strokes - 1) penalty"
        case .outOfBounds: return "\(who): out of bounds, +\(record.strokes - 1) penalty"
        case .rest:
            // The scorecard keeps every hole, also once the match has moved to the next one.
            let strokes = state.scorecard[record.seat][record.hole]
            return strokes >= game.rules.strokeCap ? "\(who) picked up at the cap" : "\(who) played \(record.shot.displayText)"
        }
    }

    private mutating func say(_ line: String) {
        feed.say(line)
    }

    /// The whole degree from the ball to play towards the cup.
    private func defaultAngle() -> Int {
        guard let seat = seatToPlay else { return aim.angle }
        let cup = game.simulators[state.hole].hole.cup
        let ball = state.balls[seat]
        let (dx, dy) = ((cup - ball).centimetres.x, (cup - ball).centimetres.y)
        return AimGesture.degrees(dx: dx, dy: dy)
    }
}
