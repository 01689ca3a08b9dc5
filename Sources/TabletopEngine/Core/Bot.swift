/// A player the engine drives: it sees only its seat's view and answers a move.
///
/// A bot has no access to the match state, so it cannot cheat by design; its
/// randomness comes from the seed it was made with, so it is reproducible.
/// Bots are values that may keep memory between moves (`mutating`).
public protocol Bot<Game> {
    /// The game the bot plays.
    associatedtype Game: TabletopGame

    /// The move to make from what the seat sees, or nil when the player has no
    /// move to offer (a script that ran out). A bot asked to move always has a move.
    mutating func move(for view: Game.SeatView) -> Game.Move?
}

/// A seat played from a fixed list of moves, in order: for tests, tutorials
/// and re-enacting a recorded match.
public struct ScriptedPlayer<Game: TabletopGame>: Bot, Sendable {
    /// The moves still to play, in order.
    public private(set) var remaining: ArraySlice<Game.Move>

    /// A player that will make `moves` in order.
    public init(_ moves: [Game.Move]) { remaining = moves[...] }

    /// The next scripted move; nil once the script is exhausted.
    public mutating func move(for view: Game.SeatView) -> Game.Move? { remaining.popFirst() }
}

/// A bot name the game does not know.
public struct UnknownBotError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The name asked for.
    public let name: String
    /// The names the game knows.
    public let known: [String]

    /// Makes the error for `name`, listing `known`.
    public init(name: String, known: [String]) {
        self.name = name
        self.known = known
    }

    /// "unknown bot 'x' (known: random, hunt, density)".
    public var description: String { "unknown bot '\(name)' (known: \(known.joined(separator: ", ")))" }
}
