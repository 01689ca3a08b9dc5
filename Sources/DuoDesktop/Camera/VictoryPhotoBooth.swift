import DuoPlatform
import Foundation

/// The victory photo's part of a desktop session: the flow (open or
/// closed, the flash, the photos saved), the running camera while open,
/// where photos are saved and who is told. The session drives it (see
/// `DesktopSession+VictoryPhoto.swift`); the window and `duo screenshot`
/// only set where photos go and what to do with a saved one.
public final class VictoryPhotoBooth {
    /// Open or closed, the flash, the photos saved.
    public internal(set) var flow = VictoryPhotoFlow()
    /// The camera while the photo is open.
    public internal(set) var camera: VictoryPhotoCamera?
    /// Where and how photos are written (default: the current directory).
    public var writer = VictoryPhotoWriter()
    /// Where the camera rigs are found (`Assets/cameras/<profile>.json`).
    public var cameraAssets: AssetLocator = .standard()
    /// Called with each photo's file once it is written (the window prints it).
    public var onSaved: ((URL) -> Void)?
    /// The last thing that went wrong, until the next photo succeeds.
    public internal(set) var lastError: VictoryPhotoError?

    /// A closed booth saving into the current directory.
    public init() {}

    /// Stops and forgets the camera. Forgotten first: stopping runs a layout
    /// pass (the occlusion turns off) whose observers must find no camera.
    func stopCamera() {
        let stopping = camera
        camera = nil
        stopping?.stop()
    }
}
