import Foundation
import TabletopEngine

/// Two-player mini golf: the players alternate strokes on the same hole,
/// each with their own ball; a hole ends for a player who holes out or
/// reaches the stroke cap; fewest strokes over the course wins.
///
/// A stroke is a move (``MiniGolfShot``: direction and power). The physics
/// (``ShotSimulator``) is integer fixed-point on a fixed time step, so a
/// replay or a batch reproduces every ball position exactly. Courses are
/// data: `Assets/games/minigolf/<variant>.json` (see ``MiniGolfRules``).
/// The two balls do not collide: each player plays the hole as if alone.
public struct MiniGolf: LoadableGame {
    /// `minigolf`.
    public static let name = "minigolf"
    /// `meadow`: the nine-hole course that ships.
    public static let defaultVariant = "meadow"
    /// One sentence for listings.
    public static let summary = "mini golf: alternate strokes, fewest strokes over the course wins"
    /// The entry to put in a program's game catalog.
    public static let catalogEntry = GameCatalogEntry(MiniGolf.self)

    /// The variant (course) name.
    public let variant: String
    /// The course data.
    public let rules: MiniGolfRules
    /// Bumped when the same data would play differently.
    public let rulesVersion = 1
    /// `random` (uniform strokes), the person-like `aim:easy`, `aim:medium`
    /// and `aim:hard`, `aim` (searches strokes with the physics), weakest
    /// first; then the engine's search bot, `mcts`.
    public let botNames = ["random"] + AimSkill.allCases.map { "aim:\($0.rawValue)" } + ["aim", SearchSettings.botName]
    /// `aim:medium` against `aim:easy`: two levels of the aiming bot, a close match that rarely draws.
    public var defaultBots: SeatPair<String> { SeatPair("aim:medium", "aim:easy") }
    /// The physics in fixed-point units.
    public let physics: PhysicsConstants
    /// One simulator per hole.
    public let simulators: [ShotSimulator]
    /// The shortest-path field of each hole (for the aiming bot).
    public let pathFields: [PathField]
    /// Strokes already played through the physics (the search repeats them).
    let strokeMemo = StrokeMemo()

    /// Loads a variant from its JSON file's bytes.
    /// - Throws: ``GameDataError`` naming the field and the problem.
    public init(variant: String, rulesData: Data) throws(GameDataError) {
        try self.init(variant: variant, rules: MiniGolfRules.load(from: rulesData))
    }

    /// A variant from rules already in hand.
    /// - Throws: ``GameDataError`` when the rules are not valid, or a tee cannot reach its cup.
    public init(variant: String, rules: MiniGolfRules) throws(GameDataError) {
        self.variant = variant
        self.rules = try rules.validated()
        let physics = PhysicsConstants(rules.physics)
        self.physics = physics
        simulators = rules.holes.map {
            ShotSimulator(hole: HoleGeometry($0, ticksPerSecond: rules.physics.ticksPerSecond), physics: physics)
        }
        pathFields = simulators.map { PathFieldCache.shared.field(hole: $0.hole, ballRadius: physics.ballRadius) }
        for (index, field) in pathFields.enumerated() where field.cost(at: simulators[index].hole.tee) == nil {
            throw GameDataError(
                field: "holes[\(index)].tee",
                problem: "the ball cannot get from the tee to the cup (walls or water in the way)")
        }
    }

    // MARK: - Start and turns

    /// Both balls on the first tee; the setup's first seat has the honour.
    public func makeInitialState(_ setup: MatchSetup) -> MiniGolfState {
        let tee = simulators[0].hole.tee
        return MiniGolfState(
            hole: 0, turn: setup.firstSeat, honour: setup.firstSeat,
            balls: SeatPair(repeating: tee), progress: SeatPair(repeating: .playing),
            scorecard: SeatPair(repeating: [0]), lastShot: nil)
    }

    /// The seat whose turn it is; none once every hole is played.
    public func seatsToMove(in state: MiniGolfState) -> SeatSet {
        state.hole < rules.holes.count ? SeatSet(state.turn) : .none
    }

    /// Refuses a stroke out of turn, after the last hole, or out of range.
    public func validate(_ move: MiniGolfShot, by seat: Seat, in state: MiniGolfState) throws(MiniGolfRejection) {
        guard state.hole < rules.holes.count else { throw .matchOver }
        guard seat == state.turn else { throw .notYourTurn(seat: seat, toMove: state.turn) }
        guard MiniGolfShot.angles.contains(move.angle) else { throw .angleOutOfRange(move.angle) }
        guard MiniGolfShot.powers.contains(move.power) else { throw .powerOutOfRange(move.power) }
    }

    /// Plays the stroke through the physics and scores it; then passes the
    /// turn to the other seat if it is still on the hole, and moves on to the
    /// next hole once both seats are done.
    public func apply(_ move: MiniGolfShot, by seat: Seat, to state: inout MiniGolfState) {
        let hole = state.hole
        let from = state.balls[seat]
        let outcome = strokeMemo.outcome(hole: hole, ball: from, shot: move) { simulators[hole].simulate(from: from, shot: move) }
        var strokes = 1
        switch outcome.end {
        case .rest:
            state.balls[seat] = outcome.position
        case .holed:
            state.balls[seat] = outcome.position
            state.progress[seat] = .holed
        case .water, .outOfBounds:
            strokes += rules.waterPenalty
            state.balls[seat] = from
        }
        state.scorecard[seat][hole] += strokes
        if state.progress[seat] == .playing, state.scorecard[seat][hole] >= rules.strokeCap {
            state.scorecard[seat][hole] = rules.strokeCap
            state.progress[seat] = .pickedUp
        }
        state.lastShot = ShotRecord(
            seat: seat, hole: hole, shot: move, from: from, to: outcome.position,
            end: outcome.end, strokes: strokes)
        if !state.progress[seat.opponent].isDone {
            state.turn = seat.opponent
        } else if !state.progress[seat].isDone {
            state.turn = seat
        } else {
            startNextHole(&state)
        }
    }

    /// Moves both players to the next tee. The lower score on the hole just
    /// played takes the honour (tees off first); a tie keeps it where it was.
    func startNextHole(_ state: inout MiniGolfState) {
        let scores = state.scorecard.map { $0[state.hole] }
        if scores.first != scores.second {
            state.honour = scores.first < scores.second ? .first : .second
        }
        state.hole += 1
        state.turn = state.honour
        guard state.hole < rules.holes.count else { return }
        state.balls = SeatPair(repeating: simulators[state.hole].hole.tee)
        state.progress = SeatPair(repeating: .playing)
        state.scorecard.first.append(0)
        state.scorecard.second.append(0)
    }

    // MARK: - Result

    /// Once every hole is played: fewer total strokes wins; equal totals draw.
    public func result(of state: MiniGolfState) -> MatchResult? {
        guard state.hole >= rules.holes.count else { return nil }
        let totals = state.totals
        if totals.first == totals.second {
            return MatchResult(winner: nil, reason: "tie", scores: totals)
        }
        return MatchResult(winner: totals.first < totals.second ? .first : .second, reason: "fewerStrokes", scores: totals)
    }

    /// Each seat's total strokes so far, penalties included.
    public func scores(in state: MiniGolfState) -> SeatPair<Int> { state.totals }

    /// Golf counts strokes.
    public static var scoreUnit: String { "strokes" }

    // MARK: - Views

    /// The whole table: nothing in golf is secret.
    public func publicView(of state: MiniGolfState) -> MiniGolfPublicView {
        MiniGolfPublicView(
            hole: state.hole, holeCount: rules.holes.count,
            toMove: state.hole < rules.holes.count ? state.turn : nil,
            balls: state.balls, progress: state.progress, scorecard: state.scorecard,
            lastShot: state.lastShot)
    }

    /// The table, and which seat is looking.
    public func seatView(of state: MiniGolfState, for seat: Seat) -> MiniGolfSeatView {
        MiniGolfSeatView(seat: seat, table: publicView(of: state))
    }

    /// The table once a host ended the match (a resignation, a timeout): nobody to play.
    public func publicView(of state: MiniGolfState, endedWith result: MatchResult) -> MiniGolfPublicView {
        var view = publicView(of: state)
        view.toMove = nil
        return view
    }

    /// The seat's table once a host ended the match, as ``publicView(of:endedWith:)``.
    public func seatView(of state: MiniGolfState, for seat: Seat, endedWith result: MatchResult) -> MiniGolfSeatView {
        MiniGolfSeatView(seat: seat, table: publicView(of: state, endedWith: result))
    }

    /// Every direction and power (360 x 100 strokes), described: too many to
    /// send as a list (about 900 KB of JSON). Nil for a seat that may not move.
    public func moveSpace(for seat: Seat, in state: MiniGolfState) -> MoveSpace? {
        guard seatsToMove(in: state).contains(seat) else { return nil }
        return Self.strokeSpace
    }

    /// Every stroke, described once (the search asks for it at every node).
    static let strokeSpace: MoveSpace = {
        var space = MoveSpace(everyCombinationOf: [
            MoveSpace.Field("angle", MiniGolfShot.angles.lowerBound...(MiniGolfShot.angles.upperBound - 1)),
            MoveSpace.Field("power", MiniGolfShot.powers),
        ])
        space.summary = "\(space.count) strokes: every whole angle 0...359 (degrees) with every power 1...100 (percent)"
        return space
    }()

    /// Every direction and power (360 x 100 strokes) for the seat to play; none for the other.
    public func legalMoves(for seat: Seat, in state: MiniGolfState) -> [MiniGolfShot] {
        guard seatsToMove(in: state).contains(seat) else { return [] }
        var moves: [MiniGolfShot] = []
        moves.reserveCapacity(MiniGolfShot.angles.count * MiniGolfShot.powers.count)
        for angle in MiniGolfShot.angles {
            for power in MiniGolfShot.powers { moves.append(MiniGolfShot(angle: angle, power: power)) }
        }
        return moves
    }

    // MARK: - Hash

    /// Feeds every field of the state, in a fixed order.
    public func hash(_ state: MiniGolfState, into hasher: inout StableHasher) {
        hasher.combine(state.hole)
        hasher.combine(state.turn.rawValue)
        hasher.combine(state.honour.rawValue)
        for seat in Seat.allCases {
            hasher.combine(UInt64(bitPattern: state.balls[seat].x))
            hasher.combine(UInt64(bitPattern: state.balls[seat].y))
            hasher.combine(state.progress[seat].rawValue)
            hasher.combine(state.scorecard[seat].count)
            for strokes in state.scorecard[seat] { hasher.combine(strokes) }
        }
        hasher.combine(state.lastShot != nil)
        if let shot = state.lastShot {
            hasher.combine(shot.seat.rawValue)
            hasher.combine(shot.hole)
            hasher.combine(shot.shot.angle)
            hasher.combine(shot.shot.power)
            hasher.combine(UInt64(bitPattern: shot.to.x))
            hasher.combine(UInt64(bitPattern: shot.to.y))
            hasher.combine(shot.end.rawValue)
            hasher.combine(shot.strokes)
        }
    }

    // MARK: - Bots

    /// The bot `name` for `seat`: `random`, `aim`, `aim:easy`, `aim:medium`,
    /// `aim:hard`, or the engine's search bot `mcts[:BUDGET[:GUIDE]]`.
    /// - Throws: ``UnknownBotError`` listing the names.
    public func makeBot(named name: String, seat: Seat, seed: UInt64) throws(UnknownBotError) -> MiniGolfBot {
        if let settings = try searchSettings(botName: name) {
            return MiniGolfBot(game: self, seat: seat, search: settings, seed: seed)
        }
        let parts = name.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard let strategy = MiniGolfBot.Strategy(rawValue: parts[0]) else {
            throw UnknownBotError(name: name, known: botNames)
        }
        var skill: AimSkill?
        if parts.count == 2 {
            guard strategy == .aim, let level = AimSkill(rawValue: parts[1]) else { throw UnknownBotError(name: name, known: botNames) }
            skill = level
        }
        return MiniGolfBot(strategy: strategy, skill: skill, game: self, seed: seed)
    }

    /// A text picture of the view: the hole, the balls and the scorecard.
    public func describe(_ view: MiniGolfSeatView) -> String {
        MiniGolfText.describe(view.table, rules: rules, viewer: view.seat)
    }
}
