import Foundation

/// The games a program knows, looked up by name (`--game NAME`).
///
/// The engine knows no game: a program builds its catalog from the games it
/// registers (the engine's own in the `DuoGames` module; a game's own package
/// in its `main.swift`), so adding a game touches no engine code.
public struct GameCatalog: Sendable {
    /// The games, the default first.
    public let entries: [GameCatalogEntry]

    /// A catalog of `entries`; the first is the default game.
    public init(_ entries: [GameCatalogEntry]) {
        precondition(!entries.isEmpty, "a catalog needs at least one game")
        self.entries = entries
    }

    /// A catalog of the games a program registers (the first is the default),
    /// checked: two games with one name, or none, is an error to report at start-up.
    /// - Throws: ``CatalogError/duplicateGame(name:)`` or ``CatalogError/noGames``.
    public init(registering entries: [GameCatalogEntry]) throws(CatalogError) {
        guard !entries.isEmpty else { throw .noGames }
        var seen = Set<String>()
        for entry in entries where !seen.insert(entry.name).inserted {
            throw .duplicateGame(name: entry.name)
        }
        self.entries = entries
    }

    /// The game played when none is named.
    public var defaultGame: String { entries[0].name }

    /// The names of all games.
    public var names: [String] { entries.map(\.name) }

    /// The game called `name`.
    /// - Throws: ``CatalogError/unknownGame(name:known:)`` listing the known names.
    public func entry(named name: String) throws(CatalogError) -> GameCatalogEntry {
        guard let entry = entries.first(where: { $0.name == name }) else {
            throw .unknownGame(name: name, known: names)
        }
        return entry
    }

    /// Loads the game named in a replay's header, with the variant it names.
    /// - Throws: ``CatalogError`` when the game or variant is unknown here.
    public func game(for header: ReplayHeader, assets: URL) throws(CatalogError) -> AnyGame {
        try entry(named: header.game).load(variant: header.variant, assets: assets)
    }
}
