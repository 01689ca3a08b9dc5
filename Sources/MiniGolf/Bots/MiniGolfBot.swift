import TabletopEngine

/// The mini golf bots: `random` strikes uniformly at random (any direction,
/// any power); `aim` searches strokes with the course's own physics and
/// keeps the one that leaves the ball closest to the cup along the path.
///
/// A bot knows the course (public data, as printed on the scorecard) and
/// sees only its seat view; its randomness comes from its seed.
public struct MiniGolfBot: Bot, Sendable {
    /// The game the bot plays.
    public typealias Game = MiniGolf

    /// The strategies, weakest first.
    public enum Strategy: String, CaseIterable, Sendable {
        /// A uniformly random stroke.
        case random
        /// A stroke searched with the physics (see ``ShotPlanner``).
        case aim
    }

    /// The bot's strategy.
    public let strategy: Strategy
    /// For a person-like `aim` bot (`aim:easy`...): how it misses; nil strikes exactly.
    public let skill: AimSkill?
    /// The engine's search, for an `mcts` bot (nil for the others).
    var search: SearchPlayer<MiniGolf>?
    /// The course the bot plays.
    let game: MiniGolf
    /// The bot's own random numbers.
    var generator: SeededGenerator

    /// A bot playing `game` with `strategy`, drawing randomness from `seed`.
    public init(strategy: Strategy, game: MiniGolf, seed: UInt64) {
        self.init(strategy: strategy, skill: nil, game: game, seed: seed)
    }

    /// An `aim` bot that misses like a player of `skill` (nil: exactly).
    public init(strategy: Strategy, skill: AimSkill?, game: MiniGolf, seed: UInt64) {
        self.strategy = strategy
        self.skill = skill
        self.game = game
        generator = SeededGenerator(seed: seed)
    }

    /// An `mcts` bot: the engine's search with these settings.
    init(game: MiniGolf, seat: Seat, search settings: SearchSettings, seed: UInt64) {
        self.init(strategy: .random, game: game, seed: seed)
        search = SearchPlayer(game: game, seat: seat, settings: settings, seed: generator.next())
    }

    /// The search settings of an `mcts` bot; nil for the others.
    public var searchSettings: SearchSettings? { search?.settings }

    /// The stroke to play, or nil when it is not this seat's turn.
    public mutating func move(for view: MiniGolfSeatView) -> MiniGolfShot? {
        guard view.isMyTurn, view.table.hole < game.simulators.count else { return nil }
        // In place: a copy would share the search's tables (the tree kept
        // between moves) with `search`, and its first change would copy them.
        if search != nil { return search!.move(for: view) }
        switch strategy {
        case .random:
            return MiniGolfShot(
                angle: generator.nextInt(below: MiniGolfShot.angles.count),
                power: generator.nextInt(in: MiniGolfShot.powers))
        case .aim:
            let hole = view.table.hole
            let planner = ShotPlanner(
                simulator: game.simulators[hole], field: game.pathFields[hole],
                waterPenalty: game.rules.waterPenalty)
            let planned = planner.bestShot(from: view.myBall, generator: &generator)
            return skill.map { $0.strike(planned, generator: &generator) } ?? planned
        }
    }
}
