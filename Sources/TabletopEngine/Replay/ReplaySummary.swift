import Foundation

/// What verifying a replay established: its header, its length and its result.
public struct ReplaySummary: Equatable, Sendable {
    /// The header line.
    public var header: ReplayHeader
    /// The number of moves.
    public var moveCount: Int
    /// The result, confirmed by the rules.
    public var result: MatchResult

    /// Verifies `data` under `game`'s rules.
    /// - Throws: ``ReplayError`` naming the first line that disagrees.
    public init<Game: TabletopGame>(verifying data: Data, game: Game) throws(ReplayError) {
        let playback = try ReplayPlayback(data, game: game)
        header = playback.header
        moveCount = playback.moveCount
        // A playback that requires a result has one.
        result = playback.result!
    }

    /// Reads only the header line of a replay (to pick the game to verify it with).
    /// - Throws: ``ReplayError`` when the first line is not a readable header.
    public static func header(of data: Data) throws(ReplayError) -> ReplayHeader {
        guard let first = ReplayLines.split(data).first else {
            throw ReplayError(line: 1, code: .empty, message: "the file is empty: no header line")
        }
        let type = try ReplayLines.type(of: first)
        guard type == "header" else {
            throw ReplayError(line: 1, code: .unexpectedLine, message: "the first line must be the header, found type '\(type)'")
        }
        return try ReplayLines.decode(ReplayHeader.self, line: first)
    }
}
