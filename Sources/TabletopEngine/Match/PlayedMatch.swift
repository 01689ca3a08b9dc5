/// A match the driver played to its end.
public struct PlayedMatch<Game: TabletopGame> {
    /// How it ended.
    public var result: MatchResult
    /// The state at the end.
    public var finalState: Game.State
    /// How many moves were accepted.
    public var moveCount: Int

    /// Makes the record of a finished match.
    @inlinable public init(result: MatchResult, finalState: Game.State, moveCount: Int) {
        self.result = result
        self.finalState = finalState
        self.moveCount = moveCount
    }
}

extension PlayedMatch: Sendable where Game.State: Sendable {}
