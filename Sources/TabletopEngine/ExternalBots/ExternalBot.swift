import Foundation

/// A seat played by an outside program (``ExternalBotProcess``), with the
/// network protocol's JSON (docs/PROTOCOL.md): at the start of a match it is
/// sent `joined`, each time it must move a `view` of its seat (it answers
/// `{"type":"move","move":MOVE}`), and at the end `ended`.
///
/// A program that crashes, hangs past the move time, answers anything but a
/// move line, or sends a move the game cannot read has no move to offer:
/// ``move(for:)`` returns nil and ``failure`` says why, and the batch
/// forfeits that one match for it (a move the rules refuse is forfeited by
/// the driver). Either way the batch ends the process (``forfeited()``) and
/// the next match starts a fresh one.
public struct ExternalBot<Game: TabletopGame>: Bot {
    /// The process it talks to (shared with the next match of the same worker).
    public let process: ExternalBotProcess
    /// The game played, which reads the bot's moves.
    public let game: Game
    /// The seat it plays.
    public let seat: Seat
    /// The match's code in the messages (`match-000042`).
    public let code: String
    /// The time it has for each move.
    public let moveTimeMilliseconds: Int
    /// Why it had no move, once it failed.
    public private(set) var failure: ExternalBotProcess.Failure?

    /// Starts a match for the bot: sends `joined` (starting the process when needed).
    public init(process: ExternalBotProcess, game: Game, seat: Seat, code: String, opponent: String, moveTimeMilliseconds: Int) {
        self.process = process
        self.game = game
        self.seat = seat
        self.code = code
        self.moveTimeMilliseconds = moveTimeMilliseconds
        let rules = String(decoding: game.rulesJSON, as: UTF8.self)
        let line =
            #"{"type":"joined","code":\#(Self.quoted(code)),"seat":\#(seat.rawValue),"game":\#(Self.quoted(Game.name)),"#
            + #""variant":\#(Self.quoted(game.variant)),"rules":\#(rules),"opponent":\#(Self.quoted("bot:" + opponent))}"#
        do {
            try process.send(line)
        } catch {
            failure = error
        }
    }

    /// Sends the seat's view and waits for the program's move.
    public mutating func move(for view: Game.SeatView) -> Game.Move? {
        guard failure == nil else { return nil }
        do {
            let viewJSON = String(decoding: try Self.encoder.encode(view), as: UTF8.self)
            try process.send(#"{"type":"view","code":\#(Self.quoted(code)),"seat":\#(seat.rawValue),"view":\#(viewJSON)}"#)
            let line = try process.receiveLine(within: moveTimeMilliseconds)
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], object["type"] as? String == "move",
                let moveValue = object["move"], !(moveValue is NSNull),
                let moveJSON = try? JSONSerialization.data(
                    withJSONObject: moveValue, options: [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
            else {
                throw ExternalBotProcess.Failure("wrote garbage instead of a move: \(Self.excerpt(line))")
            }
            // A move line whose move the game cannot read is a move the rules refuse, as the server says.
            do throws(SessionRejection) {
                return try game.move(fromJSON: moveJSON)
            } catch {
                throw ExternalBotProcess.Failure(
                    "illegal move: \(String(decoding: moveJSON, as: UTF8.self)) refused: \(error.code): \(error.message)")
            }
        } catch let error as ExternalBotProcess.Failure {
            failure = error
        } catch {
            failure = ExternalBotProcess.Failure("could not be sent its view: \(error)")
        }
        // A child that failed is not to be trusted with the next match.
        process.stop()
        return nil
    }

    /// The bot forfeited the match (it failed, or the rules refused its
    /// move): it is sent nothing more, its process and process group are
    /// ended, and the next match starts a fresh process.
    public func forfeited() {
        process.stop()
    }

    /// Tells the program how the match ended (`ended`); a program that has gone is not restarted for it.
    public func matchEnded(_ result: MatchResult) {
        guard failure == nil, let resultJSON = try? Self.encoder.encode(result) else { return }
        do {
            try process.send(#"{"type":"ended","code":\#(Self.quoted(code)),"result":\#(String(decoding: resultJSON, as: UTF8.self))}"#)
        } catch {
            process.stop()
        }
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    private static func quoted(_ text: String) -> String {
        (try? JSONEncoder().encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }

    /// The start of a bad line, for the report.
    private static func excerpt(_ line: String) -> String {
        let trimmed = line.count > 60 ? String(line.prefix(60)) + "..." : line
        return "'\(trimmed)'"
    }
}
