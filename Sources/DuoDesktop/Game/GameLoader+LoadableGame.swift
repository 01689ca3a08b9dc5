import DuoPlatform
import Foundation
import TabletopEngine

extension GameLoader {
    /// Any game's variant `variant` from `Assets/games/<name>/<variant>.json`,
    /// with every failure a ``DesktopError`` naming the file and the fix.
    public static func game<Game: LoadableGame>(_ type: Game.Type, variant: String,
                                                 locator: AssetLocator = .standard()) throws(DesktopError) -> Game {
        let folder = "games/\(Game.name)"
        let url: URL
        do {
            url = try locator.url(for: "\(folder)/\(variant).json")
        } catch {
            let directory = try? locator.url(for: folder)
            let known = directory.flatMap { try? FileManager.default.contentsOfDirectory(atPath: $0.path) }?
                .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted() ?? []
            throw DesktopError(
                cause: "the \(Game.name) variant '\(variant)' is missing (\(error))",
                fix: known.isEmpty ? "run duo from the package folder or set DUO_ASSETS to its Assets folder"
                                   : "choose one of: \(known.joined(separator: ", "))")
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw DesktopError(cause: "cannot read \(url.path) (\(error.localizedDescription))", fix: "check the file's permissions")
        }
        do {
            return try Game(variant: variant, rulesData: data)
        } catch {
            throw DesktopError(cause: "\(url.path): \(error)", fix: "correct the rules file")
        }
    }
}
