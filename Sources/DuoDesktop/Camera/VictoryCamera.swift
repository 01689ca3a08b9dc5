import DuoPlatform

/// Which camera takes the victory photo, and for which view: the rules,
/// with no camera running.
///
/// The camera is the one that faces the winner's view, asked of a
/// `DirectionCoordinator` for that view (through `CameraViewfinder`),
/// never chosen by position: on a foldable the rear camera faces whoever
/// looks at the cover half in tent, and the inner camera looks away from a
/// viewer of the outer display.
public enum VictoryCamera {
    /// The camera types tried, most preferred first: the inner camera (under
    /// the display the winner looks at), the outer one, the rear one, and a
    /// hingeless phone's cameras. Only those facing the view are candidates.
    public static let preference: [CaptureDeviceType] = [
        .builtInInnerUltraWideCamera, .builtInOuterUltraWideCamera, .builtInDualWideCamera, .builtInWideAngleCamera,
    ]

    /// The winner's view: where the preview is shown, as a camera view in
    /// the app's scene. A freeform scene (any size) is mapped onto the
    /// device's scene in proportion, so the view lies on the same half.
    /// - Parameters:
    ///   - previewFrame: the preview's frame in the scene drawn, nil when it has none.
    ///   - sceneSize: the size of the scene drawn.
    ///   - deviceSceneSize: the size of the device's own scene.
    public static func view(previewFrame: Rect?, sceneSize: Size, deviceSceneSize: Size) -> CameraView {
        guard let frame = previewFrame, sceneSize.width > 0, sceneSize.height > 0 else { return .mainScene }
        guard sceneSize != deviceSceneSize else { return CameraView(scene: .main, frame: frame) }
        let sx = deviceSceneSize.width / sceneSize.width
        let sy = deviceSceneSize.height / sceneSize.height
        return CameraView(scene: .main, frame: Rect(x: frame.minX * sx, y: frame.minY * sy, width: frame.width * sx, height: frame.height * sy))
    }
}
