/// What a shell offers when completing an option's value or a positional
/// word: the completion scripts (``CompletionScript``) are generated from it.
///
/// An option whose declaration says nothing gets ``OptionSpec/defaultCompletion``:
/// its choices, or files and folders by its placeholder (`FILE`, `DIR`).
/// A program adds what only it knows by option name (``ProgramDeclaration/completions``:
/// the registered games, each game's bots).
public indirect enum ValueCompletion: Sendable, Equatable {
    /// Nothing to offer: a number, a name the user makes up, an address.
    case anything
    /// File names (folders too, to reach the file).
    case files
    /// Folder names.
    case directories
    /// These words.
    case words([String])
    /// Words that depend on the value of another option of the same command
    /// line (`--bot` on `--game`): the list for that value, `fallback` when the
    /// option is absent or names none of `cases`.
    case dependingOn(option: String, cases: [String: [String]], fallback: [String])
    /// A list of values joined by `separator` (`--bots A,B`), each completing as `item` does;
    /// at most `limit` of them when it is given (`--bots` takes two).
    case list(separator: Character, item: ValueCompletion, limit: Int? = nil)

    /// Every word this completion may offer (files and folders aside), for tests and for shells
    /// that complete from one fixed list.
    public var allWords: [String] {
        switch self {
        case .anything, .files, .directories: []
        case .words(let words): words
        case .dependingOn(_, let cases, let fallback):
            cases.keys.sorted().flatMap { cases[$0] ?? [] }.reduce(into: fallback) { if !$0.contains($1) { $0.append($1) } }
        case .list(_, let item, _): item.allWords
        }
    }
}
