/// The last line of a replay: the result and the hash of the final state.
public struct ReplayResultLine: Codable, Equatable, Sendable, ReplayLine {
    /// How the match ended.
    public var result: MatchResult
    /// The hash of the final state.
    public var hash: StableHash

    /// Makes a result line.
    public init(result: MatchResult, hash: StableHash) {
        self.result = result
        self.hash = hash
    }

    enum CodingKeys: String, CodingKey { case type, winner, reason, shots, forfeitedBy, hash }

    /// Decodes a result line; `type` must be `result`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        guard type == "result" else {
            throw DecodingError.dataCorruptedError(forKey: .type, in: container,
                                                   debugDescription: "expected a result line, found type '\(type)'")
        }
        var result = MatchResult(
            winner: try container.decodeIfPresent(Seat.self, forKey: .winner),
            reason: try container.decode(String.self, forKey: .reason),
            shots: try container.decode(SeatPair<Int>.self, forKey: .shots))
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
        object.add("shots", result.shots)
        if let forfeiter = result.forfeitedBy { object.add("forfeitedBy", forfeiter) }
        object.add("hash", hash)
    }

    /// Encodes the line's fields (key order is the encoder's; replays use ``write(to:)``).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("result", forKey: .type)
        try container.encode(result.winner, forKey: .winner)
        try container.encode(result.reason, forKey: .reason)
        try container.encode(result.shots, forKey: .shots)
        try container.encodeIfPresent(result.forfeitedBy, forKey: .forfeitedBy)
        try container.encode(hash, forKey: .hash)
    }
}
