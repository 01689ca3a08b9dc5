/// The matches of a batch worth a look, found while it is tallied (so shards
/// merge to the unsharded batch's, whatever the threads): the shortest and
/// the longest win by the rules, and the first few matches of each kind
/// (won by A, by B, drawn, won by each seat, by the first or second mover),
/// which a report shows for an expectation that failed.
public struct BatchNotableMatches: Codable, Equatable, Sendable {
    /// A match and its length.
    public struct Mark: Codable, Equatable, Sendable {
        /// The match's index in the batch.
        public var match: Int
        /// Its moves.
        public var moves: Int

        /// Makes a mark.
        @inlinable public init(match: Int, moves: Int) {
            self.match = match
            self.moves = moves
        }
    }

    /// What a match was, for ``BatchNotableMatches/first(_:)``.
    public enum Kind: String, Codable, CaseIterable, Sendable {
        /// Bot A won.
        case wonByA
        /// Bot B won.
        case wonByB
        /// Nobody won.
        case drawn
        /// Seat 0 won.
        case wonBySeat0
        /// Seat 1 won.
        case wonBySeat1
        /// The seat that moved first won.
        case wonByFirstMover
        /// The seat that moved second won.
        case wonBySecondMover
    }

    /// How many matches of each kind are kept.
    public static let kept = 3

    /// The win by the rules in the fewest moves (the lowest index among equals).
    public var shortestWin: Mark?
    /// The win by the rules in the most moves (the lowest index among equals).
    public var longestWin: Mark?
    /// The lowest match indices of each kind (up to ``kept``, in increasing order), by ``Kind``'s order.
    @usableFromInline var lists: [[Int]] = Array(repeating: [], count: Kind.allCases.count)

    /// None yet.
    public init() {}

    /// Notes match `index`, of `moves` moves, with bot A in `seatOfA`.
    @inlinable
    public mutating func record(_ result: MatchResult, setup: MatchSetup, moves: Int, seatOfA: Seat, index: Int) {
        guard let winner = result.winner else {
            note(.drawn, index)
            return
        }
        note(winner == seatOfA ? .wonByA : .wonByB, index)
        note(winner == .first ? .wonBySeat0 : .wonBySeat1, index)
        note(winner == setup.firstSeat ? .wonByFirstMover : .wonBySecondMover, index)
        guard result.forfeitedBy == nil else { return }
        if shortestWin.map({ (moves, index) < ($0.moves, $0.match) }) ?? true { shortestWin = Mark(match: index, moves: moves) }
        if longestWin.map({ moves > $0.moves || (moves == $0.moves && index < $0.match) }) ?? true { longestWin = Mark(match: index, moves: moves) }
    }

    @usableFromInline
    mutating func note(_ kind: Kind, _ index: Int) {
        let slot = kind.slot
        // Within a chunk indices only grow: once full, a list takes nothing more (one comparison a match).
        if lists[slot].count == Self.kept, index >= lists[slot][Self.kept - 1] { return }
        lists[slot].append(index)
        lists[slot].sort()
        if lists[slot].count > Self.kept { lists[slot].removeLast() }
    }

    /// The matches of `kind` kept: its lowest indices, in increasing order.
    public func first(_ kind: Kind) -> [Int] { lists[kind.slot] }

    /// Combines the notes of two parts of a batch.
    public mutating func merge(_ other: BatchNotableMatches) {
        if let mark = other.shortestWin, shortestWin.map({ (mark.moves, mark.match) < ($0.moves, $0.match) }) ?? true { shortestWin = mark }
        if let mark = other.longestWin, longestWin.map({ mark.moves > $0.moves || (mark.moves == $0.moves && mark.match < $0.match) }) ?? true {
            longestWin = mark
        }
        for slot in lists.indices {
            lists[slot] = Array(Set(lists[slot] + other.lists[slot]).sorted().prefix(Self.kept))
        }
    }

    enum CodingKeys: String, CodingKey { case shortestWin, longestWin, first }

    /// Reads `shortestWin`, `longestWin` and `first` (an object from kind to match indices).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        shortestWin = try container.decodeIfPresent(Mark.self, forKey: .shortestWin)
        longestWin = try container.decodeIfPresent(Mark.self, forKey: .longestWin)
        let first = try container.decode([String: [Int]].self, forKey: .first)
        for (name, indices) in first {
            guard let kind = Kind(rawValue: name), indices.count <= Self.kept, indices == indices.sorted(), indices.allSatisfy({ $0 >= 0 }) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .first, in: container, debugDescription: "'\(name)': not a kind of match with at most \(Self.kept) match indices in order"
                )
            }
            lists[kind.slot] = indices
        }
    }

    /// Writes `first` as an object with a key per kind that has matches.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(shortestWin, forKey: .shortestWin)
        try container.encodeIfPresent(longestWin, forKey: .longestWin)
        var first: [String: [Int]] = [:]
        for kind in Kind.allCases where !lists[kind.slot].isEmpty { first[kind.rawValue] = lists[kind.slot] }
        try container.encode(first, forKey: .first)
    }
}

extension BatchNotableMatches.Kind {
    /// Its position in the lists.
    @inlinable var slot: Int {
        switch self {
        case .wonByA: 0
        case .wonByB: 1
        case .drawn: 2
        case .wonBySeat0: 3
        case .wonBySeat1: 4
        case .wonByFirstMover: 5
        case .wonBySecondMover: 6
        }
    }
}
