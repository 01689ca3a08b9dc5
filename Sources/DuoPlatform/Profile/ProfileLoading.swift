import DuoSupport
import Foundation

extension DeviceProfile {
    /// Loads and checks the profile in the JSON file at `url`.
    /// - Throws: ``ProfileError`` naming the file, the field and the problem:
    ///   unreadable file, bad JSON, a missing, unknown or mistyped field, or
    ///   an inconsistency (see ``validated(file:)``).
    public static func load(contentsOf url: URL) throws(ProfileError) -> DeviceProfile {
        let data: Data
        do throws(DataFileError) {
            data = try DataFileDecoder.contents(of: url)
        } catch {
            throw ProfileError(file: url.path, error)
        }
        return try decode(data, file: url.path)
    }

    /// Decodes and checks a profile from JSON bytes; `file` names it in errors.
    public static func decode(_ data: Data, file: String) throws(ProfileError) -> DeviceProfile {
        let profile: DeviceProfile
        do throws(DataFileError) {
            profile = try DataFileDecoder.decode(DeviceProfile.self, from: data)
        } catch let error where error.kind == .invalidValue && error.problem.hasPrefix("Could not convert key") {
            // A dictionary key that is not a posture or display name.
            let allowed =
                error.field.hasPrefix("postures")
                ? Posture.allCases.map(\.rawValue) : DisplayKind.allCases.map(\.rawValue)
            throw ProfileError(file: file, field: error.field, problem: "is not one of \(allowed.joined(separator: "|"))")
        } catch {
            throw ProfileError(file: file, error)
        }
        return try profile.validated(file: file)
    }

    /// Loads the shipped profile `name` (`Assets/profiles/<name>.json`) found
    /// through `locator`. The file's `name` must match.
    /// - Throws: ``ProfileError``; an unknown name lists the profiles available.
    public static func named(_ name: String, locator: AssetLocator = .standard()) throws(ProfileError) -> DeviceProfile {
        let url: URL
        do {
            url = try locator.url(for: "profiles/\(name).json")
        } catch {
            let available = (try? availableNames(locator: locator)) ?? []
            let hint = available.isEmpty ? "" : " (available: \(available.joined(separator: ", ")))"
            throw ProfileError(file: name, field: "", problem: "no such profile\(hint); \(error)")
        }
        let profile = try load(contentsOf: url)
        if profile.name != name {
            throw ProfileError(file: url.path, field: "name", problem: "is '\(profile.name)' but the file is \(name).json")
        }
        return profile
    }

    /// Loads `nameOrPath`: a path (it contains `/` or ends in `.json`) is
    /// loaded as a file, anything else as a shipped profile name.
    public static func resolve(_ nameOrPath: String, locator: AssetLocator = .standard()) throws(ProfileError) -> DeviceProfile {
        if nameOrPath.contains("/") || nameOrPath.hasSuffix(".json") {
            return try load(contentsOf: URL(fileURLWithPath: nameOrPath))
        }
        return try named(nameOrPath, locator: locator)
    }

    /// The names of the shipped profiles, sorted.
    public static func availableNames(locator: AssetLocator = .standard()) throws(AssetLocatorError) -> [String] {
        let directory = try locator.directory().appendingPathComponent("profiles")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }
}
