import DuoSupport

/// What a match starts from: its seed and the seat that moves first.
///
/// The engine, not the game, decides both, so every game gets reproducible
/// randomness and an alternating first seat for free.
@frozen
public struct MatchSetup: Hashable, Sendable, Codable {
    /// The match's own seed: games with chance draw from it, bots are seeded from it.
    public var seed: UInt64
    /// The seat that takes the first turn once play begins.
    public var firstSeat: Seat

    /// Makes a setup from a seed and the first seat.
    @inlinable public init(seed: UInt64, firstSeat: Seat = .first) {
        self.seed = seed
        self.firstSeat = firstSeat
    }

    /// The setup of match `index` of a batch started from `batchSeed`.
    ///
    /// The seed is output `index` of a SplitMix64 stream seeded with
    /// `batchSeed`, so it depends only on (batch seed, index): never on the
    /// number of threads or shards. Seat 0 moves first in even matches and
    /// seat 1 in odd ones, so neither seat has an edge over a batch.
    @inlinable public init(batchSeed: UInt64, matchIndex: Int) {
        self.seed = SplitMix64.output(seed: batchSeed, index: UInt64(matchIndex))
        self.firstSeat = matchIndex % 2 == 0 ? .first : .second
    }

    /// The seed of the bot playing `seat` in this match, independent of the other seat's.
    @inlinable public func botSeed(for seat: Seat) -> UInt64 {
        SplitMix64.output(seed: seed ^ 0xB07_5EED_B07_5EED, index: UInt64(seat.rawValue))
    }
}
