import Foundation
import TabletopEngine

/// The moves of one match between two of the game's bots, recorded before a
/// load run, for load clients that send real moves without asking the
/// server for them (``LoadTest/MoveSource/script``).
///
/// A person or a bot running on the player's own machine decides its move
/// and sends it: the server's work per move is checking it, journaling it
/// and sending the views. A client that asks the server's bot for every move
/// (`hint`) adds a request, a reply and a bot's turn to each, which is load
/// of another kind. A script gives the clients real moves (the game's bots
/// chose them, and the server checks each like any other) for nothing.
///
/// Each seat keeps its own moves in order. In Broadside those stay legal
/// whoever fires first (a seat's shots depend only on its own earlier
/// shots), so a live match follows the script to the same result, give or
/// take the loser's last shot; in games whose moves depend on the other
/// seat's, or whose chance draws from the server's secret seed, a live
/// match can leave its script: the client then asks hints for the rest of
/// the match.
public struct MoveScript: Sendable {
    /// Each seat's moves, in order, as whole `move` request lines.
    public let requests: SeatPair<[[UInt8]]>

    /// A script of the given request lines.
    public init(requests: SeatPair<[[UInt8]]>) {
        self.requests = requests
    }

    /// Moves in all, both seats.
    public var count: Int { requests[.first].count + requests[.second].count }

    /// Plays one match of `game` from `setup` between two of its bots named
    /// `bot` (nil: the weakest, the one the server hints with) and records
    /// every move. Stops after `maxMoves` moves, or when no seat to move has
    /// a move to make.
    /// - Throws: ``UnknownBotError`` when the game has no such bot.
    public static func record(
        _ game: AnyGame, setup: MatchSetup, bot: String? = nil, maxMoves: Int = 100_000
    ) throws(UnknownBotError) -> MoveScript {
        guard let name = bot ?? game.botNames.first else {
            throw UnknownBotError(name: "(the weakest)", known: game.botNames)
        }
        let session = game.makeSession(setup: setup, players: SeatPair(repeating: name))
        for seat in Seat.allCases { try session.attachBot(named: name, to: seat) }
        var requests = SeatPair<[[UInt8]]>(repeating: [])
        var moves = 0
        while session.result == nil && moves < maxMoves {
            let toMove = session.seatsToMove
            var moved = false
            for seat in Seat.allCases where toMove.contains(seat) {
                guard let move = session.botMoveJSON(for: seat), case .success = session.submit(move, by: seat) else { continue }
                requests[seat].append(ReplyShortcut.moveRequest(ArraySlice(move)))
                moves += 1
                moved = true
            }
            if !moved { break }
        }
        return MoveScript(requests: requests)
    }

    /// `count` scripts of `game`, match `i` from `MatchSetup(batchSeed: seed, matchIndex: i)`.
    /// - Throws: ``UnknownBotError`` when the game has no such bot.
    public static func record(_ game: AnyGame, count: Int, seed: UInt64, bot: String? = nil) throws(UnknownBotError) -> [MoveScript] {
        var scripts: [MoveScript] = []
        scripts.reserveCapacity(count)
        for index in 0..<count {
            scripts.append(try record(game, setup: MatchSetup(batchSeed: seed, matchIndex: index), bot: bot))
        }
        return scripts
    }
}
