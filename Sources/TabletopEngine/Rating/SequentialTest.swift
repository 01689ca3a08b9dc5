/// A running SPRT: fed one sample at a time in match-index order (a game, or
/// a pair when paired), it says when the log-likelihood ratio has crossed a
/// bound. Being fed in index order, the stop falls at the same index however
/// many threads or shards played the matches.
///
/// The ratio is the generalised SPRT's normal approximation (as chess-engine
/// testers use it): for samples of mean x̄ and variance σ² over N samples,
/// `LLR = N (s1 - s0) (2 x̄ - s0 - s1) / (2 σ²)`, where s0 and s1 are the
/// expected scores of elo0 and elo1. The mean and variance are taken with
/// half a sample added at each extreme (a loss and a win, or the worst and
/// best pair), so the first few games of a one-sided match do not give a
/// zero variance and an instant verdict.
public struct SequentialTest: Equatable, Sendable {
    /// What the test has concluded.
    public enum Verdict: String, Sendable, Codable, Equatable {
        /// A is elo1 stronger (the LLR reached the upper bound).
        case h1 = "H1"
        /// A is elo0 stronger (the LLR reached the lower bound).
        case h0 = "H0"
        /// Neither bound was reached before the batch ran out.
        case undecided
    }

    /// The hypotheses and error rates.
    public let settings: SPRTSettings
    /// The samples so far.
    public private(set) var counts = OutcomeCounts()
    /// Whether the samples are pairs.
    public let paired: Bool
    /// The verdict so far (`undecided` until a bound is crossed; then fixed).
    public private(set) var verdict = Verdict.undecided
    /// The log-likelihood ratio after the last sample.
    public private(set) var llr = 0.0

    /// A test with no samples.
    public init(settings: SPRTSettings, paired: Bool) {
        self.settings = settings
        self.paired = paired
    }

    /// Adds one game (unpaired) and returns whether the test has decided.
    public mutating func add(_ outcome: GameOutcome) -> Bool {
        counts.add(outcome)
        return update()
    }

    /// Adds one pair and returns whether the test has decided.
    public mutating func addPair(_ first: GameOutcome, _ second: GameOutcome) -> Bool {
        counts.add(first)
        counts.add(second)
        counts.addPair(first, second)
        return update()
    }

    private mutating func update() -> Bool {
        guard verdict == .undecided else { return true }
        llr = Self.llr(counts, paired: paired, settings: settings)
        if llr >= settings.upperBound {
            verdict = .h1
        } else if llr <= settings.lowerBound {
            verdict = .h0
        }
        return verdict != .undecided
    }

    /// The log-likelihood ratio of `counts`. Allocates nothing: a batch
    /// computes it after every game (or pair).
    public static func llr(_ counts: OutcomeCounts, paired: Bool, settings: SPRTSettings) -> Double {
        // Sample values and their counts: A's share of a pair's points (0, 1/4 ... 1), or of a game's (0, 1/2, 1).
        let usesPairs = counts.pairs > 0
        let categories = usesPairs ? 5 : 3
        func value(_ index: Int) -> Double { usesPairs ? Double(index) / 4 : Double(index) / 2 }
        func count(_ index: Int) -> Double {
            usesPairs ? Double(counts.pentanomial[index]) : Double(counts.trinomial[2 - index])
        }
        var n = 0.0
        for index in 0..<categories { n += count(index) }
        guard n > 0 else { return 0 }
        // Half a sample at each extreme: see the type's comment.
        func weight(_ index: Int) -> Double { count(index) + (index == 0 || index == categories - 1 ? 0.5 : 0) }
        var total = 0.0
        var sum = 0.0
        for index in 0..<categories {
            total += weight(index)
            sum += value(index) * weight(index)
        }
        let mean = sum / total
        var squares = 0.0
        for index in 0..<categories { squares += (value(index) - mean) * (value(index) - mean) * weight(index) }
        let variance = squares / total
        let s0 = Rating.score(ofElo: settings.elo0)
        let s1 = Rating.score(ofElo: settings.elo1)
        return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)
    }

    /// Runs a test over `outcomes` in order (pairs of consecutive games when
    /// `paired`) and returns it with the number of games it used: all of them
    /// when undecided, else up to the sample that decided.
    public static func run(_ outcomes: [GameOutcome], paired: Bool, settings: SPRTSettings) -> (test: SequentialTest, games: Int) {
        var test = SequentialTest(settings: settings, paired: paired)
        var used = 0
        if paired {
            var index = 0
            while index + 1 < outcomes.count {
                used += 2
                if test.addPair(outcomes[index], outcomes[index + 1]) { break }
                index += 2
            }
        } else {
            for outcome in outcomes {
                used += 1
                if test.add(outcome) { break }
            }
        }
        return (test, used)
    }
}
