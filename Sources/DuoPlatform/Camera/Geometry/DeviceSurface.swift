/// A face of the body that carries a display or a camera. Each faces its
/// own way as the hinge turns (see ``HingeGeometry``).
public enum DeviceSurface: String, Codable, CaseIterable, Hashable, Sendable {
    /// The back of the cover half: the outer display and the outer camera.
    case outerDisplay
    /// The inner display's part on the cover half.
    case coverInner
    /// The inner display's part on the base half, with the inner camera.
    case baseInner
    /// The back of the base half: the rear camera.
    case rear

    /// The half the surface belongs to.
    public var half: FoldHalf {
        switch self {
        case .outerDisplay, .coverInner: .cover
        case .baseInner, .rear: .base
        }
    }

    /// The inner display's surface on `half`.
    static func inner(_ half: FoldHalf) -> DeviceSurface {
        half == .cover ? .coverInner : .baseInner
    }
}
