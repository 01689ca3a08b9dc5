import DuoPlatform

/// Where the window draws the capture accessory: a column on the right of
/// the window, taken from the device's area only while the accessory is
/// shown, holding a small picture of the outer display (its scene turned
/// level for its own viewer) under a caption. Pixels, top-left origin.
public struct AccessoryInsetLayout: Sendable, Equatable {
    /// The share of the window's width the column takes.
    public static let columnFraction = 0.22
    /// The body drawn around the outer display, in pixels.
    public static let bezel = 7.0
    /// Room for the caption (two lines) above the inset, in pixels.
    public static let captionHeight = 36.0

    /// What is left for the device (as ``FrameRenderer/viewport(windowWidth:windowHeight:)`` gives it).
    public let viewport: Rect
    /// The outer display's scene, in window pixels (inside its bezel).
    public let inset: Rect
    /// Pixels per point of the outer display's scene.
    public let scale: Double
    /// The caption's top-left corner.
    public let captionOrigin: Point

    /// The layout of a `windowWidth` x `windowHeight` window showing an outer display scene of `sceneSize` points.
    public init(windowWidth: Double, windowHeight: Double, sceneSize: Size) {
        let column = (windowWidth * Self.columnFraction).rounded(.down)
        viewport = FrameRenderer.viewport(windowWidth: windowWidth - column, windowHeight: windowHeight)
        let margin = 10.0
        let availableWidth = max(1, column - 2 * margin - 2 * Self.bezel)
        // At most half the height: it is an inset, not a second device.
        let availableHeight = max(1, (windowHeight - FrameRenderer.statusLineHeight) * 0.5 - Self.captionHeight - 2 * Self.bezel)
        let scale =
            sceneSize.width > 0 && sceneSize.height > 0
            ? min(availableWidth / sceneSize.width, availableHeight / sceneSize.height) : 1
        let width = sceneSize.width * scale
        let height = sceneSize.height * scale
        let left = windowWidth - column + (column - width) / 2
        let top = 8 + Self.captionHeight + Self.bezel
        self.scale = scale
        inset = Rect(x: left.rounded(), y: top, width: width, height: height)
        captionOrigin = Point(x: windowWidth - column + margin, y: 10)
    }

    /// The window width that leaves `deviceWindowWidth` to the device once the column is taken.
    public static func windowWidth(forDeviceWindowWidth deviceWindowWidth: Double) -> Double {
        (deviceWindowWidth / (1 - columnFraction)).rounded(.up)
    }
}
