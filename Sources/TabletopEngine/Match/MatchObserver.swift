/// Watches a match as the driver plays it: the hook for replay recording,
/// logging and progress. Called after the fact; it cannot change the match.
public protocol MatchObserver<Game> {
    /// The game observed.
    associatedtype Game: TabletopGame

    /// Called once, with the initial state.
    mutating func matchDidStart(_ game: Game, setup: MatchSetup, state: Game.State)
    /// Called after each accepted move, with the state after it.
    mutating func moveWasApplied(_ move: Game.Move, by seat: Seat, game: Game, state: Game.State)
    /// Called once, when the rules give a result.
    mutating func matchDidEnd(_ result: MatchResult, game: Game, state: Game.State)
}

/// The observer that does nothing: batches without replays use it, and the
/// compiler removes every call to it.
public struct NoObserver<Game: TabletopGame>: MatchObserver {
    /// The do-nothing observer.
    @inlinable public init() {}
    /// Does nothing.
    @inlinable public mutating func matchDidStart(_ game: Game, setup: MatchSetup, state: Game.State) {}
    /// Does nothing.
    @inlinable public mutating func moveWasApplied(_ move: Game.Move, by seat: Seat, game: Game, state: Game.State) {}
    /// Does nothing.
    @inlinable public mutating func matchDidEnd(_ result: MatchResult, game: Game, state: Game.State) {}
}
