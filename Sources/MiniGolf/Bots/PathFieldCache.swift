import Foundation

/// The path fields this process has built, so that loading the same course
/// again (every table, replay and network view of a golf match loads its
/// variant; `duo lint` loads the course dozens of times) does not walk the
/// grid again. A field depends only on the hole's geometry and the ball's
/// radius, so a field found here is the one ``PathField/init(hole:ballRadius:)``
/// would build. At most ``capacity`` fields are kept, the oldest dropped first.
final class PathFieldCache: @unchecked Sendable {  // its one mutable field is behind `lock`
    /// The process's cache.
    static let shared = PathFieldCache()
    /// The most fields kept: a few courses of nine holes.
    static let capacity = 36

    private let lock = NSLock()
    private var fields: [(hole: HoleGeometry, ballRadius: Int64, field: PathField)] = []

    /// The field of `hole` for a ball of `ballRadius`, built when not kept.
    func field(hole: HoleGeometry, ballRadius: Int64) -> PathField {
        if let kept = lock.withLock({ fields.first { $0.ballRadius == ballRadius && $0.hole == hole }?.field }) {
            return kept
        }
        let field = PathField(hole: hole, ballRadius: ballRadius)  // outside the lock: other threads need not wait for it
        lock.withLock {
            if !fields.contains(where: { $0.ballRadius == ballRadius && $0.hole == hole }) {
                if fields.count == Self.capacity { fields.removeFirst() }
                fields.append((hole, ballRadius, field))
            }
        }
        return field
    }

    /// How many fields are kept (for tests).
    var count: Int { lock.withLock { fields.count } }
}
