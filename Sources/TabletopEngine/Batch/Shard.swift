/// One part of a batch split over several runs (machines, CI jobs): shard
/// `index` of `count`, with `index` counting from 0 (as a Kubernetes Indexed
/// Job's `JOB_COMPLETION_INDEX` does).
///
/// Shard `i` of `n` plays the matches `i * games / n ..< (i + 1) * games / n`
/// of the batch; every match keeps the seed it has in the whole batch, so the
/// shards' results merge into exactly the unsharded totals.
public struct Shard: Hashable, Codable, Sendable, CustomStringConvertible {
    /// Which part, from 0 to `count - 1`.
    public let index: Int
    /// How many parts.
    public let count: Int

    /// The whole batch as one shard.
    public static let whole = Shard(uncheckedIndex: 0, count: 1)

    /// Makes shard `index` of `count`.
    /// - Throws: ``BatchError`` when `count` < 1 or `index` is outside `0..<count`.
    public init(index: Int, count: Int) throws(BatchError) {
        guard count >= 1, (0..<count).contains(index) else {
            throw BatchError.invalidConfiguration("shard \(index)/\(count) is not a shard: need 0 <= i < n")
        }
        self.index = index
        self.count = count
    }

    init(uncheckedIndex index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Parses `i/n`, as `--shard` takes it.
    /// - Throws: ``BatchError`` naming the text when it is not `i/n` with 0 <= i < n.
    public init(parsing text: String) throws(BatchError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw BatchError.invalidConfiguration("shard '\(text)' must be i/n, e.g. 0/4")
        }
        try self.init(index: index, count: count)
    }

    /// The indices of the batch's matches this shard plays.
    @inlinable public func matchRange(ofBatch games: Int) -> Range<Int> {
        let lower = games * index / count
        let upper = games * (index + 1) / count
        return lower..<upper
    }

    /// "i/n".
    public var description: String { "\(index)/\(count)" }
}
