import Foundation

/// A replay read and re-played against the rules: every move re-validated and
/// every recorded hash re-computed, stopping at the first line that disagrees.
public struct ReplayPlayback<Game: TabletopGame> {
    /// The header line.
    public var header: ReplayHeader
    /// The state after the last move read.
    public var state: Game.State
    /// The number of move lines read.
    public var moveCount: Int
    /// The recorded result; nil when the log has none yet (an unfinished match).
    public var result: MatchResult?

    /// Reads and verifies `data` under `game`'s rules.
    /// - Parameters:
    ///   - data: the replay's JSON lines.
    ///   - game: the loaded variant the replay was played with.
    ///   - requireResult: when true a log without a result line is an error
    ///     (`truncated`); when false it is an unfinished match (a server's
    ///     journal) and playback stops after its last move.
    ///   - onMove: called after each move is verified, with its line number,
    ///     the seat, the move and the new state.
    /// - Throws: ``ReplayError`` naming the first line that cannot be read
    ///   or disagrees with the rules.
    public init(
        _ data: Data,
        game: Game,
        requireResult: Bool = true,
        onMove: (_ line: Int, _ seat: Seat, _ move: Game.Move, _ state: Game.State) -> Void = { _, _, _, _ in }
    ) throws(ReplayError) {
        let lines = ReplayLines.split(data)
        guard let first = lines.first else {
            throw ReplayError(line: 1, code: .empty, message: "the file is empty: no header line")
        }
        header = try Self.checkedHeader(first, game: game)
        state = game.makeInitialState(header.setup)
        let initialHash = game.stateHash(of: state)
        guard initialHash == header.initialHash else {
            throw ReplayError(
                line: first.number, code: .hashMismatch,
                message: "initial state hash is \(initialHash), the log says \(header.initialHash)")
        }
        moveCount = 0
        result = nil
        for line in lines.dropFirst() {
            guard result == nil else {
                throw ReplayError(line: line.number, code: .unexpectedLine, message: "a line after the result line")
            }
            switch try ReplayLines.type(of: line) {
            case "move":
                let entry = try ReplayLines.decode(ReplayMoveLine<Game.Move>.self, line: line)
                try apply(entry, line: line.number, game: game)
                onMove(line.number, entry.seat, entry.move, state)
            case "result":
                let entry = try ReplayLines.decode(ReplayResultLine.self, line: line)
                try check(entry, line: line.number, game: game)
                result = entry.result
            case let other:
                throw ReplayError(
                    line: line.number, code: .unexpectedLine,
                    message: "unknown line type '\(other)' (expected move or result)")
            }
        }
        if requireResult && result == nil {
            throw ReplayError(
                line: (lines.last?.number ?? 1) + 1, code: .truncated,
                message: "the log ends after \(moveCount) moves without a result line")
        }
    }

    private static func checkedHeader(_ line: (number: Int, text: Data), game: Game) throws(ReplayError) -> ReplayHeader {
        let type = try ReplayLines.type(of: line)
        guard type == "header" else {
            throw ReplayError(
                line: line.number, code: .unexpectedLine,
                message: "the first line must be the header, found type '\(type)'")
        }
        let header = try ReplayLines.decode(ReplayHeader.self, line: line)
        guard header.format == ReplayHeader.formatName, ReplayHeader.readableVersions.contains(header.version) else {
            throw ReplayError(
                line: line.number, code: .wrongFormat,
                message: "format \(header.format) version \(header.version) is not \(ReplayHeader.formatName) version 1 or 2 (this build reads those)"
            )
        }
        guard header.game == Game.name else {
            throw ReplayError(
                line: line.number, code: .wrongFormat,
                message: "the log is a \(header.game) match, not \(Game.name)")
        }
        guard header.variant == game.variant else {
            throw ReplayError(
                line: line.number, code: .rulesMismatch,
                message: "the log's variant is \(header.variant), the rules loaded are \(game.variant)")
        }
        guard header.rulesVersion == game.rulesVersion, header.rulesHash == game.rulesHash else {
            throw ReplayError(
                line: line.number, code: .rulesMismatch,
                message:
                    "the log was played under rules \(header.rulesHash) version \(header.rulesVersion); this build has \(game.rulesHash) version \(game.rulesVersion)"
            )
        }
        return header
    }

    private mutating func apply(_ entry: ReplayMoveLine<Game.Move>, line: Int, game: Game) throws(ReplayError) {
        guard entry.number == moveCount + 1 else {
            throw ReplayError(
                line: line, code: .wrongMoveNumber,
                message: "move number \(entry.number), expected \(moveCount + 1)")
        }
        guard game.seatsToMove(in: state).contains(entry.seat) else {
            throw ReplayError(line: line, code: .moveRefused, message: "\(entry.seat) may not move now")
        }
        do {
            try game.play(entry.move, by: entry.seat, in: &state)
        } catch {
            throw ReplayError(line: line, code: .moveRefused, message: "\(error.code): \(error.message)")
        }
        moveCount += 1
        let hash = game.stateHash(of: state)
        guard hash == entry.hash else {
            throw ReplayError(
                line: line, code: .hashMismatch,
                message: "state hash after move \(entry.number) is \(hash), the log says \(entry.hash)")
        }
    }

    private func check(_ entry: ReplayResultLine, line: Int, game: Game) throws(ReplayError) {
        let replayed = game.result(of: state)
        if let forfeiter = entry.result.forfeitedBy {
            guard replayed == nil else {
                throw ReplayError(
                    line: line, code: .resultMismatch,
                    message: "the log says \(forfeiter) forfeited, but the rules had already ended the match")
            }
            guard entry.result.winner == forfeiter.opponent, entry.result.reason == MatchResult.forfeitReason else {
                throw ReplayError(
                    line: line, code: .resultMismatch,
                    message: "a forfeit by \(forfeiter) must name \(forfeiter.opponent) the winner with reason '\(MatchResult.forfeitReason)'")
            }
        } else {
            guard let replayed else {
                throw ReplayError(
                    line: line, code: .resultMismatch,
                    message: "the log gives a result but the rules say the match goes on")
            }
            guard replayed == entry.result else {
                throw ReplayError(
                    line: line, code: .resultMismatch,
                    message: "replaying gives \(Self.describe(replayed)), the log says \(Self.describe(entry.result))")
            }
        }
        let hash = game.stateHash(of: state)
        guard hash == entry.hash else {
            throw ReplayError(
                line: line, code: .hashMismatch,
                message: "final state hash is \(hash), the log says \(entry.hash)")
        }
    }

    private static func describe(_ result: MatchResult) -> String {
        let winner = result.winner.map { "\($0) wins" } ?? "a draw"
        return "\(winner) (\(result.reason), \(Game.scoreUnit) \(result.scores.first)/\(result.scores.second))"
    }
}
