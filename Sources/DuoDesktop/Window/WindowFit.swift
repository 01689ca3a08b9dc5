import DuoPlatform

/// How the window follows the scene's shape. A posture or a turn can give the
/// scene another shape (the tall tabletop, the wide book and tent); the window
/// then takes the size that shows the new scene at the scale the device was
/// drawn at just before, so it fills the window again instead of sitting small
/// in a window of the old shape. That scale is the one the person chose: it
/// follows every frame, so a window resized by hand keeps its zoom, and the
/// window is resized only when the shape changes, never to undo a resize.
/// A freeform scene takes the window's size and is never fitted. Pure, tested
/// without a window; ``DesktopWindow`` applies the sizes.
public struct WindowFit: Sendable {
    /// What the window's size depends on: the scene's size as drawn (turned with the device frame) and the accessory column.
    public struct Shape: Sendable, Equatable {
        /// The scene as drawn, in points (width and height swapped when the device frame turns it).
        public var scene: Size
        /// Whether the capture accessory takes a column of its own.
        public var hasAccessory: Bool
    }

    /// The shape last fitted (nil before the first frame).
    public private(set) var shape: Shape?
    /// Window pixels per scene point the device was last drawn at.
    public private(set) var scale: Double
    /// The size last asked for, until the window has it (a window manager resizes in its own time).
    private var requested: (width: Int, height: Int)?
    private var framesWaited = 0

    /// A fit for a window showing the device at `scale` pixels per point.
    public init(scale: Double = 1) {
        self.scale = scale
    }

    /// The shape of `session`'s scene as the window draws it.
    public static func shape(of session: DesktopSession) -> Shape {
        let scene = session.sceneContext.size
        let turned = session.showsDeviceFrame && DesktopSession.turns(for: session.device.state.orientation).swapsAxes
        return Shape(scene: turned ? scene.transposed : scene, hasAccessory: session.accessoryContent != nil)
    }

    /// The window size for a frame of `session`, in window pixels, when its shape changed since the
    /// last frame (nil: keep the window as it is). The size shows the scene at ``scale``, shrunk
    /// (keeping its proportions) to fit `usable` when given (the display's usable area, in pixels).
    public mutating func size(for session: DesktopSession, usable: Size? = nil) -> (width: Int, height: Int)? {
        let current = Self.shape(of: session)
        defer { shape = current }
        guard !session.isFreeform, let shape, shape != current else { return nil }
        var size = Screenshot.windowSize(for: session, scale: scale)
        if let usable, usable.width > 0, usable.height > 0 {
            let shrink = min(1, usable.width * 0.92 / Double(size.width), usable.height * 0.92 / Double(size.height))
            size = (Int(Double(size.width) * shrink), Int(Double(size.height) * shrink))
        }
        let fitted = (width: max(size.width, Self.minimum.width), height: max(size.height, Self.minimum.height))
        requested = fitted
        framesWaited = 0
        return fitted
    }

    /// A frame drew the device at `scale` pixels per point in a window of `windowSize` pixels.
    /// That scale is kept for the next fit (a resize by hand sets it), except while the window
    /// has not yet taken a size asked for (for up to ``framesToWait`` frames): a frame drawn in
    /// the old size would give a scale no one chose.
    public mutating func drew(atScale scale: Double, windowSize: (width: Int, height: Int)) {
        if let requested {
            framesWaited += 1
            guard (requested.width == windowSize.width && requested.height == windowSize.height) || framesWaited > Self.framesToWait
            else { return }
            self.requested = nil
        }
        if scale > 0 { self.scale = scale }
    }

    /// Frames a fitted size is waited for before the window's own size counts (a window manager may refuse it).
    public static let framesToWait = 30

    /// The smallest window (SDL is told the same).
    public static let minimum = (width: 320, height: 240)
}
