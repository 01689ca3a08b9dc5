import DuoPlatform
import Foundation
import TabletopEngine

/// Loads what the desktop needs from `Assets/`: any game's variants and the
/// device profiles, turning every failure into a ``DesktopError`` that
/// names the file and the fix.
public enum GameLoader {
    /// Any game's variant `variant` from `Assets/games/<name>/<variant>.json`,
    /// with every failure a ``DesktopError`` naming the file and the fix.
    public static func game<Game: LoadableGame>(
        _ type: Game.Type, variant: String,
        locator: AssetLocator = .standard()
    ) throws(DesktopError) -> Game {
        let folder = "games/\(Game.name)"
        let url: URL
        do {
            url = try locator.url(for: "\(folder)/\(variant).json")
        } catch {
            let directory = try? locator.url(for: folder)
            let known =
                directory.flatMap { try? FileManager.default.contentsOfDirectory(atPath: $0.path) }?
                .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted() ?? []
            throw DesktopError(
                cause: "the \(Game.name) variant '\(variant)' is missing (\(error))",
                fix: known.isEmpty
                    ? "run duo from the package folder or set DUO_ASSETS to its Assets folder"
                    : "choose one of: \(known.joined(separator: ", "))")
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw DesktopError(cause: "cannot read \(url.path) (\(error.localizedDescription))", fix: "check the file's permissions")
        }
        do {
            return try Game(variant: variant, rulesData: data)
        } catch {
            throw DesktopError(cause: "\(url.path): \(error)", fix: "correct the rules file (see docs/ENGINE.md)")
        }
    }

    /// A device profile by name or path.
    public static func profile(_ nameOrPath: String, locator: AssetLocator = .standard()) throws(DesktopError) -> DeviceProfile {
        do {
            return try DeviceProfile.resolve(nameOrPath, locator: locator)
        } catch {
            throw DesktopError(
                cause: "unreadable device profile: \(error)",
                fix: "name a shipped profile (duo, classic) or a valid profile file (see docs/PLATFORM.md)")
        }
    }

    /// The shipped profiles the window switches between (duo, then classic), skipping any that is missing.
    public static func switchableProfiles(locator: AssetLocator = .standard()) -> [DeviceProfile] {
        ["duo", "classic"].compactMap { try? DeviceProfile.named($0, locator: locator) }
    }
}
