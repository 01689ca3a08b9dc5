/// A seat of a batch that has an outside bot in it: either one of the game's
/// own bots or an ``ExternalBot``. Batches of built-in bots only never use it
/// (they play the game's bot type directly, with no switch per move).
public enum BatchPlayer<Game: TabletopGame>: Bot {
    /// One of the game's bots.
    case builtIn(Game.BotPlayer)
    /// A program outside the engine.
    case external(ExternalBot<Game>)

    /// The move of whichever bot sits here.
    public mutating func move(for view: Game.SeatView) -> Game.Move? {
        switch self {
        case .builtIn(var bot):
            let move = bot.move(for: view)
            self = .builtIn(bot)
            return move
        case .external(var bot):
            let move = bot.move(for: view)
            self = .external(bot)
            return move
        }
    }

    /// Why an outside bot had no move; nil for a built-in bot or one that did not fail.
    public var failure: String? {
        if case .external(let bot) = self { return bot.failure?.reason }
        return nil
    }

    /// Whether an outside bot sits here.
    public var isExternal: Bool {
        if case .external = self { return true }
        return false
    }

    /// Tells an outside bot the result; one that forfeited the match is
    /// ended instead (see ``ExternalBot/forfeited()``).
    public func matchEnded(_ result: MatchResult) {
        guard case .external(let bot) = self else { return }
        if let seat = result.forfeitedBy, seat == bot.seat {
            bot.forfeited()
        } else {
            bot.matchEnded(result)
        }
    }
}

/// Keeps the state after the last move while passing every call on, so a
/// match that a broken outside bot forfeits can still be given a result with
/// the scores so far (and a complete replay).
public struct LastStateObserver<Inner: MatchObserver>: MatchObserver {
    /// The observer called on.
    public var inner: Inner
    /// The state after the last move (the initial state before any).
    public private(set) var state: Inner.Game.State?

    /// Wraps `inner`.
    public init(_ inner: Inner) { self.inner = inner }

    public mutating func matchDidStart(_ game: Inner.Game, setup: MatchSetup, state: Inner.Game.State) {
        self.state = state
        inner.matchDidStart(game, setup: setup, state: state)
    }

    public mutating func moveWasApplied(_ move: Inner.Game.Move, by seat: Seat, game: Inner.Game, state: Inner.Game.State) {
        self.state = state
        inner.moveWasApplied(move, by: seat, game: game, state: state)
    }

    public mutating func matchDidEnd(_ result: MatchResult, game: Inner.Game, state: Inner.Game.State) {
        inner.matchDidEnd(result, game: game, state: state)
    }
}
