import DuoPlatform
import TabletopEngine

/// A mini golf table at the desktop, as one seat (or a spectator) sees its
/// match: the views its match's host sends (a server, or the window's own
/// host), the stroke being aimed and the last stroke rolling. Strokes are
/// asked for (``strike()`` gives the stroke), never played here; the host's
/// views are shown (``show(_:)``), and what they tell is worded for the news
/// (``news(of:)``). A value driven by input, views and time with no SDL in it.
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
    /// What each seat is called on screen and in the news ("You", "The aim bot", "Player 2").
    public let names: SeatPair<String>
    /// Each seat's name on the score line ("You", "Bot", "P2").
    public let shortNames: SeatPair<String>

    /// A table for a match held by a host, seen by `seat` (nil: a spectator),
    /// showing `game`'s first hole until the host's first view.
    /// - Parameters:
    ///   - names: what each seat is called on screen and in the news.
    ///   - shortNames: each seat's name on the score line.
    public init(
        game: MiniGolf, online seat: Seat?, seed: UInt64, names: SeatPair<String> = SeatPair("Player 1", "Player 2"),
        shortNames: SeatPair<String> = SeatPair("P1", "P2")
    ) {
        self.game = game
        self.seat = seat
        self.names = names
        self.shortNames = shortNames
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
    /// Whether the seat is to strike now, nothing rolling (the host may still
    /// be answering a stroke asked for: the desktop table knows).
    public var acceptsStroke: Bool {
        guard !isRolling, let toPlay = seatToPlay else { return false }
        return toPlay == seat
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
    public func name(of seat: Seat) -> String { names[seat] }

    /// A short name for the score line: "You" and "Bot", or "P1" and "P2".
    public func shortName(of seat: Seat) -> String { shortNames[seat] }

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

    /// Both players' totals and the matches each has won (`wins`).
    public func scoreText(wins: SeatPair<Int>) -> String {
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

    /// The finger lifts: the drag's stroke becomes the aim (a tap gives none).
    /// - Returns: whether the drag gave a stroke (to ask for: ``strike()``).
    @discardableResult
    public mutating func endDrag(on viewport: CourseViewport) -> Bool {
        defer { drag = nil }
        guard let shot = drag?.shot(on: viewport) else { return false }
        aim = shot
        return true
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

    /// The keyboard aim's stroke, to ask the host for (nil when the seat may not strike now).
    public func strike() -> MiniGolfShot? {
        acceptsStroke ? aim : nil
    }

    /// Shows the host's view of the table: a new last shot rolls.
    /// - Returns: the new last shot, if the view has one (what the news tells: ``news(of:)``).
    @discardableResult
    public mutating func show(_ view: MiniGolfPublicView) -> ShotRecord? {
        let before = state
        state = MiniGolfState(showing: view, previous: state)
        guard let record = view.lastShot, record != before.lastShot else { return nil }
        rolling = (ShotAnimation(record: record, game: game), before, 0)
        return record
    }

    /// Stops the rolling stroke where it ends (after demo turns: a picture of the position, not of a ball mid-roll).
    public mutating func finishRolling() {
        guard rolling != nil else { return }
        rolling = nil
        aim = MiniGolfShot(angle: defaultAngle(), power: aim.power)
    }

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

    /// The news of a stroke shown (``show(_:)``): its line, and the banner it
    /// raises when it finished a hole or the match (nil: an event, no banner).
    public func news(of record: ShotRecord) -> (line: String, banner: String?) {
        let line = describe(record)
        guard let result = game.result(of: state) else { return (line, record.end == .holed ? line : nil) }
        let outcome = result.winner.map { "\(name(of: $0)) \(isYou($0) ? "win" : "wins") the match" } ?? "The match is a draw"
        return (line, line + (line.hasSuffix("!") ? " " : ". ") + outcome + "!")
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
            return strokes >= game.rules.strokeCap ? "\(who) picked up at the cap" : Self.playedLine(who: who, record.shot)
        }
    }

    /// The news of a stroke that came to rest: "You played 270° at 45%", the stroke in course
    /// degrees (a front end words the angle for its board as drawn, from ``playedStroke(in:)``).
    public static func playedLine(who: String, _ shot: MiniGolfShot) -> String { "\(who) played \(shot.displayText)" }

    /// Who played what, read back from a line of ``playedLine(who:_:)``; nil for any other line.
    public static func playedStroke(in line: String) -> (who: String, shot: MiniGolfShot)? {
        // From the end: "<who> played <angle>° at <power>%" (a name may hold anything).
        guard line.hasSuffix("%"), let at = line.ranges(of: "° at ").last, let played = line[..<at.lowerBound].ranges(of: " played ").last,
            let angle = Int(line[played.upperBound..<at.lowerBound]), let power = Int(line[at.upperBound...].dropLast())
        else { return nil }
        let shot = MiniGolfShot(angle: angle, power: power)
        let who = String(line[..<played.lowerBound])
        return playedLine(who: who, shot) == line ? (who, shot) : nil
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
