/// The counts a batch adds up: integers only, so the sum is the same in any
/// order, which is what makes results independent of threads and shards.
public struct BatchTally: Equatable, Sendable {
    /// Matches played.
    public var games = 0
    /// Matches won by each seat.
    public var wins = SeatPair(0, 0)
    /// Matches drawn.
    public var draws = 0
    /// Matches won by the seat that moved first.
    public var firstSeatWins = 0
    /// Moves made, over all matches.
    public var moves = 0
    /// The winner's score of each match won by the rules (forfeits are not counted).
    public var scoresToWin = ScoreHistogram()
    /// Bot A's games won, drawn and lost, and (paired) its pairs by points.
    public var outcomes = OutcomeCounts()
    /// Matches a broken outside bot forfeited.
    public var forfeits = 0

    /// An empty tally.
    public init() {}

    /// Counts one finished match; `seatOfA` is where bot A sat.
    @inlinable
    public mutating func record(_ result: MatchResult, setup: MatchSetup, moveCount: Int, seatOfA: Seat = .first) {
        games += 1
        moves += moveCount
        outcomes.add(GameOutcome(winner: result.winner, seatOfA: seatOfA))
        if let winner = result.winner {
            wins[winner] += 1
            if winner == setup.firstSeat { firstSeatWins += 1 }
            if result.forfeitedBy == nil {
                scoresToWin.add(result.scores[winner])
            } else {
                forfeits += 1
            }
        } else {
            draws += 1
        }
    }

    /// Adds every count of `other`.
    public mutating func merge(_ other: BatchTally) {
        games += other.games
        wins.first += other.wins.first
        wins.second += other.wins.second
        draws += other.draws
        firstSeatWins += other.firstSeatWins
        moves += other.moves
        scoresToWin.merge(other.scoresToWin)
        outcomes.merge(other.outcomes)
        forfeits += other.forfeits
    }
}
