import Foundation

/// One game of a catalog: its name, and how to load a variant of it from
/// `Assets/games/<name>/<variant>.json` into an ``AnyGame``.
public struct GameCatalogEntry: Sendable {
    /// The game's name.
    public let name: String
    /// One sentence saying what the game is.
    public let summary: String
    /// The variant played when none is named.
    public let defaultVariant: String
    /// The game's type, for tools that need what only some games declare
    /// (a headless HUD: ``HUDGame``).
    public let gameType: any LoadableGame.Type
    @usableFromInline let loader: @Sendable (_ variant: String, _ data: Data) throws(GameDataError) -> AnyGame

    /// The entry of `Game`. Call it from the game's own module (as
    /// `static let catalogEntry`): the engine's generic batch code is then
    /// compiled for that game there, with no dynamic dispatch in its loop.
    @inlinable
    public init<Game: LoadableGame>(_ type: Game.Type) {
        name = Game.name
        summary = Game.summary
        defaultVariant = Game.defaultVariant
        gameType = Game.self
        loader = { variant, data throws(GameDataError) in AnyGame(try Game(variant: variant, rulesData: data)) }
    }

    /// The folder of the game's variant files under an `Assets/` folder.
    public func folder(in assets: URL) -> URL {
        assets.appendingPathComponent("games", isDirectory: true).appendingPathComponent(name, isDirectory: true)
    }

    /// The variants found in `assets`, sorted by name.
    public func variants(in assets: URL) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder(in: assets).path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// Loads `variant` (the default when nil) from its file under `assets`.
    /// - Throws: ``CatalogError`` for a missing, unreadable or invalid file.
    public func load(variant: String? = nil, assets: URL) throws(CatalogError) -> AnyGame {
        let variant = variant ?? defaultVariant
        let folder = folder(in: assets)
        let file = folder.appendingPathComponent(variant + ".json")
        guard !variant.isEmpty, !variant.contains("/"), FileManager.default.fileExists(atPath: file.path) else {
            throw .unknownVariant(game: name, variant: variant, known: variants(in: assets), folder: folder.path)
        }
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw .unreadable(file: file.path, reason: error.localizedDescription)
        }
        do {
            return try loader(variant, data)
        } catch {
            throw .invalidRules(file: file.path, error: error)
        }
    }

    /// Loads `variant` from rules bytes already in hand (tests, a server's stored copy).
    /// - Throws: ``GameDataError`` naming the bad field.
    public func load(variant: String, rulesData: Data) throws(GameDataError) -> AnyGame {
        try loader(variant, rulesData)
    }
}
