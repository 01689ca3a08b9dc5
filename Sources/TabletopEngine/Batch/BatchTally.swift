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
    /// The winner's shot count of each won match.
    public var shotsToWin = ShotHistogram()

    /// An empty tally.
    public init() {}

    /// Counts one finished match.
    public mutating func record(_ result: MatchResult, setup: MatchSetup, moveCount: Int) {
        games += 1
        moves += moveCount
        if let winner = result.winner {
            wins[winner] += 1
            if winner == setup.firstSeat { firstSeatWins += 1 }
            shotsToWin.add(result.shots[winner])
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
        shotsToWin.merge(other.shotsToWin)
    }
}
