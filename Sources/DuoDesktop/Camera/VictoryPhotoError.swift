import DuoPlatform

/// Why the victory photo cannot do what was asked: one clear sentence each,
/// shown in the game's news and printed by the window. Nothing is lost: the
/// camera stays open and the shutter can be pressed again.
public enum VictoryPhotoError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The device profile has no usable camera rig (`Assets/cameras/<profile>.json`).
    case noCameras(profile: String, reason: String)
    /// No camera faces the winner's view just now.
    case noCameraFacesTheView
    /// The camera could not deliver a picture.
    case capture(CaptureError)
    /// The photo could not be written.
    case cannotWrite(path: String, reason: String)
    /// The photo folder is not a folder that exists.
    case notAFolder(path: String)

    /// One sentence saying what went wrong.
    public var description: String {
        switch self {
        case .noCameras(let profile, let reason): "no victory photo: the profile '\(profile)' has no usable cameras (\(reason))"
        case .noCameraFacesTheView: "no camera faces the winner's view just now: fold or turn the device"
        case .capture(let error): "the camera could not take the photo: \(error)"
        case .cannotWrite(let path, let reason): "cannot save the photo as \(path): \(reason)"
        case .notAFolder(let path): "the photo folder \(path) is not an existing folder"
        }
    }
}
