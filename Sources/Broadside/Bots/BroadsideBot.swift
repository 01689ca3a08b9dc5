import TabletopEngine

/// Broadside's bots: a placement strategy for the hiding phase and a
/// shooting strategy for the battle. One concrete type with enum strategies,
/// so the engine calls it with a switch, not dynamic dispatch.
///
/// A bot reads only its ``BroadsideSeatView`` and the public rules; its
/// randomness comes from the seed it was made with.
public struct BroadsideBot: Bot, Sendable {
    /// The game the bot plays.
    public typealias Game = Broadside

    /// How a bot picks its shots, weakest first.
    public enum Shooter: String, CaseIterable, Sendable {
        /// A uniformly random cell not yet fired at.
        case random
        /// Search on a diagonal lattice (spaced by the shortest ship afloat),
        /// then finish a hit ship: extend a line of hits, else try around a hit.
        case hunt
        /// The first density bot, kept for comparison: like `density`, but
        /// it recounts every position on every shot and, with open hits,
        /// breaks ties at random instead of by the search density.
        case densityV1 = "density-v1"
        /// Count the positions of the remaining ships that fit what is known
        /// (misses, sunk ships; with open hits, only positions through them)
        /// and fire at the cell most of them cover. The counts are kept up
        /// to date shot by shot (see ``DensityShooter``).
        case density
        /// Fleets drawn exactly uniformly from everything the view allows,
        /// and the cell that promises the most hits over two shots (see
        /// ``LookaheadShooter``).
        case lookahead
        /// `density`, searching the diagonal lattice its shots have swept
        /// the most of, with the shortest ship afloat counting double (see
        /// ``DiagonalLattices``): 0.2 shots fewer than `density` to sink a
        /// fleet alone.
        case sweep
    }

    /// How a bot hides its fleet.
    public enum Placer: String, CaseIterable, Sendable {
        /// A uniformly random legal position for each ship in turn.
        case random
        /// Random, but no two ships touching side to side (when possible).
        case spread
        /// Where the `density` bot looks last: of several random fleets, the
        /// one whose cells the density bot's opening counts rate lowest
        /// (ships along the edges and in the corners).
        case evasive
    }

    /// The rules (public knowledge), with their tables.
    public let game: Broadside
    /// The seat the bot plays.
    public let seat: Seat
    /// How it shoots.
    public let shooter: Shooter
    /// How it hides its fleet.
    public let placer: Placer
    /// Its randomness.
    public var generator: SeededGenerator
    /// The hunt bot's lattice offset, drawn once so its search pattern is not predictable.
    let latticeOffset: Int
    /// The random shooter's firing order: a uniformly random permutation of
    /// the board, drawn at its first shot. Firing at the next cell of it that
    /// is still open is a uniform choice among the open cells, without
    /// counting them on every shot.
    var firingOrder = RandomFiringOrder()
    /// The density (or sweep) shooter's counts, kept between shots.
    var densityMemory = DensityShooter()
    /// The hunt (and density-v1) shooter's sunk cells, kept between shots.
    var sunkMemory = SunkCells()
    /// The lookahead shooter's buffers, kept between shots.
    var lookaheadMemory = LookaheadShooter()
    /// The engine's search, for an `mcts` bot (nil for the others).
    var search: SearchPlayer<Broadside>?
    /// Whether `search` is set: tested on every move instead of `search`
    /// itself, which copied the whole optional (two hundred bytes, twice)
    /// on every move of every bot, a fifth of a random-vs-random match.
    private var searches = false

    /// The search settings of an `mcts` bot; nil for the others.
    public var searchSettings: SearchSettings? { search?.settings }

    /// Makes a bot.
    public init(game: Broadside, seat: Seat, shooter: Shooter, placer: Placer = .random, seed: UInt64) {
        self.game = game
        self.seat = seat
        self.shooter = shooter
        self.placer = placer
        generator = SeededGenerator(seed: seed)
        latticeOffset = generator.nextInt(below: Cell.maximumSide)
        if shooter == .sweep { densityMemory = DensityShooter(sweeps: true) }
    }

    /// An `mcts` bot: every move, placements included, is searched.
    init(game: Broadside, seat: Seat, search settings: SearchSettings, seed: UInt64) {
        self.init(game: game, seat: seat, shooter: .random, seed: seed)
        search = SearchPlayer(game: game, seat: seat, settings: settings, seed: generator.next())
        searches = true
    }

    /// The next ship placement while placing, a shot on its turn, nil otherwise.
    ///
    /// Only the dispatch and the `random` shooter's walk are in this
    /// function; searching, placing and the other shooters are each a
    /// function of their own, so a cheap move does not pay for the stack
    /// frame and saved registers of the dearest one (the match loop calls
    /// this on every move).
    public mutating func move(for view: BroadsideSeatView) -> BroadsideMove? {
        if searches { return searchedMove(for: view) }
        switch view.phase {
        case .placing:
            guard !view.isFleetComplete else { return nil }
            return placement(for: view)
        case .battle:
            guard view.turn == view.seat else { return nil }
            guard shooter == .random else { return .fire(aimedShot(for: view)) }
            return .fire(firingOrder.next(fired: view.target.shots, aimed: view.aimed, board: game.board, generator: &generator))
        case .over:
            return nil
        }
    }

    @inline(never)
    private mutating func searchedMove(for view: BroadsideSeatView) -> BroadsideMove? {
        // In place: a copy would share the search's tables with `search`, and
        // its first change would copy them all.
        guard search != nil, view.isMyTurn else { return nil }
        return search!.move(for: view)
    }

    @inline(never)
    private mutating func placement(for view: BroadsideSeatView) -> BroadsideMove {
        BotPlacement.next(for: view, game: game, placer: placer, generator: &generator)
    }

    /// What `view` tells of the target, its sunk ships' cells kept between
    /// shots (the `hunt` and `density-v1` shooters').
    @inline(__always)
    private mutating func knowledge(of view: BroadsideSeatView) -> TargetKnowledge {
        TargetKnowledge(view: view, game: game, sunkCells: sunkMemory.cells(of: view.target.sunk, game: game))
    }

    /// The shot of every shooter but `random`.
    @inline(never)
    private mutating func aimedShot(for view: BroadsideSeatView) -> Cell {
        switch shooter {
        case .random:
            return firingOrder.next(fired: view.target.shots, aimed: view.aimed, board: game.board, generator: &generator)
        case .hunt:
            return HuntShooter.pick(knowledge(of: view), game: game, latticeOffset: latticeOffset, generator: &generator)
        case .densityV1:
            return LegacyDensityShooter.pick(knowledge(of: view), game: game, generator: &generator)
        case .density, .sweep:
            return densityMemory.pick(view, game: game, generator: &generator)
        case .lookahead:
            return lookaheadMemory.pick(view, game: game, generator: &generator)
        }
    }
}
