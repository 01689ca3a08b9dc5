import Foundation

/// The hypotheses and error rates of a sequential probability ratio test
/// (`--sprt elo0=0,elo1=10,alpha=0.05,beta=0.05`): H0 says A is `elo0`
/// stronger than B, H1 says `elo1`; `alpha` is the chance of accepting H1
/// when H0 holds, `beta` of accepting H0 when H1 holds.
public struct SPRTSettings: Equatable, Sendable, Codable {
    /// The Elo difference of H0.
    public var elo0: Double
    /// The Elo difference of H1 (above `elo0`).
    public var elo1: Double
    /// The false-positive rate, 0 < alpha < 0.5.
    public var alpha: Double
    /// The false-negative rate, 0 < beta < 0.5.
    public var beta: Double

    /// Makes checked settings.
    /// - Throws: ``BatchError/invalidConfiguration(_:)`` naming the bad value.
    public init(elo0: Double = 0, elo1: Double = 10, alpha: Double = 0.05, beta: Double = 0.05) throws(BatchError) {
        guard elo0.isFinite, elo1.isFinite, elo0 < elo1, elo1 - elo0 <= 2 * Rating.eloLimit else {
            throw .invalidConfiguration("sprt: elo0 must be below elo1 (finite Elo), not \(elo0) and \(elo1)")
        }
        for (name, value) in [("alpha", alpha), ("beta", beta)] where !(value > 0 && value < 0.5) {
            throw .invalidConfiguration("sprt: \(name) must be a rate between 0 and 0.5 (exclusive), not \(value)")
        }
        self.elo0 = elo0
        self.elo1 = elo1
        self.alpha = alpha
        self.beta = beta
    }

    /// Parses `elo0=0,elo1=10,alpha=0.05,beta=0.05`; any key left out keeps
    /// its default (0, 10, 0.05, 0.05).
    /// - Throws: ``BatchError/invalidConfiguration(_:)`` naming the bad part.
    public init(parsing text: String) throws(BatchError) {
        var values = ["elo0": 0.0, "elo1": 10.0, "alpha": 0.05, "beta": 0.05]
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2, values[String(pair[0])] != nil, let number = Double(pair[1]) else {
                throw .invalidConfiguration(
                    "sprt: '\(part)' is not KEY=NUMBER with KEY elo0, elo1, alpha or beta "
                        + "(e.g. elo0=0,elo1=10,alpha=0.05,beta=0.05)")
            }
            values[String(pair[0])] = number
        }
        try self.init(elo0: values["elo0"]!, elo1: values["elo1"]!, alpha: values["alpha"]!, beta: values["beta"]!)
    }

    /// The log-likelihood ratio at or below which H0 is accepted: ln(beta / (1 - alpha)).
    public var lowerBound: Double { log(beta / (1 - alpha)) }
    /// The log-likelihood ratio at or above which H1 is accepted: ln((1 - beta) / alpha).
    public var upperBound: Double { log((1 - beta) / alpha) }

    /// "elo0=0,elo1=10,alpha=0.05,beta=0.05".
    public var text: String {
        func format(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
        }
        return "elo0=\(format(elo0)),elo1=\(format(elo1)),alpha=\(format(alpha)),beta=\(format(beta))"
    }
}
