import DuoPlatform

/// What the victory photo's preview element shows in one frame: the camera
/// picture as the view must show it (already turned and mirrored by the
/// capture connection), a caption, and the shutter flash.
public struct VictoryPhotoPreview: Sendable, Equatable {
    /// The preview picture, nil when there is none (no camera faces the view, no cameras).
    public var image: CameraFrame?
    /// One line under the picture: the camera (`Inner front · mirrored`), or a notice.
    public var caption: String
    /// Said in place of the picture when there is none.
    public var placeholder: String
    /// The shutter's flash over the picture, 0 (none) ... 1 (white).
    public var flash: Double

    /// A preview from its parts.
    public init(image: CameraFrame?, caption: String, placeholder: String = "", flash: Double = 0) {
        self.image = image
        self.caption = caption
        self.placeholder = placeholder
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
        let width = Double(imageWidth) * scale
        let height = Double(imageHeight) * scale
        return Rect(x: area.midX - width / 2, y: area.midY - height / 2, width: width, height: height)
    }
}

/// What the capture accessory shows on the outer display: who won and the score.
public struct AccessoryScore: Sendable, Equatable {
    /// `You win!`.
    public var headline: String
    /// The score's lines.
    public var lines: [String]

    /// A score from its parts.
    public init(headline: String, lines: [String]) {
        self.headline = headline
        self.lines = lines
    }
}

/// What the victory photo draws in a scene, after the game: the preview (in
/// the app's scene) or the accessory's score (in the outer display's scene).
public struct VictoryPhotoContent: Sendable, Equatable {
    /// The preview, in the app's scene.
    public var preview: VictoryPhotoPreview?
    /// The score, in the outer display's scene.
    public var score: AccessoryScore?

    /// Content from its parts.
    public init(preview: VictoryPhotoPreview? = nil, score: AccessoryScore? = nil) {
        self.preview = preview
        self.score = score
    }
}
