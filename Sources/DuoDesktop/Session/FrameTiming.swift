/// The window's frame timing, smoothed so people can read it: how many
/// frames a second the loop shows, how long one whole frame takes (drawing
/// and presenting it, so a frame that waits for the display's refresh counts
/// in full), and the drawing alone. Pure: the window feeds it what it
/// measured, the status line reads it.
public struct FrameTiming: Sendable, Equatable {
    /// The weight of the newest measurement in the smoothed figures.
    static let smoothing = 0.1

    /// Seconds between the starts of successive frames, smoothed (nil before the second frame).
    public private(set) var intervalSeconds: Double?
    /// Seconds of one whole frame, drawing and presenting, smoothed.
    public private(set) var frameSeconds: Double?
    /// Seconds of the drawing alone, smoothed.
    public private(set) var drawSeconds: Double?

    /// No frame measured yet.
    public init() {}

    /// Frames a second, from the smoothed interval (nil until two frames ran).
    public var framesPerSecond: Double? {
        intervalSeconds.flatMap { $0 > 0 ? 1 / $0 : nil }
    }

    /// Takes one frame's figures in.
    /// - Parameters:
    ///   - interval: seconds since the previous frame started (nil for the first frame).
    ///   - frame: seconds from the start of drawing to the end of presenting.
    ///   - draw: seconds of the drawing alone.
    public mutating func record(interval: Double?, frame: Double, draw: Double) {
        func blend(_ old: Double?, _ new: Double) -> Double { old.map { $0 * (1 - Self.smoothing) + new * Self.smoothing } ?? new }
        if let interval, interval.isFinite, interval > 0 { intervalSeconds = blend(intervalSeconds, interval) }
        if frame.isFinite, frame >= 0 { frameSeconds = blend(frameSeconds, frame) }
        if draw.isFinite, draw >= 0 { drawSeconds = blend(drawSeconds, draw) }
    }

    /// The readout for the status line: `63 fps · frame 15.9 ms · draw 1.4 ms` (dashes before any frame).
    public var readout: String {
        let fps = framesPerSecond.map { String(format: "%.0f fps", $0) } ?? "– fps"
        let frame = frameSeconds.map { String(format: "frame %.1f ms", $0 * 1000) } ?? "frame – ms"
        let draw = drawSeconds.map { String(format: "draw %.1f ms", $0 * 1000) } ?? "draw – ms"
        return [fps, frame, draw].joined(separator: " · ")
    }
}
