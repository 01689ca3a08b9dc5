import Foundation

extension CameraRig {
    /// The rig of `profile`, from `Assets/cameras/<profile name>.json`,
    /// checked against the profile.
    /// - Throws: ``CameraRigError`` when the file is missing, unreadable or inconsistent.
    public static func `for`(_ profile: DeviceProfile, locator: AssetLocator = .standard()) throws(CameraRigError) -> CameraRig {
        let url: URL
        do {
            url = try locator.url(for: "cameras/\(profile.name).json")
        } catch {
            throw CameraRigError(file: profile.name, field: "", problem: "profile '\(profile.name)' has no camera rig; \(error)")
        }
        return try load(contentsOf: url).validated(for: profile, file: url.path)
    }

    /// Loads the rig in the JSON file at `url` (checked on its own; check it
    /// against its profile with ``validated(for:file:)``).
    /// - Throws: ``CameraRigError``: unreadable file, bad JSON, a missing,
    ///   unknown or mistyped field.
    public static func load(contentsOf url: URL) throws(CameraRigError) -> CameraRig {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw CameraRigError(file: url.path, field: "", problem: "cannot be read (\(error.localizedDescription))")
        }
        return try decode(data, file: url.path)
    }

    /// Decodes a rig from JSON bytes; `file` names it in errors.
    public static func decode(_ data: Data, file: String) throws(CameraRigError) -> CameraRig {
        let rig: CameraRig
        do {
            rig = try JSONDecoder().decode(CameraRig.self, from: data)
        } catch let error as DecodingError {
            throw rigError(from: error, file: file)
        } catch {
            throw CameraRigError(file: file, field: "", problem: "is not a camera rig (\(error))")
        }
        if let unknown = unknownField(in: data, decoded: rig) {
            throw CameraRigError(file: file, field: unknown, problem: "is not a camera rig field (misspelt?)")
        }
        return rig
    }

    private static func rigError(from error: DecodingError, file: String) -> CameraRigError {
        switch error {
        case let .keyNotFound(key, context):
            return CameraRigError(file: file, field: path(context.codingPath + [key]), problem: "is missing")
        case let .typeMismatch(_, context):
            return CameraRigError(file: file, field: path(context.codingPath), problem: "has the wrong type (\(context.debugDescription))")
        case let .valueNotFound(_, context):
            return CameraRigError(file: file, field: path(context.codingPath), problem: "must not be null")
        case let .dataCorrupted(context):
            return CameraRigError(file: file, field: path(context.codingPath), problem: context.debugDescription)
        @unknown default:
            return CameraRigError(file: file, field: "", problem: "\(error)")
        }
    }

    /// `cameras[1].mount` from a coding path.
    private static func path(_ keys: [any CodingKey]) -> String {
        var text = ""
        for key in keys {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }

    /// The first key of the JSON that decoding ignored, found by comparing
    /// with the decoded rig encoded again.
    private static func unknownField(in data: Data, decoded: CameraRig) -> String? {
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
                // A virtual camera's empty `formats` is not written back, yet allowed.
                if key == "formats", (object[key] as? [Any])?.isEmpty == true, knownObject[key] == nil { continue }
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
