/// A view a camera coordinator is made for: which scene it is in and where.
///
/// The `main` scene is the app's: on the outer display while the device is
/// closed and on the inner one while it is open (it moves with the
/// device). The `outerDisplay` scene stays on the outer display, where the
/// capture accessory is drawn while the device is open.
public struct CameraView: Hashable, Sendable, Codable {
    /// A scene a view can be in.
    public enum Scene: String, Codable, CaseIterable, Hashable, Sendable {
        /// The app's scene, on whichever display is in use.
        case main
        /// A scene on the outer display whatever the hinge does (the capture accessory's).
        case outerDisplay
    }

    /// The scene the view is in.
    public var scene: Scene
    /// The view's frame in its scene's coordinates (from the top-left
    /// corner, never mirrored); nil when it fills the scene.
    public var frame: Rect?

    /// A view in `scene` at `frame` (nil: filling it).
    public init(scene: Scene = .main, frame: Rect? = nil) {
        self.scene = scene
        self.frame = frame
    }

    /// A view filling the app's scene.
    public static let mainScene = CameraView(scene: .main)
    /// A view filling the outer display.
    public static let outerDisplay = CameraView(scene: .outerDisplay)
}
