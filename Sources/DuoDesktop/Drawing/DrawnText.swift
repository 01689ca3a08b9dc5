import DuoPlatform

/// One string a ``Canvas`` drew in a frame, as its ``FrameTrace`` records it:
/// the words, the box they took, their size, the clip in force and, when
/// ``Canvas/fittedText(_:maxWidth:style:)`` cut them short, the words they
/// were cut from. What the drawn-text lint (``DrawnTextRules``) checks.
public struct DrawnText: Sendable, Hashable, CustomStringConvertible {
    /// Which coordinates ``frame`` is in.
    public enum Space: String, Sendable, Hashable, Codable {
        /// Scene points: the device's display, as the HUD is laid out in it.
        case scene
        /// Window pixels: the status line, the hotkey help over the picture of the device, the capture accessory's inset.
        case window
    }

    /// Who drew it, which says which rules apply.
    public enum Layer: String, Sendable, Hashable, Codable {
        /// The game's table and the engine's HUD painters (news, banners, the privacy screen):
        /// kept clear of the fold, the cameras and the edges of other elements.
        case game
        /// The device's own hardware as the scene draws it (the status area's clock).
        case hardware
        /// Drawn over the game on purpose: the regions overlay (G), the session's question, the hotkey help (H).
        case overlay
        /// The window around the device: the status line.
        case window
    }

    /// The words drawn.
    public var text: String
    /// The box the words took (the rendered string's whole height, ascent to descent), in ``space``'s units.
    public var frame: Rect
    /// The font size in points.
    public var size: Double
    /// Whether the bold face was used.
    public var bold: Bool
    /// The clip rectangle in force, in ``space``'s units (nil: none).
    public var clip: Rect?
    /// The words ``text`` was cut from with an ellipsis (nil: drawn whole).
    public var cutFrom: String?
    /// Which coordinates ``frame`` and ``clip`` are in.
    public var space: Space
    /// Who drew it.
    public var layer: Layer

    /// A drawn text from its parts.
    public init(
        text: String, frame: Rect, size: Double, bold: Bool = false, clip: Rect? = nil, cutFrom: String? = nil,
        space: Space = .scene, layer: Layer = .game
    ) {
        self.text = text
        self.frame = frame
        self.size = size
        self.bold = bold
        self.clip = clip
        self.cutFrom = cutFrom
        self.space = space
        self.layer = layer
    }

    /// `'Your turn: fire!' (489, 80, 120, 16) at 13.5 pt`.
    public var description: String {
        "'\(text)' \(DrawnTextRules.formatted(frame)) at \(DrawnTextRules.formatted(size)) pt"
    }
}

/// What one frame drew that the drawn-text lint and the filmstrip read: every
/// text, the shapes drawn over the game (overlays), and the news log and
/// banner the engine's ``NewsLogPainter`` showed. Recorded only while
/// ``Canvas/tracesFrame`` is on; a window never turns it on.
public struct FrameTrace: Sendable, Equatable {
    /// Every text drawn, in the order drawn.
    public var texts: [DrawnText] = []
    /// The bounding boxes of the mostly opaque shapes the ``DrawnText/Layer/overlay`` layer drew, in scene points.
    public var overlayShapes: [Rect] = []
    /// The words of the news log's entries, newest first, when a news log was drawn (nil: none was).
    public var news: [String]?
    /// The banner drawn, if any.
    public var banner: String?
    /// Words ``Canvas/fittedText(_:maxWidth:style:)`` cut to nothing at all (so nothing of them was drawn).
    public var vanishedTexts: [String] = []

    /// An empty trace.
    public init() {}
}
