/// The last line of a replay: the result and the hash of the final state.
public struct ReplayResultLine: Decodable, Equatable, Sendable, ReplayLine {
    /// How the match ended.
    public var result: MatchResult
    /// The hash of the final state.
    public var hash: StableHash

    /// Makes a result line.
    public init(result: MatchResult, hash: StableHash) {
        self.result = result
        self.hash = hash
    }

    enum CodingKeys: String, CodingKey { case type, winner, reason, scores, shots, forfeitedBy, hash }

    /// Decodes a result line; `type` must be `result`; `scores` may be `shots` (version 1).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try ReplayLines.expectType("result", in: container, forKey: .type)
        var result = MatchResult(
            winner: try container.decodeIfPresent(Seat.self, forKey: .winner),
            reason: try container.decode(String.self, forKey: .reason),
            // Version 1 files (older builds) named the scores `shots`.
            scores: try container.decode(SeatPair<Int>.self, forKey: container.contains(.scores) ? .scores : .shots))
        result.forfeitedBy = try container.decodeIfPresent(Seat.self, forKey: .forfeitedBy)
        self.result = result
        hash = try container.decode(StableHash.self, forKey: .hash)
    }

    /// Writes the line with `type` first, in the documented key order;
    /// `winner` is `null` for a draw, `forfeitedBy` appears only when a host ended the match.
    public func write(to object: inout OrderedJSONObject) {
        object.add("type", "result")
        object.add("winner", result.winner)
        object.add("reason", result.reason)
        object.add("scores", result.scores)
        if let forfeiter = result.forfeitedBy { object.add("forfeitedBy", forfeiter) }
        object.add("hash", hash)
    }
}
