/// One way a camera can capture: a frame size, the highest frame rate at
/// that size, and whether depth comes with it.
public struct CaptureFormat: Codable, Hashable, Sendable, CustomStringConvertible {
    /// Width in pixels, sensor-native (landscape).
    public var width: Int
    /// Height in pixels, sensor-native.
    public var height: Int
    /// The highest frame rate, in frames per second.
    public var maxFrameRate: Int
    /// Whether depth data can be captured with it.
    public var supportsDepth: Bool

    /// Makes a format.
    public init(width: Int, height: Int, maxFrameRate: Int, supportsDepth: Bool) {
        self.width = width
        self.height = height
        self.maxFrameRate = maxFrameRate
        self.supportsDepth = supportsDepth
    }

    /// What two cameras both offer at this size: the lower frame rate, and
    /// depth only when both have it; nil when the sizes differ.
    public func shared(with other: CaptureFormat) -> CaptureFormat? {
        guard width == other.width, height == other.height else { return nil }
        return CaptureFormat(
            width: width, height: height,
            maxFrameRate: min(maxFrameRate, other.maxFrameRate),
            supportsDepth: supportsDepth && other.supportsDepth
        )
    }

    /// `1920x1080@60` with ` depth` when it has depth.
    public var description: String {
        "\(width)x\(height)@\(maxFrameRate)\(supportsDepth ? " depth" : "")"
    }
}
