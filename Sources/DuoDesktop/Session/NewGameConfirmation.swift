/// New game asked twice: while a match is under way, the first press of N (or
/// of the New game control) only asks, and a second press within
/// ``seconds`` abandons the match. A finished match starts anew at once.
/// Pure, so the rule is tested without a window.
public struct NewGameConfirmation: Sendable, Equatable {
    /// How long the question stands, in seconds.
    public static let seconds = 4.0
    /// What the table says while it asks.
    public static let prompt = "Press N again to abandon this match"

    /// Seconds left to confirm, nil when not asking.
    public private(set) var remaining: Double?

    /// Not asking.
    public init() {}

    /// Whether the question is showing.
    public var isAsking: Bool { remaining != nil }

    /// What one press of New game does.
    public enum Decision: Sendable, Equatable {
        /// Start the next match now (nothing under way).
        case startNow
        /// Ask first: show ``NewGameConfirmation/prompt``.
        case ask
        /// The second press: abandon the match under way and start the next.
        case abandon
    }

    /// One press of New game, with a match under way or not.
    public mutating func press(matchInProgress: Bool) -> Decision {
        guard matchInProgress else {
            remaining = nil
            return .startNow
        }
        if isAsking {
            remaining = nil
            return .abandon
        }
        remaining = Self.seconds
        return .ask
    }

    /// The person did something else: the question goes.
    public mutating func cancel() {
        remaining = nil
    }

    /// Lets time pass: the question lapses after ``seconds``.
    public mutating func advance(by seconds: Double) {
        guard let left = remaining, seconds > 0 else { return }
        remaining = left - seconds > 0 ? left - seconds : nil
    }
}
