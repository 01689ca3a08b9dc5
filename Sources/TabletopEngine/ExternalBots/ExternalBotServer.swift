import Foundation

/// The other end of an ``ExternalBot``: plays one of the game's own bots
/// behind the outside-bot protocol, reading messages from `input` and
/// writing moves to `output` (`duo-server bot NAME`). With it, a build's
/// binary is an outside bot of another build: today's bot against last
/// release's (`--bots "exec:old/duo-server bot density,density"`).
public enum ExternalBotServer {
    /// Answers every `view` with the bot's move until `input` ends.
    /// Each `joined` starts a fresh bot for its seat, seeded from the match code.
    /// - Throws: ``UnknownBotError`` for a bot name the game does not know;
    ///   a message that cannot be read ends the loop with an error naming it.
    public static func serve<Game: TabletopGame>(
        _ game: Game, bot name: String,
        readLine: () -> String?, write: (String) -> Void
    ) throws {
        _ = try game.makeBot(named: name, seat: .first, seed: 0)
        var bot: Game.BotPlayer?
        let decoder = JSONDecoder()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        while let line = readLine() {
            let data = Data(line.utf8)
            let header = try decoder.decode(Header.self, from: data)
            switch header.type {
            case "joined":
                var hasher = StableHasher()
                hasher.combine(header.code ?? "")
                let seat = header.seat.flatMap(Seat.init(rawValue:)) ?? .first
                bot = try game.makeBot(named: name, seat: seat, seed: hasher.finalize().value)
            case "view":
                let view = try decoder.decode(ViewMessage<Game.SeatView>.self, from: data).view
                guard var current = bot, let move = current.move(for: view) else {
                    throw ExternalBotServerError(message: "a view came before 'joined', or the bot had no move")
                }
                bot = current
                let json = String(decoding: try encoder.encode(move), as: UTF8.self)
                write(#"{"type":"move","move":\#(json)}"#)
            default:
                continue
            }
        }
    }

    private struct Header: Decodable {
        let type: String
        let code: String?
        let seat: Int?
    }

    private struct ViewMessage<View: Decodable>: Decodable {
        let view: View
    }
}

/// A message the bot server could not act on.
public struct ExternalBotServerError: Error, CustomStringConvertible {
    /// What was wrong.
    public let message: String
    public var description: String { message }
}
