/// Why a game or one of its variants could not be found or loaded.
public enum CatalogError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No game has this name.
    case unknownGame(name: String, known: [String])
    /// The game has no variant file of this name.
    case unknownVariant(game: String, variant: String, known: [String], folder: String)
    /// The variant file exists but cannot be read.
    case unreadable(file: String, reason: String)
    /// The variant file's data is not valid rules.
    case invalidRules(file: String, error: GameDataError)
    /// Two games were registered under one name.
    case duplicateGame(name: String)
    /// No game was registered.
    case noGames

    /// One line, for the command line.
    public var description: String {
        switch self {
        case .unknownGame(let name, let known):
            return "unknown game '\(name)' (known: \(known.joined(separator: ", ")))"
        case .unknownVariant(let game, let variant, let known, let folder):
            let list = known.isEmpty ? "none found in \(folder)" : known.joined(separator: ", ")
            return "\(game) has no variant '\(variant)' (known: \(list))"
        case .unreadable(let file, let reason):
            return "cannot read \(file): \(reason)"
        case .invalidRules(let file, let error):
            return "\(file): \(error)"
        case .duplicateGame(let name):
            return "two games are registered as '\(name)': each game needs a name of its own"
        case .noGames:
            return "no game is registered: a program runs at least one"
        }
    }
}
