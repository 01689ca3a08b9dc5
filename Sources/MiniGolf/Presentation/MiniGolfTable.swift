import DuoPlatform
import TabletopEngine

/// A mini golf table at the desktop, as one seat (or a spectator) sees its
/// match: the views its match's host sends (a server, or the window's own
/// host), the stroke being aimed, the last stroke rolling, the news and the
/// wins so far. Strokes are asked for (``takeRequestedShots()``), never
/// played here; the host's views are shown (``show(_:)``). A value driven by
/// input, views and time with no SDL in it.
///
/// While a stroke rolls, the table shows the moment before it (the hole it
/// was played on, the other ball where it was) with the moving ball where
/// the animation has it; input waits for it to stop.
public struct MiniGolfTable: Sendable {
    /// Seconds a bot waits before its stroke, so a person can follow it (the thinking time a host in the window gives golf's bot).
    public static let botThinkingSeconds = 0.6

    /// The course.
    public let game: MiniGolf
    /// The seat this table plays (nil: a spectator's table).
    public let seat: Seat?
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
    /// Who holds the other seat of a match held elsewhere, as its host names it (`bot:aim`, `player`), if known.
    private var opponent: String?
    private var requestedShots: [MiniGolfShot] = []
    private var isAwaitingServer = false

    /// A table for a match held by a server, seen by `seat` (nil: a spectator),
    /// showing `game`'s first hole until the server's first view.
    /// - Parameters:
    ///   - opponent: who holds the other seat, as the server names it (`bot:aim` names the bot on screen).
    ///   - wins: the matches each seat has won before this one (at the same table).
    public init(game: MiniGolf, online seat: Seat?, seed: UInt64, opponent: String? = nil, wins: SeatPair<Int> = SeatPair(0, 0)) {
        self.game = game
        self.seat = seat
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
        guard !isRolling, let toPlay = seatToPlay else { return false }
        return toPlay == seat && requestedShots.isEmpty && !isAwaitingServer
    }

    /// Whether a seat is the person at this table.
    func isYou(_ seat: Seat) -> Bool { seat == self.seat }

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
        if isYou(seat) { "You" } else if let bot = opponentBot { "The \(bot) bot" } else { "Player \(seat.rawValue + 1)" }
    }

    /// The other seat's bot, when a bot holds it in a match held elsewhere.
    private var opponentBot: String? {
        guard seat != nil, let opponent, opponent.hasPrefix("bot:") else { return nil }
        return String(opponent.dropFirst(4))
    }

    /// A short name for the score line: "You" and "Bot", or "P1" and "P2".
    public func shortName(of seat: Seat) -> String {
        isYou(seat) ? "You" : (opponentBot != nil ? "Bot" : "P\(seat.rawValue + 1)")
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

    /// Asks for the keyboard aim's stroke.
    public mutating func strike() {
        guard acceptsStroke else { return }
        // The player acts: advice about their last stroke and the banner have been seen.
        feed.playerActed()
        requestedShots.append(aim)
    }

    /// Hands over the strokes asked for since the last call, and waits for the host's answer.
    public mutating func takeRequestedShots() -> [MiniGolfShot] {
        defer { requestedShots = [] }
        if !requestedShots.isEmpty { isAwaitingServer = true }
        return requestedShots
    }

    /// Shows the host's view of the table: a new last shot rolls.
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

    /// Lets time pass: the rolling stroke moves on.
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
        }
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
