/// Something a capture session, connection or coordinator cannot do.
public enum CaptureError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A rotation angle that is not a whole number of quarter turns.
    case rotationNotAQuarterTurn(degrees: Double)
    /// `setVideoMirrored` while `automaticallyAdjustsVideoMirroring` is on:
    /// turn automatic mirroring off first.
    case automaticMirroringIsOn
    /// The session was started (or asked for a frame) with no camera.
    case noDevice
    /// Another session is running: one camera session at a time.
    case anotherSessionIsRunning
    /// A frame was asked of a session that is not running.
    case notRunning
    /// The camera belongs to another camera system.
    case foreignDevice(id: String)
    /// The connection belongs to another session.
    case foreignConnection

    /// One line for a developer.
    public var description: String {
        switch self {
        case .rotationNotAQuarterTurn(let degrees):
            "rotation angle \(degrees) is not a multiple of 90 degrees"
        case .automaticMirroringIsOn:
            "cannot set video mirroring while automaticallyAdjustsVideoMirroring is on; turn it off first"
        case .noDevice:
            "the capture session has no camera"
        case .anotherSessionIsRunning:
            "another capture session is running; stop it first"
        case .notRunning:
            "the capture session is not running"
        case .foreignDevice(let id):
            "camera '\(id)' belongs to another camera system"
        case .foreignConnection:
            "the connection belongs to another capture session"
        }
    }
}
