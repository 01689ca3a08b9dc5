import DuoSupport
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
        do throws(DataFileError) {
            return try DataFileDecoder.decode(CameraRig.self, from: DataFileDecoder.contents(of: url))
        } catch {
            throw CameraRigError(file: url.path, error)
        }
    }

    /// Decodes a rig from JSON bytes; `file` names it in errors.
    public static func decode(_ data: Data, file: String) throws(CameraRigError) -> CameraRig {
        do throws(DataFileError) {
            return try DataFileDecoder.decode(CameraRig.self, from: data)
        } catch {
            throw CameraRigError(file: file, error)
        }
    }
}
