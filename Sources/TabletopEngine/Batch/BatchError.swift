/// Why a batch could not run, or shard results could not be merged.
public enum BatchError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A setting is out of range or inconsistent.
    case invalidConfiguration(String)
    /// A bot name the game does not know.
    case unknownBot(UnknownBotError)
    /// A match could not be played to its end (a bug in a bot or the game).
    case matchFailed(index: Int, seed: UInt64, error: MatchError)
    /// A replay file could not be written.
    case replayWriteFailed(path: String, reason: String)
    /// Shard results that do not belong together, or overlap.
    case mergeConflict(String)

    /// One line, for the command line.
    public var description: String {
        switch self {
        case .invalidConfiguration(let message): return message
        case .unknownBot(let error): return error.description
        case .matchFailed(let index, let seed, let error): return "match \(index) (seed \(seed)) failed: \(error)"
        case .replayWriteFailed(let path, let reason): return "cannot write replay \(path): \(reason)"
        case .mergeConflict(let message): return message
        }
    }
}
