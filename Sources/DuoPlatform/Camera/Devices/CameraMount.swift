/// Where a physical camera is mounted on the body.
public enum CameraMount: String, Codable, CaseIterable, Hashable, Sendable {
    /// Beside the outer display, on the back of the cover half (the front
    /// camera of a hingeless phone too).
    case outerDisplay
    /// Under the inner display, on its base half.
    case innerDisplayBaseHalf
    /// Under the inner display, on its cover half.
    case innerDisplayCoverHalf
    /// On the back of the base half (the rear camera).
    case rear

    /// The surface the camera looks out of.
    public var surface: DeviceSurface {
        switch self {
        case .outerDisplay: .outerDisplay
        case .innerDisplayBaseHalf: .baseInner
        case .innerDisplayCoverHalf: .coverInner
        case .rear: .rear
        }
    }

    /// The half the camera sits on.
    public var half: FoldHalf { surface.half }

    /// Whether the camera sits under the inner display (covered while the
    /// device is closed; its occlusion region is active while it is in use).
    public var isUnderInnerDisplay: Bool { self == .innerDisplayBaseHalf || self == .innerDisplayCoverHalf }

    /// The position such a camera reports: `front` beside a display, `back` on the back.
    public var expectedPosition: CaptureDevicePosition { self == .rear ? .back : .front }
}
