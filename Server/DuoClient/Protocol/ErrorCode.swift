/// The stable codes of the protocol's `error` messages.
///
/// Clients match on these strings, so they never change meaning; new ones
/// may be added. A move the game refuses carries the game's own code
/// instead (for Broadside: `cellAlreadyFired`, `shipsOverlap`, ...), next to
/// the engine's `badMove`, `notYourTurn` and `matchOver`. See `docs/PROTOCOL.md`.
public enum ErrorCode: String, CaseIterable, Sendable, Codable {
    // Framing and decoding: the line itself is wrong.
    /// The line is longer than 64 KiB; it was skipped up to its newline.
    case lineTooLong
    /// The line is not valid JSON (or nests deeper than 64 levels).
    case badJSON
    /// The line is JSON but not an object.
    case notAnObject
    /// The object has no `type`, or a field the message needs is missing.
    case missingField
    /// A field has the wrong JSON type.
    case wrongFieldType
    /// A field has the right type but an unusable value (a seat of 7).
    case invalidValue
    /// The `type` names no message of this protocol version.
    case unknownType

    // Session flow.
    /// The first message of a connection must be `hello`.
    case helloFirst
    /// The `version` in `hello` is not one this server speaks.
    case unsupportedVersion
    /// A second `hello` on the same connection.
    case alreadyGreeted
    /// `create`, `join`, `watch` or `resume` while playing a match not yet over.
    case alreadyInMatch
    /// `move`, `legal` or `resign` with no match, or from a spectator.
    case notInMatch

    // Matches.
    /// No game of that name on this server.
    case unknownGame
    /// The game has no variant of that name.
    case unknownVariant
    /// The game has no bot of that name.
    case unknownBot
    /// No match has that code (here: see `docs/SCALING.md` for codes naming servers).
    case unknownMatch
    /// Both seats of the match are taken.
    case matchFull
    /// The token is not the token of that seat of that match.
    case wrongToken
    /// Another connection resumed this seat; this one no longer plays it.
    case seatTakenOver

    // Moves (the engine's; games add their own codes).
    /// The move's JSON is not a move of this game.
    case badMove
    /// The seat may not move now.
    case notYourTurn
    /// The match already has a result.
    case matchOver
    /// `move` in a match with a seat still free: moves start once both seats are held.
    case waitingForOpponent
    /// `legal` when the seat's moves are too many to list in one line; the
    /// error's `space` describes them (TabletopEngine's `MoveSpace`).
    case tooManyMoves

    // Server limits and faults.
    /// The server holds as many connections as it allows (in total or from this address).
    case tooManyConnections
    /// The server hosts as many matches as it allows.
    case tooManyMatches
    /// `create` while the server (or this address) already has as many
    /// matches waiting for an opponent as it allows: join one, or wait.
    case tooManyWaiting
    /// The server is shutting down (SIGTERM): resume later with your token.
    case serverStopping
    /// The match's journal could not be written; the match is suspended.
    case storageFailed
    /// The connection sent nothing for the idle timeout and was closed.
    case idleTimeout
}
