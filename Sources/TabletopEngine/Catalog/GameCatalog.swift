import Foundation

/// The games a program knows, looked up by name (`--game NAME`).
///
/// The engine knows no game: a program builds its catalog from the games it
/// links (see the `DuoGames` module), so adding a game touches no engine code.
public struct GameCatalog: Sendable {
    /// The games, the default first.
    public let entries: [GameCatalogEntry]

    /// A catalog of `entries`; the first is the default game.
    public init(_ entries: [GameCatalogEntry]) {
        precondition(!entries.isEmpty, "a catalog needs at least one game")
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
