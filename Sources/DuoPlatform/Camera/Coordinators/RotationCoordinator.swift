/// Gives the quarter turns that keep one camera's images level with the
/// world: one for a preview view (only when made with one) and one for
/// captured photos and video. The two can differ.
///
/// Bound for life to its camera and to the display its preview view was on
/// when made: make a new one when the camera changes or the preview view
/// moves to another display (opening or closing moves the app's scene), and
/// read the angles once at creation before observing changes. A coordinator
/// whose preview view has moved keeps its last preview angle (the stale
/// value a real device would leave on screen) and says so with
/// ``needsRecreation``. Its angles assume the sensor's own images: turn off
/// ``CaptureConnection/isCameraSensorOrientationCompensationEnabled`` on
/// connections it drives, or the image is turned twice.
public final class RotationCoordinator {
    /// The angles at one moment.
    public struct Angles: Hashable, Sendable {
        /// For the preview connection; nil for a coordinator made without a preview view.
        public var preview: RotationAngle?
        /// For photo and video connections.
        public var capture: RotationAngle
    }

    /// The camera it is bound to.
    public let device: CaptureDevice
    /// The preview view it was made for, if any.
    public let previewView: CameraView?
    /// The display the preview view was on at creation.
    public let previewDisplay: DisplayKind?
    /// The angle for the preview connection (`videoRotationAngleForHorizonLevelPreview`);
    /// always nil for a coordinator made without a preview view.
    public private(set) var previewAngle: RotationAngle?
    /// The angle for capture connections (`videoRotationAngleForHorizonLevelCapture`).
    public private(set) var captureAngle: RotationAngle
    /// Whether the preview view has moved to another display since creation:
    /// the preview angle is stale and the coordinator must be made again.
    public private(set) var needsRecreation = false

    /// The camera's system, held so that it outlives the coordinator: the device's own reference
    /// is unowned, and a coordinator released while the system is torn down (a viewfinder that was
    /// the system's last owner) must still be able to stop listening to it.
    private let system: CameraSystem
    private var observers: [Int: (Angles) -> Void] = [:]
    private var nextObserverID = 0
    private var listenerID: Int?

    /// A coordinator for `device`, and for a preview in `previewView` when given.
    public init(device: CaptureDevice, previewView: CameraView?) {
        self.device = device
        self.previewView = previewView
        system = device.system
        let geometry = system.geometry
        let placement = previewView.flatMap(geometry.placement(of:))
        previewDisplay = placement?.display
        previewAngle = placement.map { geometry.previewAngle(of: device.mount, sensorOrientation: device.sensorOrientation, in: $0) }
        captureAngle = geometry.captureAngle(of: device.mount, sensorOrientation: device.sensorOrientation)
        listenerID = system.addListener { [weak self] in self?.refresh() }
    }

    deinit {
        if let listenerID { system.removeListener(listenerID) }
    }

    /// Both angles now.
    public var angles: Angles { Angles(preview: previewAngle, capture: captureAngle) }

    /// Calls `handler` with both angles after every change of either (not
    /// for the current values: read them first). ``ObservationToken/cancel()`` stops it.
    public func observe(_ handler: @escaping (Angles) -> Void) -> ObservationToken {
        nextObserverID += 1
        let id = nextObserverID
        observers[id] = handler
        return ObservationToken { [weak self] in self?.observers[id] = nil }
    }

    private func refresh() {
        let geometry = system.geometry
        let before = angles
        captureAngle = geometry.captureAngle(of: device.mount, sensorOrientation: device.sensorOrientation)
        if let previewView, let placement = geometry.placement(of: previewView) {
            if placement.display == previewDisplay, !needsRecreation {
                previewAngle = geometry.previewAngle(of: device.mount, sensorOrientation: device.sensorOrientation, in: placement)
            } else {
                needsRecreation = true
            }
        }
        let after = angles
        guard after != before else { return }
        for id in observers.keys.sorted() {
            observers[id]?(after)
        }
    }
}
