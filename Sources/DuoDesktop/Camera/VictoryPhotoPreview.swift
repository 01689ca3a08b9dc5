import DuoPlatform

/// What the victory photo's preview element shows in one frame: the camera
/// picture as the view must show it (already turned and mirrored by the
/// capture connection), a caption naming the camera, and the shutter flash.
public struct VictoryPhotoPreview: Sendable, Equatable {
    /// The preview picture, nil when no camera faces the view.
    public var image: CameraFrame?
    /// One line under the picture (`Inner front · mirrored`).
    public var caption: String
    /// The shutter's flash over the picture, 0 (none) ... 1 (white).
    public var flash: Double

    /// A preview from its parts.
    public init(image: CameraFrame?, caption: String, flash: Double = 0) {
        self.image = image
        self.caption = caption
        self.flash = max(0, min(1, flash))
    }

    /// The band under the picture that holds the caption, in points.
    public static let captionHeight = 20.0

    /// Where the picture goes inside the element's `frame`: as large as fits
    /// above the caption band, keeping its proportions, centred.
    public static func pictureFrame(imageWidth: Int, imageHeight: Int, in frame: Rect, captionHeight: Double = captionHeight) -> Rect {
        let area = Rect(x: frame.minX + 4, y: frame.minY + 4, width: max(0, frame.width - 8), height: max(0, frame.height - captionHeight - 8))
        guard imageWidth > 0, imageHeight > 0, area.width > 0, area.height > 0 else { return Rect(x: area.midX, y: area.midY, width: 0, height: 0) }
        let scale = min(area.width / Double(imageWidth), area.height / Double(imageHeight))
        let width = Double(imageWidth) * scale, height = Double(imageHeight) * scale
        return Rect(x: area.midX - width / 2, y: area.midY - height / 2, width: width, height: height)
    }
}
