/// How the `mcts` bot searches: its budget and the bot its rollouts play.
///
/// Named like any bot: `mcts` (1,000 iterations), `mcts:2000` (2,000
/// iterations), `mcts:50ms` (as many iterations as fit in 50 ms: not
/// reproducible, the machine's speed decides), `mcts:2000:density` (2,000
/// iterations, rollouts played by the game's `density` bot, whose move the
/// search keeps unless it finds a clearly better one). A game reads a name
/// with ``DeterminizableGame/searchSettings(botName:)``, the one way, which
/// refuses a malformed budget and a guide the game does not know.
public struct SearchSettings: Hashable, Sendable, CustomStringConvertible {
    /// The name that selects the search bot.
    public static let botName = "mcts"
    /// The iterations of a plain `mcts`.
    public static let defaultIterations = 1_000
    /// The most iterations a name may ask for.
    public static let maximumIterations = 10_000_000

    /// Iterations per move; nil when only time bounds the search.
    public var iterations: Int?
    /// Wall-clock time per move; nil when only iterations bound it.
    public var timeLimit: Duration?
    /// The game bot that plays both seats in rollouts (and whose move the
    /// search keeps unless it finds a clearly better one); nil: the game's
    /// first (weakest) bot, with no such preference.
    public var guide: String?
    /// The exploration constant of the UCB1 selection (rewards are 0...1).
    public var exploration: Double = 0.7

    /// Settings from their parts.
    public init(iterations: Int? = defaultIterations, timeLimit: Duration? = nil, guide: String? = nil) {
        self.iterations = iterations
        self.timeLimit = timeLimit
        self.guide = guide
    }

    /// The settings a bot name asks for, or nil when the name is not a search
    /// bot's (`density`). `known` lists the game's bots for the error. Only
    /// the name's form is checked here: a game reads names with
    /// ``DeterminizableGame/searchSettings(botName:)``, which also checks the guide bot.
    /// - Throws: ``UnknownBotError`` for a malformed `mcts:...` name.
    init?(botName name: String, known: @autoclosure () -> [String]) throws(UnknownBotError) {
        // Most names are not the search's: told apart without splitting (the
        // search's rollouts make their bots by name, two for every rollout).
        guard name.hasPrefix(Self.botName),
            name.utf8.count == Self.botName.utf8.count || name.utf8.dropFirst(Self.botName.utf8.count).first == UInt8(ascii: ":")
        else {
            return nil
        }
        let parts = name.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        guard parts.first == Self.botName else { return nil }
        let usage = known() + ["mcts:ITERATIONS", "mcts:MILLISECONDSms", "mcts:ITERATIONS:BOT"]
        self.init()
        if parts.count >= 2 {
            let budget = parts[1]
            if budget.hasSuffix("ms"), let milliseconds = Int(budget.dropLast(2)), (1...600_000).contains(milliseconds) {
                iterations = nil
                timeLimit = .milliseconds(milliseconds)
            } else if let count = Int(budget), (1...Self.maximumIterations).contains(count) {
                iterations = count
            } else {
                throw UnknownBotError(name: name, known: usage)
            }
        }
        if parts.count == 3 {
            guard !parts[2].isEmpty, !parts[2].hasPrefix(Self.botName) else { throw UnknownBotError(name: name, known: usage) }
            guide = parts[2]
        }
    }

    /// The bot name these settings are read from (`mcts:2000:density`).
    public var description: String {
        var name = Self.botName
        if let iterations {
            name += ":\(iterations)"
        } else if let timeLimit {
            name += ":\(timeLimit.components.seconds * 1000 + timeLimit.components.attoseconds / 1_000_000_000_000_000)ms"
        }
        if let guide { name += ":" + guide }
        return name
    }
}
