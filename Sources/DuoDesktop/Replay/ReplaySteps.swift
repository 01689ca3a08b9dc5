import DuoClient
import Foundation
import TabletopEngine

/// A replay as the window steps through it: what one seat (or a spectator)
/// saw before the first move and after each one, as the server would have
/// sent it. Made by replaying the file's moves through the game's own
/// session, after the whole file has been verified, so a step shows only
/// what the replay's states give that seat.
public struct ReplaySteps: Sendable {
    /// The replay's first line: the game, variant, players and setup.
    public let header: ReplayHeader
    /// The seat whose views are shown; nil for a spectator's.
    public let viewer: Seat?
    /// The rules of the variant, as a server sends them.
    public let rules: JSONValue
    /// The view before the first move (index 0) and after each move.
    public let views: [JSONValue]
    /// Who may move at each step.
    public let toMove: [SeatSet]
    /// The match's result after its last move (nil: the replay ends before one).
    public let result: MatchResult?

    /// The steps of `replay` (a `.jsonl` replay of `game`) as `viewer` saw them (nil: as a spectator).
    /// - Throws: `ReplayError` naming the first line that disagrees with the rules.
    public init(replay: Data, game: AnyGame, viewer: Seat?) throws(ReplayError) {
        try self.init(replay: replay, game: game, viewer: viewer, isFinished: true)
    }

    /// The steps of `replay` as `viewer` saw them; when `isFinished` is false, of a match that may
    /// not be over yet (its host's own log, as ``TableTruthCheck`` reads a match under way): its
    /// moves are played again, and a refused one still throws, but no result line is asked for.
    init(replay: Data, game: AnyGame, viewer: Seat?, isFinished: Bool) throws(ReplayError) {
        if isFinished { _ = try game.verifyReplay(replay) }
        header = try ReplaySummary.header(of: replay)
        self.viewer = viewer
        let lines = ReplayLines.split(replay)
        let session = try game.resumeSession(from: lines[0].text + Data([0x0A]))
        func look() -> JSONValue {
            let json = viewer.map { session.seatViewJSON(for: $0) } ?? session.publicViewJSON()
            return (try? JSONValue(parsing: [UInt8](json))) ?? .null
        }
        var views = [look()]
        var toMove = [session.seatsToMove]
        for line in lines.dropFirst() where (try? ReplayLines.type(of: line)) == "move" {
            guard case .object(let fields)? = try? JSONValue(parsing: [UInt8](line.text)),
                case .integer(let index)? = fields["seat"], let seat = Seat(rawValue: Int(index)), let move = fields["move"],
                case .success = session.submit(Data(move.serialized), by: seat)
            else {
                throw ReplayError(line: line.number, code: .moveRefused, message: "the move cannot be played again")
            }
            views.append(look())
            toMove.append(session.seatsToMove)
        }
        self.views = views
        self.toMove = toMove
        result = session.result
        rules = (try? JSONValue(parsing: [UInt8](game.rulesJSON))) ?? .null
    }

    /// The number of moves (the last step's index).
    public var moveCount: Int { views.count - 1 }

    /// The view update a server would send at step `index` (0...``moveCount``).
    public func update(at index: Int) -> ViewUpdate {
        ViewUpdate(code: ReplayTransport.code, seat: viewer, moves: index, toMove: toMove[index], view: views[index])
    }
}
