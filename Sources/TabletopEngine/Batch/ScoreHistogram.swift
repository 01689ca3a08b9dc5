/// How often each winner's score won a match (in the game's unit: shots,
/// strokes): the exact counts, so that shard histograms add up to the
/// unsharded one.
///
/// Encoded as `{"matches", "total", "min", "max", "counts": [[score, matches], ...]}`
/// with only the non-zero counts, in increasing score order.
public struct ScoreHistogram: Equatable, Sendable, Codable {
    /// `counts[s]` matches were won with score `s` (dense: index = score).
    public private(set) var counts: [Int] = []
    /// Matches counted.
    public private(set) var matches = 0
    /// Sum of the scores.
    public private(set) var total = 0

    /// An empty histogram.
    public init() {}

    /// Counts `times` matches won with score `score` each.
    public mutating func add(_ score: Int, times: Int = 1) {
        let value = max(0, score)
        if value >= counts.count { counts.append(contentsOf: repeatElement(0, count: value + 1 - counts.count)) }
        counts[value] += times
        matches += times
        total += value * times
    }

    /// Adds every count of `other`.
    public mutating func merge(_ other: ScoreHistogram) {
        if other.counts.count > counts.count {
            counts.append(contentsOf: repeatElement(0, count: other.counts.count - counts.count))
        }
        for (score, count) in other.counts.enumerated() { counts[score] += count }
        matches += other.matches
        total += other.total
    }

    /// The mean, or nil when empty.
    public var mean: Double? { matches == 0 ? nil : Double(total) / Double(matches) }
    /// The lowest winning score, or nil when empty.
    public var minimum: Int? { counts.firstIndex { $0 > 0 } }
    /// The highest winning score, or nil when empty.
    public var maximum: Int? { counts.lastIndex { $0 > 0 } }
    /// The non-zero (score, matches) pairs in increasing score order.
    public var entries: [(score: Int, matches: Int)] {
        counts.enumerated().filter { $0.element > 0 }.map { ($0.offset, $0.element) }
    }

    enum CodingKeys: String, CodingKey { case matches, total, min, max, counts }

    /// Decodes the sparse form, checking that the totals agree with the counts.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let pairs = try container.decode([[Int]].self, forKey: .counts)
        for pair in pairs {
            guard pair.count == 2, pair[0] >= 0, pair[1] > 0, pair[0] < 1 << 20 else {
                throw DecodingError.dataCorruptedError(
                    forKey: .counts, in: container,
                    debugDescription: "each count must be [score, matches] with matches > 0")
            }
            add(pair[0], times: pair[1])
        }
        let matches = try container.decode(Int.self, forKey: .matches)
        let total = try container.decode(Int.self, forKey: .total)
        guard matches == self.matches, total == self.total else {
            throw DecodingError.dataCorruptedError(
                forKey: .counts, in: container,
                debugDescription: "counts add up to \(self.matches) matches and a total of \(self.total), not \(matches) and \(total)")
        }
    }

    /// Encodes the sparse form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(matches, forKey: .matches)
        try container.encode(total, forKey: .total)
        try container.encode(minimum, forKey: .min)
        try container.encode(maximum, forKey: .max)
        try container.encode(entries.map { [$0.score, $0.matches] }, forKey: .counts)
    }
}
