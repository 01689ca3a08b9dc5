import DuoArguments
import DuoPlatform
import Foundation
import TabletopEngine

/// Finding the assets and loading a game variant, with the command-line's
/// error rules: a name the user typed wrong is a usage error (exit 2), a
/// missing or broken data file is a run-time failure (exit 1).
enum GameLoading {
    static let tool = DuoServerCommand.tool

    /// The `Assets/` folder, or exit 1 naming the places searched.
    static func assets() -> URL {
        do {
            return try AssetLocator.standard().directory()
        } catch {
            CommandExit.failure(error.description, tool: tool)
        }
    }

    /// The variant `variant` of game `name`, or exit with the right status.
    static func load(game name: String, from games: GameCatalog, variant: String?, assets: URL) -> AnyGame {
        let entry: GameCatalogEntry
        do {
            entry = try games.entry(named: name)
        } catch {
            CommandExit.usage("--game: \(error)", tool: tool)
        }
        do {
            return try entry.load(variant: variant, assets: assets)
        } catch {
            if case .unknownVariant = error { CommandExit.usage("--variant: \(error)", tool: tool) }
            CommandExit.failure(error.description, tool: tool)
        }
    }

    /// The games, variants and bots available, for `--help`.
    static func listing(_ games: GameCatalog) -> String {
        let assets = try? AssetLocator.standard().directory()
        return games.entries.map { entry in
            var line = "  \(entry.name): \(entry.summary)"
            if let assets, let game = try? entry.load(assets: assets) {
                let variants = entry.variants(in: assets)
                line += "\n    variants: \(variants.joined(separator: ", ")) (default \(entry.defaultVariant))"
                line += "\n    bots: \(game.botNames.joined(separator: ", "))"
            }
            return line
        }.joined(separator: "\n")
    }
}
