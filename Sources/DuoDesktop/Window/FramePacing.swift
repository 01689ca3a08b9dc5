/// How long the window waits after a frame so that it draws at most
/// ``maximumFramesPerSecond`` frames a second. Vsync, where the display has it,
/// may already have held the frame longer: then there is nothing left to wait.
public struct FramePacing: Sendable, Equatable {
    /// The cap, at least 1.
    public let maximumFramesPerSecond: Int

    /// A cap of `maximumFramesPerSecond` (1 when less is asked).
    public init(maximumFramesPerSecond: Int = 60) {
        self.maximumFramesPerSecond = max(1, maximumFramesPerSecond)
    }

    /// The time from one frame's start to the next's.
    public var interval: Double { 1 / Double(maximumFramesPerSecond) }

    /// Whole milliseconds to wait after a frame that took `elapsed` seconds (0 when it took the interval or more).
    public func delayMilliseconds(afterFrameOf elapsed: Double) -> UInt32 {
        elapsed < interval ? UInt32(((interval - elapsed) * 1000).rounded(.down)) : 0
    }
}
