import Foundation

/// The outcomes of strokes already played through the physics, by hole, ball
/// position and stroke: the physics is a pure function of those, so an
/// outcome found here is the one ``ShotSimulator/simulate(from:shot:)`` would
/// compute.
///
/// The engine's search plays the same strokes from the same balls over and
/// over: the other player's ball has not moved under any of the search's
/// own first strokes, so each of its replies is tried once per branch, and
/// likewise the search's next strokes from each ball it reached. Nine in ten
/// strokes of a search move were such repeats; each costs a lookup here
/// instead of a few hundred ticks. A game value and its copies share one
/// memo; at most ``capacity`` outcomes are kept (all dropped when it is full).
final class StrokeMemo: @unchecked Sendable {  // its one mutable field is behind `lock`
    /// The most outcomes kept: a few search moves' worth.
    static let capacity = 1 << 16

    /// A stroke from a ball on a hole.
    struct Key: Hashable {
        var hole: Int
        var ball: CourseVector
        var shot: MiniGolfShot
    }

    private let lock = NSLock()
    private var outcomes: [Key: ShotOutcome] = [:]

    /// The outcome of `shot` from `ball` on hole `hole`, from `simulate` when not kept.
    func outcome(hole: Int, ball: CourseVector, shot: MiniGolfShot, simulate: () -> ShotOutcome) -> ShotOutcome {
        let key = Key(hole: hole, ball: ball, shot: shot)
        if let kept = lock.withLock({ outcomes[key] }) { return kept }
        let outcome = simulate()  // outside the lock: other threads need not wait for the physics
        lock.withLock {
            if outcomes.count >= Self.capacity { outcomes.removeAll(keepingCapacity: true) }
            outcomes[key] = outcome
        }
        return outcome
    }
}
