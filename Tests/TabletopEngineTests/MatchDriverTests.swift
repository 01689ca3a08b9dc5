import Testing

@testable import TabletopEngine

@Suite struct MatchDriverTests {
    let game = TakeAway(pile: 10, maximumTake: 3)

    func bots(_ a: String, _ b: String, setup: MatchSetup) throws -> (TakeAway.Player, TakeAway.Player) {
        (
            try game.makeBot(named: a, seat: .first, seed: setup.botSeed(for: .first)),
            try game.makeBot(named: b, seat: .second, seed: setup.botSeed(for: .second))
        )
    }

    @Test func theNextMoverIsTheOneSeatOrTakesTurnsWhenBothMay() {
        #expect(SeatSet.first.nextMover(after: .first) == .first)
        #expect(SeatSet.second.nextMover(after: nil) == .second)
        #expect(SeatSet.both.nextMover(after: nil) == .first)
        #expect(SeatSet.both.nextMover(after: .first) == .second)
        #expect(SeatSet.both.nextMover(after: .second) == .first)
        #expect(SeatSet.none.nextMover(after: .first) == nil)
    }

    @Test func aMatchIsPlayedToTheRulesResult() throws {
        let setup = MatchSetup(seed: 3, firstSeat: .first)
        var (a, b) = try bots("greedy", "greedy", setup: setup)
        var observer = NoObserver<TakeAway>()
        let played = try MatchDriver.play(game, setup: setup, seat0: &a, seat1: &b, observer: &observer)
        // Greedy takes 3 each turn from 10: 3, 3, 3, 1 -> seat 1 takes the last token.
        #expect(played.result.winner == .second)
        #expect(played.result.reason == "lastToken")
        #expect(played.result.scores == SeatPair(2, 2))
        #expect(played.moveCount == 6)
    }

    @Test func theFirstSeatOfTheSetupMovesFirst() throws {
        let setup = MatchSetup(seed: 3, firstSeat: .second)
        var (a, b) = try bots("greedy", "greedy", setup: setup)
        var observer = NoObserver<TakeAway>()
        let played = try MatchDriver.play(game, setup: setup, seat0: &a, seat1: &b, observer: &observer)
        #expect(played.result.winner == .first)
    }

    @Test func seatsThatMayBothMoveAlternateStartingWithSeatZero() throws {
        var seat0 = ScriptedPlayer<TakeAway>([.ready(note: 1), .take(3), .take(3), .take(1)])
        var seat1 = ScriptedPlayer<TakeAway>([.ready(note: 2), .take(3), .take(3)])
        var recorder = ReplayRecorder<TakeAway>(players: SeatPair("a", "b"))
        let played = try MatchDriver.play(
            TakeAway(pile: 13, maximumTake: 3), setup: MatchSetup(seed: 1),
            seat0: &seat0, seat1: &seat1, observer: &recorder)
        #expect(played.result.winner == .first)
        let seats = ReplayLines.split(recorder.data).dropFirst().dropLast().map { line in
            String(decoding: line.text, as: UTF8.self).contains("\"seat\":0") ? 0 : 1
        }
        #expect(seats == [0, 1, 0, 1, 0, 1, 0])
    }

    @Test func anInvalidMoveIsAnErrorNamingTheSeatAndTheRejection() throws {
        var seat0 = ScriptedPlayer<TakeAway>([.ready(note: 0), .take(9)])
        var seat1 = ScriptedPlayer<TakeAway>([.ready(note: 0)])
        var observer = NoObserver<TakeAway>()
        #expect {
            try MatchDriver.play(game, setup: MatchSetup(seed: 1), seat0: &seat0, seat1: &seat1, observer: &observer)
        } throws: { error in
            guard let error = error as? MatchError else { return false }
            return error.kind == .invalidMove && error.seat == .first && error.moveNumber == 2
                && error.detail.contains("badCount") && error.detail.contains("\"take\"")
        }
    }

    @Test func aScriptThatRunsOutIsAnError() throws {
        var seat0 = ScriptedPlayer<TakeAway>([.ready(note: 0)])
        var seat1 = ScriptedPlayer<TakeAway>([.ready(note: 0)])
        var observer = NoObserver<TakeAway>()
        #expect(throws: MatchError(kind: .noMove, seat: .first, moveNumber: 2, detail: "the player had no move to offer")) {
            try MatchDriver.play(game, setup: MatchSetup(seed: 1), seat0: &seat0, seat1: &seat1, observer: &observer)
        }
    }

    @Test func theMoveLimitStopsAMatch() throws {
        let setup = MatchSetup(seed: 1)
        var (a, b) = try bots("random", "random", setup: setup)
        var observer = NoObserver<TakeAway>()
        #expect {
            try MatchDriver.play(game, setup: setup, seat0: &a, seat1: &b, observer: &observer, moveLimit: 3)
        } throws: { ($0 as? MatchError)?.kind == .moveLimitReached }
    }

    @Test func playRefusesAnInvalidMoveAndLeavesTheStateUntouched() {
        var state = game.makeInitialState(MatchSetup(seed: 1))
        let before = state
        #expect(throws: TakeAway.Rejection.notReadyYet) { try game.play(.take(1), by: .first, in: &state) }
        #expect(state == before)
    }
}
