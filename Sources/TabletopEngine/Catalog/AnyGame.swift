import Foundation

/// A loaded game variant with its type hidden: what commands and the server
/// use once a game has been picked by name.
///
/// Each operation is a closure made by ``init(_:)`` for the concrete game, so
/// the work behind it (a whole batch of matches) runs fully specialised; only
/// the one call into it is dynamic.
public struct AnyGame: Sendable {
    /// The game's catalog name.
    public let name: String
    /// The rules variant.
    public let variant: String
    /// The version of the rules code.
    public let rulesVersion: Int
    /// The hash of the rules data.
    public let rulesHash: StableHash
    /// The rules data as canonical JSON, for clients.
    public let rulesJSON: Data
    /// The game's bot names, weakest first.
    public let botNames: [String]
    /// The bots a batch plays when none are named (``TabletopGame/defaultBots``).
    public let defaultBots: SeatPair<String>
    /// What the game's scores count, plural ("shots", "strokes").
    public let scoreUnit: String

    @usableFromInline let batch: @Sendable (BatchConfiguration, BatchProgress?) throws(BatchError) -> BatchReport
    @usableFromInline let verify: @Sendable (Data) throws(ReplayError) -> ReplaySummary
    @usableFromInline let frames: @Sendable (Data, Seat?) throws(ReplayError) -> [ReplayFrameText]
    @usableFromInline let session: @Sendable (MatchSetup, SeatPair<String>) -> any GameSession
    @usableFromInline let resume: @Sendable (Data) throws(ReplayError) -> any GameSession
    @usableFromInline let bot: @Sendable (String) throws(UnknownBotError) -> Void
    @usableFromInline let botServer: @Sendable (String, () -> String?, (String) -> Void) throws -> Void

    /// Wraps `game`. Call it where `Game` is concrete (the game's module) so
    /// the batch loop is compiled for it.
    @inlinable
    public init<Game: TabletopGame>(_ game: Game) {
        name = Game.name
        variant = game.variant
        rulesVersion = game.rulesVersion
        rulesHash = game.rulesHash
        rulesJSON = game.rulesJSON
        botNames = game.botNames
        defaultBots = game.defaultBots
        scoreUnit = Game.scoreUnit
        batch = { configuration, progress throws(BatchError) in
            try BatchRunner.run(game, configuration: configuration, progress: progress)
        }
        verify = { data throws(ReplayError) in try ReplaySummary(verifying: data, game: game) }
        frames = { data, viewer throws(ReplayError) in try ReplayFrameText.frames(of: data, game: game, viewer: viewer) }
        session = { setup, players in MatchSession(game: game, setup: setup, players: players) }
        resume = { data throws(ReplayError) in try MatchSession(game: game, resumingFrom: data) }
        bot = { name throws(UnknownBotError) in _ = try game.makeBot(named: name, seat: .first, seed: 0) }
        botServer = { name, readLine, write in try ExternalBotServer.serve(game, bot: name, readLine: readLine, write: write) }
    }

    /// Checks that the game has a bot called `name` (which may carry options,
    /// such as Broadside's `hunt:spread`).
    /// - Throws: ``UnknownBotError`` listing the game's bots.
    public func checkBot(named name: String) throws(UnknownBotError) {
        try bot(name)
    }

    /// Plays the bot `name` behind the outside-bot protocol until `readLine` returns nil (see ``ExternalBotServer``).
    /// - Throws: ``UnknownBotError``, or an error naming a message that cannot be read.
    public func serveBot(named name: String, readLine: () -> String?, write: (String) -> Void) throws {
        try botServer(name, readLine, write)
    }

    /// Plays a batch of matches (see ``BatchRunner``).
    public func runBatch(_ configuration: BatchConfiguration, progress: BatchProgress? = nil) throws(BatchError) -> BatchReport {
        try batch(configuration, progress)
    }

    /// Verifies a replay: every move re-validated, every state hash and the result re-computed.
    /// - Throws: ``ReplayError`` naming the first line that disagrees.
    public func verifyReplay(_ data: Data) throws(ReplayError) -> ReplaySummary {
        try verify(data)
    }

    /// Verifies a replay and returns it as `viewer` saw it (nil: as a spectator saw it).
    /// - Throws: ``ReplayError`` naming the first line that disagrees.
    public func replayFrames(_ data: Data, viewer: Seat?) throws(ReplayError) -> [ReplayFrameText] {
        try frames(data, viewer)
    }

    /// Starts a new match that a host (the server) drives move by move.
    public func makeSession(setup: MatchSetup, players: SeatPair<String>) -> any GameSession {
        session(setup, players)
    }

    /// Rebuilds a match from its replay lines (a server's journal), finished or not.
    /// - Throws: ``ReplayError`` naming the first line that disagrees.
    public func resumeSession(from replay: Data) throws(ReplayError) -> any GameSession {
        try resume(replay)
    }
}
