import Foundation

/// Plays one match between two players (bots or scripts) to its end.
///
/// Generic and `@inlinable`: compiled for each concrete game, bot and
/// observer type, so the loop has no dynamic dispatch and no allocation of
/// its own. The same function plays `duo-server match`, the benchmarks and
/// the tests.
public enum MatchDriver {
    /// The default cap on moves in one match: far above any real game's
    /// length, there only to turn a looping bot into an error.
    public static let defaultMoveLimit = 1_000_000

    /// Plays a match from `setup`, asking each seat's player for moves while
    /// the rules let it move, until the rules give a result.
    ///
    /// When both seats may move (a simultaneous phase) they alternate, one
    /// move each, starting with the seat that did not move last, so the order
    /// is fixed and neither can starve the other.
    /// - Throws: ``MatchError`` when a player offers an invalid move or none,
    ///   the move limit is passed, or the game stalls.
    @inlinable
    public static func play<Game, SeatZero: Bot, SeatOne: Bot, Observer: MatchObserver>(
        _ game: Game,
        setup: MatchSetup,
        seat0: inout SeatZero,
        seat1: inout SeatOne,
        observer: inout Observer,
        moveLimit: Int = defaultMoveLimit
    ) throws(MatchError) -> PlayedMatch<Game>
    where SeatZero.Game == Game, SeatOne.Game == Game, Observer.Game == Game {
        var state = game.makeInitialState(setup)
        observer.matchDidStart(game, setup: setup, state: state)
        var moveCount = 0
        var lastMover: Seat?
        while true {
            if let result = game.result(of: state) {
                observer.matchDidEnd(result, game: game, state: state)
                return PlayedMatch(result: result, finalState: state, moveCount: moveCount)
            }
            guard let seat = game.seatsToMove(in: state).nextMover(after: lastMover) else {
                throw MatchError(
                    kind: .stalled, seat: nil, moveNumber: moveCount,
                    detail: "no seat may move but the rules give no result")
            }
            guard moveCount < moveLimit else {
                throw MatchError(
                    kind: .moveLimitReached, seat: seat, moveNumber: moveCount,
                    detail: "the match passed \(moveLimit) moves")
            }
            let view = game.seatView(of: state, for: seat)
            let offered = seat == .first ? seat0.move(for: view) : seat1.move(for: view)
            guard let move = offered else {
                throw MatchError(
                    kind: .noMove, seat: seat, moveNumber: moveCount,
                    detail: "the player had no move to offer")
            }
            do {
                try game.play(move, by: seat, in: &state)
            } catch {
                throw invalidMove(move, rejection: error, seat: seat, moveNumber: moveCount)
            }
            moveCount += 1
            lastMover = seat
            observer.moveWasApplied(move, by: seat, game: game, state: state)
        }
    }

    /// The error for a refused move, with the move's JSON (kept out of the
    /// inlined loop: it only runs when a player is broken).
    @usableFromInline
    static func invalidMove<Move: Encodable, Rejection: MoveRejection>(
        _ move: Move, rejection: Rejection, seat: Seat, moveNumber: Int
    ) -> MatchError {
        let json = (try? JSONEncoder().encode(move)).map { String(decoding: $0, as: UTF8.self) } ?? "\(move)"
        return MatchError(
            kind: .invalidMove, seat: seat, moveNumber: moveNumber,
            detail: "\(json) refused: \(rejection.code): \(rejection.message)")
    }
}
