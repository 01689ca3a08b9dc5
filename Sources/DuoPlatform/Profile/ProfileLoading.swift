import Foundation

extension DeviceProfile {
    /// Loads and checks the profile in the JSON file at `url`.
    /// - Throws: ``ProfileError`` naming the file, the field and the problem:
    ///   unreadable file, bad JSON, a missing, unknown or mistyped field, or
    ///   an inconsistency (see ``validated(file:)``).
    public static func load(contentsOf url: URL) throws(ProfileError) -> DeviceProfile {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ProfileError(file: url.path, field: "", problem: "cannot be read (\(error.localizedDescription))")
        }
        return try decode(data, file: url.path)
    }

    /// Decodes and checks a profile from JSON bytes; `file` names it in errors.
    public static func decode(_ data: Data, file: String) throws(ProfileError) -> DeviceProfile {
        let profile: DeviceProfile
        do {
            profile = try JSONDecoder().decode(DeviceProfile.self, from: data)
        } catch let error as DecodingError {
            throw profileError(from: error, file: file)
        } catch {
            throw ProfileError(file: file, field: "", problem: "is not a profile (\(error))")
        }
        if let unknown = unknownField(in: data, decoded: profile) {
            throw ProfileError(file: file, field: unknown, problem: "is not a profile field (misspelt?)")
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

    private static func profileError(from error: DecodingError, file: String) -> ProfileError {
        switch error {
        case let .keyNotFound(key, context):
            return ProfileError(file: file, field: fieldPath(context.codingPath + [key]), problem: "is missing")
        case let .typeMismatch(type, context):
            return ProfileError(file: file, field: fieldPath(context.codingPath), problem: "must be \(describe(type)) (\(context.debugDescription))")
        case let .valueNotFound(type, context):
            return ProfileError(file: file, field: fieldPath(context.codingPath), problem: "must be \(describe(type)), not null")
        case let .dataCorrupted(context):
            let field = fieldPath(context.codingPath)
            if context.debugDescription.hasPrefix("Could not convert key") {
                // A dictionary key that is not a posture or display name.
                let allowed = field.hasPrefix("postures")
                    ? Posture.allCases.map(\.rawValue) : DisplayKind.allCases.map(\.rawValue)
                return ProfileError(file: file, field: field, problem: "is not one of \(allowed.joined(separator: "|"))")
            }
            var problem = context.debugDescription
            if let underlying = context.underlyingError {
                problem += " (\(underlying))"
            }
            return ProfileError(file: file, field: field, problem: problem)
        @unknown default:
            return ProfileError(file: file, field: "", problem: "\(error)")
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type: "a number"
        case is String.Type: "a string"
        case is [Any].Type: "a list"
        default: "a \(type)"
        }
    }

    /// `displays.inner.occlusions[0].frame` from a coding path.
    static func fieldPath(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }

    /// The first field of the JSON that decoding ignored (a misspelt or
    /// unknown key), found by comparing with the decoded value encoded again.
    private static func unknownField(in data: Data, decoded: DeviceProfile) -> String? {
        guard let input = try? JSONSerialization.jsonObject(with: data),
              let encoded = try? JSONEncoder().encode(decoded),
              let known = try? JSONSerialization.jsonObject(with: encoded)
        else { return nil }
        return firstUnknown(input, known, path: "")
    }

    private static func firstUnknown(_ input: Any, _ known: Any, path: String) -> String? {
        if let object = input as? [String: Any], let knownObject = known as? [String: Any] {
            for key in object.keys.sorted() {
                let childPath = path.isEmpty ? key : "\(path).\(key)"
                guard let knownChild = knownObject[key] else { return childPath }
                if let found = firstUnknown(object[key] as Any, knownChild, path: childPath) { return found }
            }
        } else if let list = input as? [Any], let knownList = known as? [Any] {
            for (index, item) in list.enumerated() where index < knownList.count {
                if let found = firstUnknown(item, knownList[index], path: "\(path)[\(index)]") { return found }
            }
        }
        return nil
    }
}
