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
    /// The same by bot: the matches bot A won (`first`) and those bot B won (`second`).
    public var botScoresToWin = SeatPair(ScoreHistogram(), ScoreHistogram())
    /// The moves of every match (forfeits included).
    public var matchLengths = ScoreHistogram()
    /// Bot A's games won, drawn and lost, and (paired) its pairs by points.
    public var outcomes = OutcomeCounts()
    /// Bot A's outcomes by part of the batch (``BatchConfiguration/trendSegment(ofMatch:)``), for the rating as it grew.
    public var trend: [OutcomeCounts] = []
    /// Matches a broken outside bot forfeited.
    public var forfeits = 0
    /// The shortest and longest wins and the first matches of each kind.
    public var notable = BatchNotableMatches()

    /// An empty tally.
    public init() {}

    /// Counts one finished match: match `index` of the batch, in part
    /// `segment` of its trend; `seatOfA` is where bot A sat.
    @inlinable
    public mutating func record(_ result: MatchResult, setup: MatchSetup, moveCount: Int, seatOfA: Seat = .first, index: Int = 0, segment: Int = 0) {
        games += 1
        moves += moveCount
        matchLengths.add(moveCount)
        let outcome = GameOutcome(winner: result.winner, seatOfA: seatOfA)
        outcomes.add(outcome)
        if segment >= trend.count { trend.append(contentsOf: repeatElement(OutcomeCounts(), count: segment + 1 - trend.count)) }
        trend[segment].add(outcome)
        notable.record(result, setup: setup, moves: moveCount, seatOfA: seatOfA, index: index)
        if let winner = result.winner {
            wins[winner] += 1
            if winner == setup.firstSeat { firstSeatWins += 1 }
            if result.forfeitedBy == nil {
                scoresToWin.add(result.scores[winner])
                if winner == seatOfA {
                    botScoresToWin.first.add(result.scores[winner])
                } else {
                    botScoresToWin.second.add(result.scores[winner])
                }
            } else {
                forfeits += 1
            }
        } else {
            draws += 1
        }
    }

    /// Counts a pair (both of its games were counted with ``record(_:setup:moveCount:seatOfA:index:segment:)``) in `segment`.
    @inlinable
    public mutating func recordPair(_ first: GameOutcome, _ second: GameOutcome, segment: Int) {
        outcomes.addPair(first, second)
        if segment >= trend.count { trend.append(contentsOf: repeatElement(OutcomeCounts(), count: segment + 1 - trend.count)) }
        trend[segment].addPair(first, second)
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
        botScoresToWin.first.merge(other.botScoresToWin.first)
        botScoresToWin.second.merge(other.botScoresToWin.second)
        matchLengths.merge(other.matchLengths)
        outcomes.merge(other.outcomes)
        if other.trend.count > trend.count { trend.append(contentsOf: repeatElement(OutcomeCounts(), count: other.trend.count - trend.count)) }
        for (segment, counts) in other.trend.enumerated() { trend[segment].merge(counts) }
        forfeits += other.forfeits
        notable.merge(other.notable)
    }
}
