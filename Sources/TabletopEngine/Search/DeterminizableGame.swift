/// A game the engine's search bot (`mcts`, ``SearchPlayer``) can play: the
/// one hook it needs is a way to fill in what a seat cannot see.
///
/// Everything else the search uses the game already has: the rules
/// (``TabletopGame/apply(_:by:to:)``, ``TabletopGame/result(of:)``), its
/// moves (``TabletopGame/legalMoves(for:in:)``, or ``TabletopGame/moveSpace(for:in:)``
/// when they are too many to list) and its bots (for rollouts).
public protocol DeterminizableGame: TabletopGame {
    /// A whole state, secrets included, that `seat` could be in given what
    /// it sees in `view`: drawn at random from `generator` where the view
    /// leaves something open (the opponent's hidden pieces), equal to the
    /// truth where it does not. The view of the returned state for `seat`
    /// must equal `view` (or differ only in what the view cannot tell, such
    /// as a salvo the opponent aims), and the game must play on from it.
    ///
    /// A game with no secrets rebuilds its state from the view, drawing
    /// nothing: the search then asks once per move, not once per iteration
    /// (a sampler that leaves `generator` as it was is taken to have found
    /// nothing open, so every draw would be the same state).
    func sampleState(consistentWith view: SeatView, for seat: Seat, using generator: inout SeededGenerator) -> State

    /// Each seat's expected reward at `state`, a match not yet over: its
    /// chance to win, a draw counting half (the two add up to 1), for a game
    /// that can judge a position without playing it out; nil where it
    /// cannot. When the game gives one and the search has no guide bot, the
    /// search scores each new node by it instead of a rollout: one move an
    /// iteration instead of a whole match, for games whose playouts are long
    /// and say little (mini golf). The default is nil (always roll out).
    func estimatedRewards(at state: State) -> SeatPair<Double>?

    /// Moves worth trying first for `seat` at `state`, best first, for a
    /// game whose moves are described (``TabletopGame/moveSpace(for:in:)``)
    /// and that knows where the good ones are: the search adds them to a
    /// node before any move drawn at random (the estimate or the rollouts
    /// still judge them), so a few good candidates are found at once instead
    /// of by chance among thousands. Asked once per node that adds a move;
    /// the default is none (every move drawn from the space). Mini golf
    /// suggests the strokes its aiming bot would try first.
    func suggestedMoves(for seat: Seat, in state: State) -> [Move]
}

extension DeterminizableGame {
    /// No estimate: the search plays every position out.
    public func estimatedRewards(at state: State) -> SeatPair<Double>? { nil }

    /// No suggestions: every described move is drawn at random.
    public func suggestedMoves(for seat: Seat, in state: State) -> [Move] { [] }
}

extension DeterminizableGame {
    /// The search settings a bot name asks for (`mcts:2000:density`), or nil
    /// when the name is not the search bot's: for a game's
    /// ``TabletopGame/makeBot(named:seat:seed:)``, before its own names. The
    /// one way to read a search bot's name: it checks the budget and makes
    /// the guide bot once, so `mcts:2000:rule` is refused where the game has
    /// no `rule` (the error lists ``TabletopGame/botNames``).
    /// - Throws: ``UnknownBotError`` for a malformed budget or an unknown guide bot.
    public func searchSettings(botName name: String) throws(UnknownBotError) -> SearchSettings? {
        guard let settings = try SearchSettings(botName: name, known: botNames) else { return nil }
        if let guide = settings.guide { _ = try makeBot(named: guide, seat: .first, seed: 0) }
        return settings
    }
}
