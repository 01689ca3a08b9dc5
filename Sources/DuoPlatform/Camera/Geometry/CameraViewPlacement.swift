/// Where a ``CameraView`` is at one moment: its display, the surface and
/// half of the body it lies on, and how its scene is turned.
public struct CameraViewPlacement: Hashable, Sendable, Codable {
    /// The view's scene.
    public var scene: CameraView.Scene
    /// The display showing it.
    public var display: DisplayKind
    /// The surface of the body under the view (for the inner display, the
    /// half holding most of the view; an even split counts as the base half).
    public var surface: DeviceSurface
    /// How the scene is turned on its display.
    public var sceneOrientation: DeviceOrientation
    /// The scene's size.
    public var sceneSize: Size
    /// The view's frame in the scene.
    public var frame: Rect

    /// The half of the body under the view.
    public var half: FoldHalf { surface.half }
}

/// Which way a camera faces relative to a view's display.
public enum CameraFacing: String, Codable, CaseIterable, Hashable, Sendable {
    /// The way the display faces: it sees whoever looks at the view. Mirror its preview.
    case forward
    /// Away from the view's viewer: it sees what they see. Do not mirror.
    case backward
}
