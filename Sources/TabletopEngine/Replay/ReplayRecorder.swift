import Foundation

/// Records a match as replay lines while the driver plays it.
///
/// Hashes the state after every move, which costs time: batches use it only
/// when `--replays DIR` asks for replays.
public struct ReplayRecorder<Game: TabletopGame>: MatchObserver {
    /// Who plays each seat, written in the header.
    public var players: SeatPair<String>
    /// The replay so far: complete lines, each ending in `\n`.
    public private(set) var data = Data()
    private var moveNumber = 0

    /// A recorder naming the players of each seat.
    public init(players: SeatPair<String>) { self.players = players }

    /// Writes the header line.
    public mutating func matchDidStart(_ game: Game, setup: MatchSetup, state: Game.State) {
        data.append(
            ReplayLines.encode(
                ReplayHeader(
                    game: Game.name, variant: game.variant, rulesVersion: game.rulesVersion,
                    rulesHash: game.rulesHash, setup: setup, players: players,
                    initialHash: game.stateHash(of: state))))
    }

    /// Writes a move line with the hash of the new state.
    public mutating func moveWasApplied(_ move: Game.Move, by seat: Seat, game: Game, state: Game.State) {
        moveNumber += 1
        data.append(
            ReplayLines.encode(
                ReplayMoveLine(
                    number: moveNumber, seat: seat, move: move, hash: game.stateHash(of: state))))
    }

    /// Writes the result line.
    public mutating func matchDidEnd(_ result: MatchResult, game: Game, state: Game.State) {
        data.append(ReplayLines.encode(ReplayResultLine(result: result, hash: game.stateHash(of: state))))
    }
}
