import Broadside
import DuoPlatform
import Foundation

/// Loads what the desktop needs from `Assets/`: the Broadside variant and
/// the device profiles, turning every failure into a ``DesktopError`` that
/// names the file and the fix.
public enum GameLoader {
    /// The Broadside variant `variant` from `Assets/games/broadside/<variant>.json`.
    public static func broadside(variant: String, locator: AssetLocator = .standard()) throws(DesktopError) -> Broadside {
        let url: URL
        do {
            url = try locator.url(for: "games/broadside/\(variant).json")
        } catch {
            let folder = try? locator.url(for: "games/broadside")
            let known = folder.flatMap { try? FileManager.default.contentsOfDirectory(atPath: $0.path) }?
                .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted() ?? []
            throw DesktopError(
                cause: "the Broadside variant '\(variant)' is missing (\(error))",
                fix: known.isEmpty ? "run duo from the package folder or set DUO_ASSETS to its Assets folder"
                                   : "choose one of: \(known.joined(separator: ", "))")
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw DesktopError(cause: "cannot read \(url.path) (\(error.localizedDescription))", fix: "check the file's permissions")
        }
        do {
            return try Broadside(variant: variant, rulesData: data)
        } catch {
            throw DesktopError(cause: "\(url.path): \(error)", fix: "correct the rules file (see docs/ENGINE.md)")
        }
    }

    /// A device profile by name or path.
    public static func profile(_ nameOrPath: String, locator: AssetLocator = .standard()) throws(DesktopError) -> DeviceProfile {
        do {
            return try DeviceProfile.resolve(nameOrPath, locator: locator)
        } catch {
            throw DesktopError(cause: "unreadable device profile: \(error)",
                               fix: "name a shipped profile (duo, classic) or a valid profile file (see docs/PLATFORM.md)")
        }
    }

    /// The shipped profiles the window switches between (duo, then classic), skipping any that is missing.
    public static func switchableProfiles(locator: AssetLocator = .standard()) -> [DeviceProfile] {
        ["duo", "classic"].compactMap { try? DeviceProfile.named($0, locator: locator) }
    }
}
