import DuoSupport
import Foundation

/// The ``GameSession`` of a concrete game: the true state of one hosted match.
public final class MatchSession<Game: TabletopGame>: GameSession {
    /// The rules.
    public let game: Game
    /// The match's setup.
    public let setup: MatchSetup
    /// Who plays each seat.
    public let players: SeatPair<String>
    /// The true state, secrets included.
    public private(set) var state: Game.State
    /// Moves accepted so far.
    public private(set) var moveCount: Int
    /// The result, once the match is over.
    public private(set) var result: MatchResult?
    /// The replay so far.
    public var replay: Data { Data(replayBytes) }
    /// Its bytes: an array takes a line per move for less than `Data` does.
    private var replayBytes: [UInt8]
    private var bots: [Seat: Game.BotPlayer] = [:]
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// Starts a match and writes its header line.
    public init(game: Game, setup: MatchSetup, players: SeatPair<String>) {
        self.game = game
        self.setup = setup
        self.players = players
        state = game.makeInitialState(setup)
        moveCount = 0
        result = game.result(of: state)
        replayBytes = [UInt8](
            ReplayLines.encode(
                ReplayHeader(
                    game: Game.name, variant: game.variant, rulesVersion: game.rulesVersion,
                    rulesHash: game.rulesHash, setup: setup, players: players,
                    initialHash: game.stateHash(of: state))))
    }

    /// Rebuilds a match from its replay lines, verifying each; a log with no
    /// result line is a match still in progress.
    /// - Throws: ``ReplayError`` naming the first line that disagrees.
    public init(game: Game, resumingFrom data: Data) throws(ReplayError) {
        let playback = try ReplayPlayback(data, game: game, requireResult: false)
        self.game = game
        setup = playback.header.setup
        players = playback.header.players
        state = playback.state
        moveCount = playback.moveCount
        result = playback.result
        // Keep exactly the verified lines, so a journal's torn tail is never carried on.
        replayBytes = [UInt8](ReplayLines.split(data).map { $0.text + Data([0x0A]) }.joined())
    }

    /// The game's name.
    public var gameName: String { Game.name }
    /// The rules variant.
    public var variant: String { game.variant }
    /// The seats that may move now.
    public var seatsToMove: SeatSet { result == nil ? game.seatsToMove(in: state) : .none }
    /// The hash of the current state.
    public var stateHash: StableHash { game.stateHash(of: state) }

    /// Plays a move already decoded.
    public func submit(move: Game.Move, by seat: Seat) -> Result<SessionReceipt, SessionRejection> {
        guard result == nil else {
            return .failure(SessionRejection(code: SessionRejection.matchOverCode, message: "the match is over"))
        }
        guard game.seatsToMove(in: state).contains(seat) else {
            return .failure(SessionRejection(code: SessionRejection.notYourTurnCode, message: "\(seat) may not move now"))
        }
        do {
            try game.play(move, by: seat, in: &state)
        } catch {
            return .failure(SessionRejection(code: error.code, message: error.message))
        }
        moveCount += 1
        let moveLine = ReplayLines.encode(ReplayMoveLine(number: moveCount, seat: seat, move: move, moveJSON: game.moveJSON(move), hash: stateHash))
        moveLine.withUnsafeBytes { replayBytes.append(contentsOf: $0) }
        var resultLine: Data?
        if let ended = game.result(of: state) {
            result = ended
            let line = ReplayLines.encode(ReplayResultLine(result: ended, hash: stateHash))
            line.withUnsafeBytes { replayBytes.append(contentsOf: $0) }
            resultLine = line
        }
        return .success(SessionReceipt(number: moveCount, moveLine: moveLine, resultLine: resultLine))
    }

    /// Decodes the move's JSON, then plays it.
    public func submit(_ moveJSON: Data, by seat: Seat) -> Result<SessionReceipt, SessionRejection> {
        do throws(SessionRejection) {
            return submit(move: try game.move(fromJSON: moveJSON), by: seat)
        } catch {
            return .failure(error)
        }
    }

    /// Ends the match with a forfeit by `seat`.
    public func forfeit(by seat: Seat) -> Data? {
        guard result == nil else { return nil }
        let ended = MatchResult.forfeit(by: seat, scores: game.scores(in: state))
        result = ended
        let line = ReplayLines.encode(ReplayResultLine(result: ended, hash: stateHash))
        line.withUnsafeBytes { replayBytes.append(contentsOf: $0) }
        return line
    }

    /// The view of `seat`, as JSON (once the match has a result, the view of the match over).
    public func seatViewJSON(for seat: Seat) -> Data { game.seatViewJSON(seatView(for: seat)) }
    /// The public view, as JSON (once the match has a result, the view of the match over).
    public func publicViewJSON() -> Data { game.publicViewJSON(publicView) }
    /// Writes the view of `seat` at the end of `output` (the bytes of ``seatViewJSON(for:)``).
    public func writeSeatViewJSON(for seat: Seat, to output: inout JSONOutput) { game.writeSeatViewJSON(seatView(for: seat), to: &output) }
    /// Writes the public view at the end of `output` (the bytes of ``publicViewJSON()``).
    public func writePublicViewJSON(to output: inout JSONOutput) { game.writePublicViewJSON(publicView, to: &output) }
    /// The text picture of `seat`'s view.
    public func describeView(for seat: Seat) -> String { game.describe(seatView(for: seat)) }

    /// What a spectator sees now: once the match has a result, the view of the match over.
    private var publicView: Game.PublicView {
        result.map { game.publicView(of: state, endedWith: $0) } ?? game.publicView(of: state)
    }

    /// What `seat` sees now: once a host ended the match (a forfeit), the view of the match over.
    private func seatView(for seat: Seat) -> Game.SeatView {
        result.map { game.seatView(of: state, for: seat, endedWith: $0) } ?? game.seatView(of: state, for: seat)
    }
    /// The legal moves of `seat`: the JSON array, or the game's description
    /// of them, or (for a list longer than `maxBytes`) their number.
    public func legalMoves(for seat: Seat, maxBytes: Int) -> LegalMoves {
        guard result == nil else { return .listed(json([Game.Move]())) }
        if let space = game.moveSpace(for: seat, in: state) { return .described(space) }
        let (count, list) = game.legalMovesJSON(for: seat, in: state)
        guard list.count <= maxBytes else {
            return .described(MoveSpace(count: count, summary: "\(count) moves: too many to list in \(maxBytes) bytes"))
        }
        return .listed(list)
    }

    /// Seats the bot `name` at `seat`.
    public func attachBot(named name: String, to seat: Seat) throws(UnknownBotError) {
        bots[seat] = try game.makeBot(named: name, seat: seat, seed: setup.botSeed(for: seat))
    }

    /// The move of the bot at `seat`, as JSON.
    public func botMoveJSON(for seat: Seat) -> Data? {
        guard seatsToMove.contains(seat), var bot = bots[seat] else { return nil }
        let move = bot.move(for: game.seatView(of: state, for: seat))
        bots[seat] = bot
        return move.map(game.moveJSON)
    }

    private func json<Value: Encodable>(_ value: Value) -> Data {
        // Views and moves are plain data; a failure is a bug in the game's Codable code.
        (try? encoder.encode(value)) ?? Data("null".utf8)
    }
}
