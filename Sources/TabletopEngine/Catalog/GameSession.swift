import Foundation

/// A match that a host (the network server) drives one move at a time, with
/// the game's types hidden behind JSON: moves come in as JSON, views go out
/// as JSON, and every accepted move yields the replay line to journal.
///
/// Not thread-safe: a session belongs to one thread or actor.
public protocol GameSession: AnyObject {
    /// The game's catalog name.
    var gameName: String { get }
    /// The rules variant.
    var variant: String { get }
    /// The match's setup.
    var setup: MatchSetup { get }
    /// Who plays each seat, as written in the replay header.
    var players: SeatPair<String> { get }
    /// The seats that may move now (none once there is a result).
    var seatsToMove: SeatSet { get }
    /// The result, once the match is over.
    var result: MatchResult? { get }
    /// Moves accepted so far.
    var moveCount: Int { get }
    /// The hash of the current state.
    var stateHash: StableHash { get }
    /// The replay so far: header, one line per move, and the result line once over.
    var replay: Data { get }

    /// Decodes, checks and (when legal) applies a move; a refused move changes nothing.
    /// - Returns: the replay lines to journal, or the rejection with its stable code:
    ///   ``SessionRejection/badMoveCode``, ``SessionRejection/notYourTurnCode``,
    ///   ``SessionRejection/matchOverCode``, or one of the game's own codes.
    func submit(_ moveJSON: Data, by seat: Seat) -> Result<SessionReceipt, SessionRejection>
    /// Ends the match with `seat` losing by forfeit (a timeout, a resignation).
    /// - Returns: the result line to journal, or nil when the match was already over.
    func forfeit(by seat: Seat) -> Data?
    /// The JSON of what `seat` may see now.
    func seatViewJSON(for seat: Seat) -> Data
    /// The JSON of what a spectator may see now.
    func publicViewJSON() -> Data
    /// Writes the bytes of ``seatViewJSON(for:)`` at the end of `output`
    /// (a host writing its whole message in one buffer).
    func writeSeatViewJSON(for seat: Seat, to output: inout JSONOutput)
    /// Writes the bytes of ``publicViewJSON()`` at the end of `output`.
    func writePublicViewJSON(to output: inout JSONOutput)
    /// A text picture of what `seat` sees now.
    func describeView(for seat: Seat) -> String
    /// The moves `seat` may make now, as they fit in `maxBytes`: the JSON
    /// array of every move, or a ``MoveSpace`` when the game describes its
    /// moves instead or the array would be longer than `maxBytes`.
    func legalMoves(for seat: Seat, maxBytes: Int) -> LegalMoves
    /// Seats a bot at `seat`, seeded from the match seed.
    /// - Throws: ``UnknownBotError`` listing the game's bots.
    func attachBot(named name: String, to seat: Seat) throws(UnknownBotError)
    /// The JSON of the move the bot at `seat` picks now (not applied: submit it
    /// like any move so it is journaled), or nil when no bot sits there or it
    /// may not move.
    func botMoveJSON(for seat: Seat) -> Data?
}

extension GameSession {
    /// ``seatViewJSON(for:)``, appended.
    public func writeSeatViewJSON(for seat: Seat, to output: inout JSONOutput) { output.raw(seatViewJSON(for: seat)) }

    /// ``publicViewJSON()``, appended.
    public func writePublicViewJSON(to output: inout JSONOutput) { output.raw(publicViewJSON()) }
}

/// What an accepted move produced: the lines to append to the match's journal.
public struct SessionReceipt: Equatable, Sendable {
    /// The number of the move, from 1.
    public var number: Int
    /// The replay line of the move.
    public var moveLine: Data
    /// The result line, when this move ended the match.
    public var resultLine: Data?

    /// Makes a receipt.
    public init(number: Int, moveLine: Data, resultLine: Data?) {
        self.number = number
        self.moveLine = moveLine
        self.resultLine = resultLine
    }
}

/// A move a session refused, with a stable code and a human sentence.
public struct SessionRejection: Error, Equatable, Sendable, CustomStringConvertible {
    /// The stable code: one of the constants below or the game's rejection code.
    public var code: String
    /// A sentence for a person.
    public var message: String

    /// The move's JSON is not a move of this game.
    public static let badMoveCode = "badMove"
    /// The seat may not move now.
    public static let notYourTurnCode = "notYourTurn"
    /// The match already has a result.
    public static let matchOverCode = "matchOver"

    /// Makes a rejection.
    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    /// "code: message".
    public var description: String { "\(code): \(message)" }
}
