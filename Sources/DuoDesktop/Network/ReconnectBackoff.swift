import Foundation

/// How long to wait before each new attempt to reach the server: doubling
/// from a short first delay up to a ceiling, with a random share added so
/// many clients dropped by the same server restart do not all knock at the
/// same instant, and a limit after which the client stops and asks.
public struct ReconnectBackoff: Sendable, Hashable {
    /// The wait after the first failure, in seconds.
    public var firstDelay: Double
    /// How much each further failure multiplies the wait.
    public var factor: Double
    /// The longest wait, in seconds.
    public var maximumDelay: Double
    /// The largest random share added to a wait (0.2: up to 20% more).
    public var jitter: Double
    /// Failed attempts in a row after which the client gives up (nil: never).
    public var attemptLimit: Int?

    /// 0.5 s, doubling up to 8 s, up to 20% jitter, giving up after 12 failures
    /// in a row (about a minute and a half without the server).
    public static let standard = ReconnectBackoff(firstDelay: 0.5, factor: 2, maximumDelay: 8, jitter: 0.2, attemptLimit: 12)

    /// A backoff from its parts.
    public init(firstDelay: Double, factor: Double, maximumDelay: Double, jitter: Double, attemptLimit: Int?) {
        self.firstDelay = firstDelay
        self.factor = factor
        self.maximumDelay = maximumDelay
        self.jitter = jitter
        self.attemptLimit = attemptLimit
    }

    /// The wait after `failures` failed attempts in a row (1 or more), with
    /// `random` in 0..<1 choosing the jitter.
    public func delay(afterFailures failures: Int, random: Double) -> Double {
        let exponent = Double(max(0, failures - 1))
        let base = min(maximumDelay, firstDelay * pow(factor, exponent))
        return base * (1 + jitter * min(max(random, 0), 1))
    }

    /// Whether `failures` failed attempts in a row are too many to go on.
    public func givesUp(after failures: Int) -> Bool {
        attemptLimit.map { failures >= $0 } ?? false
    }
}
