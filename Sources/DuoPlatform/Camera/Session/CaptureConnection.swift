/// The path from a session's camera to one output (a preview view, or
/// photos), with the rotation, mirroring and sensor compensation applied on
/// the way.
///
/// An image goes: the sensor's image; turned by the sensor's orientation if
/// ``isCameraSensorOrientationCompensationEnabled``; turned clockwise by
/// ``videoRotationAngle``; mirrored left to right if ``isVideoMirrored``.
public final class CaptureConnection {
    /// What the connection feeds.
    public enum Output: Hashable, Sendable {
        /// A preview shown in a view.
        case preview(CameraView)
        /// Captured photos and video.
        case photo
    }

    /// What the connection feeds (a preview connection follows its view as it moves).
    public internal(set) var output: Output
    /// The session it belongs to.
    public private(set) weak var session: CaptureSession?

    /// Whether the system decides mirroring: it mirrors a preview of a
    /// camera at the `front` position, as older platforms did. On a foldable
    /// that is wrong whenever the front camera faces away from the view or
    /// the rear camera faces its viewer: turn it off and mirror from the
    /// view's ``CaptureDeviceDirectionMap``. On by default.
    public var automaticallyAdjustsVideoMirroring = true
    /// The clockwise turn applied to every image (from a ``RotationCoordinator``).
    public var videoRotationAngle: RotationAngle = .zero

    private var manualMirroring = false
    private var compensationSetting: Bool?

    init(output: Output, session: CaptureSession) {
        self.output = output
        self.session = session
    }

    /// Whether images are mirrored left to right: the automatic choice while
    /// ``automaticallyAdjustsVideoMirroring`` is on, else the value set by hand.
    public var isVideoMirrored: Bool {
        automaticallyAdjustsVideoMirroring ? automaticMirroring : manualMirroring
    }

    /// What automatic mirroring chooses: a preview of a front-position camera is mirrored.
    public var automaticMirroring: Bool {
        guard case .preview = output else { return false }
        return session?.device?.position == .front
    }

    /// Sets mirroring by hand.
    /// - Throws: ``CaptureError/automaticMirroringIsOn`` while
    ///   ``automaticallyAdjustsVideoMirroring`` is on (nothing changes).
    public func setVideoMirrored(_ mirrored: Bool) throws(CaptureError) {
        guard !automaticallyAdjustsVideoMirroring else { throw .automaticMirroringIsOn }
        manualMirroring = mirrored
    }

    /// Whether each image is first turned by the sensor's orientation, so it
    /// comes upright for the camera's surface held in portrait. On by default
    /// for front-position cameras (as on the Duo), off for the others. A
    /// ``RotationCoordinator``'s angles assume it is off: leave it on and the
    /// image is turned twice.
    public var isCameraSensorOrientationCompensationEnabled: Bool {
        get { compensationSetting ?? (session?.device?.position == .front) }
        set { compensationSetting = newValue }
    }

    /// `image` from the sensor of a camera with `sensorOrientation`, as this connection delivers it.
    public func deliver(_ image: CameraFrame, sensorOrientation: RotationAngle) -> CameraFrame {
        var frame = image
        if isCameraSensorOrientationCompensationEnabled {
            frame = frame.rotated(by: sensorOrientation)
        }
        frame = frame.rotated(by: videoRotationAngle)
        return isVideoMirrored ? frame.mirroredHorizontally() : frame
    }
}
