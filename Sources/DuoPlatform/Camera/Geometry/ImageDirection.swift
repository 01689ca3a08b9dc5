/// One of the four directions of an image as it is looked at: toward its
/// top, right, bottom or left edge.
public enum ImageDirection: String, Codable, CaseIterable, Hashable, Sendable {
    /// Toward the top edge.
    case up
    /// Toward the right edge.
    case right
    /// Toward the bottom edge.
    case down
    /// Toward the left edge.
    case left

    /// Quarter turns clockwise from `up`.
    var quarterTurnsFromUp: Int {
        switch self {
        case .up: 0
        case .right: 1
        case .down: 2
        case .left: 3
        }
    }

    /// The direction `quarterTurns` clockwise quarter turns from `up`.
    init(quarterTurnsFromUp turns: Int) {
        self = [.up, .right, .down, .left][((turns % 4) + 4) % 4]
    }

    /// Where this direction points once the image is turned clockwise by `angle`.
    public func rotated(by angle: RotationAngle) -> ImageDirection {
        ImageDirection(quarterTurnsFromUp: quarterTurnsFromUp + angle.quarterTurns)
    }

    /// Where this direction points once the image is mirrored left to right.
    public var mirroredHorizontally: ImageDirection {
        switch self {
        case .left: .right
        case .right: .left
        case .up, .down: self
        }
    }

    /// The direction opposite this one.
    public var opposite: ImageDirection { rotated(by: .degrees180) }

    /// The clockwise rotation that turns `self` into `target`.
    public func rotation(to target: ImageDirection) -> RotationAngle {
        RotationAngle(quarterTurns: target.quarterTurnsFromUp - quarterTurnsFromUp)
    }

    /// Whether it points along the image's vertical axis.
    public var isVertical: Bool { self == .up || self == .down }
}
