import Foundation
import TabletopEngine
import Testing

@testable import MiniGolf

@Suite("Mini golf rules")
struct RulesTests {
    static let up = 270

    /// Two straight 600 cm holes with a pond across the second's fairway.
    static func twoHoles() throws -> MiniGolf {
        try GolfFixtures.game(
            [
                GolfFixtures.hole(),
                GolfFixtures.hole { $0.water = [.rect(x: 0, y: 250, width: 160, height: 60)] },
            ], strokeCap: 5)
    }

    /// The power that holes out from the tee of ``twoHoles()``'s first hole (520 cm).
    static let holeInOne = MiniGolfShot(angle: up, power: 75)

    @Test("the first seat of the setup tees off, and turns alternate")
    func turnsAlternate() throws {
        let game = try Self.twoHoles()
        var state = game.makeInitialState(MatchSetup(seed: 1, firstSeat: .second))
        #expect(game.seatsToMove(in: state) == .second)
        try game.play(MiniGolfShot(angle: Self.up, power: 20), by: .second, in: &state)
        #expect(game.seatsToMove(in: state) == .first)
        try game.play(MiniGolfShot(angle: Self.up, power: 20), by: .first, in: &state)
        #expect(game.seatsToMove(in: state) == .second)
        #expect(state.scorecard == SeatPair([1], [1]))
    }

    @Test("holing out ends the hole for that seat; the other plays on alone")
    func holingOut() throws {
        let game = try Self.twoHoles()
        var state = game.makeInitialState(MatchSetup(seed: 1))
        try game.play(Self.holeInOne, by: .first, in: &state)
        #expect(state.progress.first == .holed)
        #expect(state.lastShot?.end == .holed)
        #expect(state.balls.first == game.simulators[0].hole.cup)
        try game.play(MiniGolfShot(angle: Self.up, power: 30), by: .second, in: &state)
        #expect(game.seatsToMove(in: state) == .second, "seat 1 plays on alone")
        try game.play(MiniGolfShot(angle: Self.up, power: 30), by: .second, in: &state)
        #expect(game.seatsToMove(in: state) == .second)
        #expect(state.hole == 0)
    }

    @Test("when both seats are done the next hole starts, honour to the lower score")
    func nextHoleAndHonour() throws {
        let game = try Self.twoHoles()
        var state = game.makeInitialState(MatchSetup(seed: 1, firstSeat: .first))
        try game.play(MiniGolfShot(angle: Self.up, power: 30), by: .first, in: &state)
        try game.play(Self.holeInOne, by: .second, in: &state)
        // Seat 0 plays on until it holes out.
        var guardCount = 0
        while state.hole == 0 && guardCount < 10 {
            let ball = state.balls.first
            let planner = ShotPlanner(simulator: game.simulators[0], field: game.pathFields[0], waterPenalty: 1)
            var generator = SeededGenerator(seed: 3)
            try game.play(planner.bestShot(from: ball, generator: &generator), by: .first, in: &state)
            guardCount += 1
        }
        #expect(state.hole == 1)
        #expect(state.honour == .second)
        #expect(game.seatsToMove(in: state) == .second)
        #expect(state.balls == SeatPair(repeating: game.simulators[1].hole.tee))
        #expect(state.progress == SeatPair(repeating: .playing))
        #expect(state.scorecard.first.count == 2 && state.scorecard.second == [1, 0])
    }

    @Test("water costs a penalty stroke and puts the ball back where it was played from")
    func waterPenalty() throws {
        let game = try Self.twoHoles()
        var state = game.makeInitialState(MatchSetup(seed: 1))
        state.hole = 1
        state.balls = SeatPair(repeating: game.simulators[1].hole.tee)
        state.scorecard = SeatPair([2, 0], [2, 0])
        let tee = state.balls.first
        try game.play(MiniGolfShot(angle: Self.up, power: 60), by: .first, in: &state)
        #expect(state.lastShot?.end == .water)
        #expect(state.lastShot?.strokes == 2)
        #expect(state.scorecard.first == [2, 2])
        #expect(state.balls.first == tee)
        #expect(state.progress.first == .playing)
    }

    @Test("reaching the stroke cap without holing out picks the ball up, scored at the cap")
    func strokeCap() throws {
        let game = try Self.twoHoles()
        var state = game.makeInitialState(MatchSetup(seed: 1))
        let tap = MiniGolfShot(angle: 0, power: 1)
        for _ in 0..<4 {
            try game.play(tap, by: .first, in: &state)
            try game.play(tap, by: .second, in: &state)
        }
        #expect(state.scorecard == SeatPair([4], [4]))
        try game.play(tap, by: .first, in: &state)
        #expect(state.progress.first == .pickedUp)
        #expect(state.scorecard.first == [5])
        // A water penalty that would pass the cap is clamped to it.
        state.hole = 1
        state.balls = SeatPair(repeating: game.simulators[1].hole.tee)
        state.progress = SeatPair(repeating: .playing)
        state.scorecard = SeatPair([5, 4], [5, 4])
        state.turn = .first
        try game.play(MiniGolfShot(angle: Self.up, power: 60), by: .first, in: &state)
        #expect(state.scorecard.first == [5, 5])
        #expect(state.progress.first == .pickedUp)
    }

    @Test("fewest strokes wins; equal totals are a tie")
    func resultByStrokes() throws {
        let game = try GolfFixtures.game([GolfFixtures.hole()])
        var state = game.makeInitialState(MatchSetup(seed: 1))
        try game.play(Self.holeInOne, by: .first, in: &state)
        #expect(game.result(of: state) == nil)
        try game.play(MiniGolfShot(angle: Self.up, power: 30), by: .second, in: &state)
        try game.play(MiniGolfShot(angle: Self.up, power: 1), by: .second, in: &state)
        #expect(game.scores(in: state) == SeatPair(1, 2))
        var tie = state
        while game.result(of: state) == nil {
            try game.play(MiniGolfShot(angle: 0, power: 1), by: .second, in: &state)
        }
        #expect(game.result(of: state) == MatchResult(winner: .first, reason: "fewerStrokes", scores: SeatPair(1, 8)))
        #expect(game.seatsToMove(in: state) == .none)
        // Seat 1 holes out from close: 1 against 3 is no tie, so build one by hand.
        tie.scorecard = SeatPair([3], [3])
        tie.progress = SeatPair(.holed, .holed)
        tie.hole = 1
        #expect(game.result(of: tie) == MatchResult(winner: nil, reason: "tie", scores: SeatPair(3, 3)))
    }

    @Test("invalid shots are refused with a stable code and leave the state untouched")
    func invalidShotsAreRefused() throws {
        let game = try Self.twoHoles()
        var state = game.makeInitialState(MatchSetup(seed: 1))
        let before = game.stateHash(of: state)
        let cases: [(MiniGolfShot, Seat, String)] = [
            (MiniGolfShot(angle: 360, power: 50), .first, "angleOutOfRange"),
            (MiniGolfShot(angle: -1, power: 50), .first, "angleOutOfRange"),
            (MiniGolfShot(angle: 90, power: 0), .first, "powerOutOfRange"),
            (MiniGolfShot(angle: 90, power: 101), .first, "powerOutOfRange"),
            (MiniGolfShot(angle: 90, power: 50), .second, "notYourTurn"),
        ]
        for (shot, seat, code) in cases {
            #expect(throws: MiniGolfRejection.self) { try game.play(shot, by: seat, in: &state) }
            do {
                try game.play(shot, by: seat, in: &state)
            } catch {
                #expect(error.code == code)
                #expect(!error.message.isEmpty)
            }
            #expect(game.stateHash(of: state) == before)
        }
        let over = try GolfFixtures.game([GolfFixtures.hole()])
        var done = over.makeInitialState(MatchSetup(seed: 1))
        done.hole = 1
        #expect(throws: MiniGolfRejection.matchOver) { try over.play(Self.holeInOne, by: .first, in: &done) }
    }

    @Test("the seat to play has every direction and power as legal moves, the other none")
    func legalMoves() throws {
        let game = try Self.twoHoles()
        let state = game.makeInitialState(MatchSetup(seed: 1))
        let moves = game.legalMoves(for: .first, in: state)
        #expect(moves.count == 36_000)
        #expect(Set(moves).count == 36_000)
        for move in moves.prefix(200) { #expect(throws: Never.self) { try game.validate(move, by: .first, in: state) } }
        #expect(game.legalMoves(for: .second, in: state).isEmpty)
    }

    @Test("the strokes are described, not listed: every combination of angle and power, the same 36,000 moves")
    func moveSpace() throws {
        let game = try Self.twoHoles()
        let state = game.makeInitialState(MatchSetup(seed: 1))
        let space = try #require(game.moveSpace(for: .first, in: state))
        #expect(space.count == 36_000)
        #expect(space.fields == [MoveSpace.Field("angle", 0...359), MoveSpace.Field("power", 1...100)])
        var combinations = Set<MiniGolfShot>()
        for angle in space.fields[0].minimum...space.fields[0].maximum {
            for power in space.fields[1].minimum...space.fields[1].maximum { combinations.insert(MiniGolfShot(angle: angle, power: power)) }
        }
        #expect(combinations == Set(game.legalMoves(for: .first, in: state)))
        #expect(game.moveSpace(for: .second, in: state) == nil)
        // A host asking for the legal moves gets the space, whatever its line cap.
        let session = MatchSession(game: game, setup: MatchSetup(seed: 1), players: SeatPair("a", "b"))
        #expect(session.legalMoves(for: .first, maxBytes: .max) == .described(space))
    }

    @Test("both seats see the same table; views survive a JSON round trip")
    func seatViews() throws {
        let game = try Self.twoHoles()
        var state = game.makeInitialState(MatchSetup(seed: 1))
        try game.play(MiniGolfShot(angle: Self.up, power: 40), by: .first, in: &state)
        let zero = game.seatView(of: state, for: .first)
        let one = game.seatView(of: state, for: .second)
        #expect(zero.table == one.table)
        #expect(zero.table == game.publicView(of: state))
        #expect(one.isMyTurn && !zero.isMyTurn)
        let data = try JSONEncoder().encode(zero)
        #expect(try JSONDecoder().decode(MiniGolfSeatView.self, from: data) == zero)
        let text = game.describe(zero)
        #expect(text.contains("hole 1/2"))
        #expect(text.contains("seat 0 (you)"))
    }

    @Test("a shot's JSON is {angle, power}")
    func shotJSON() throws {
        let shot = try JSONDecoder().decode(MiniGolfShot.self, from: Data(#"{"angle": 270, "power": 45}"#.utf8))
        #expect(shot == MiniGolfShot(angle: 270, power: 45))
    }
}
