import DuoPlatform
import TabletopEngine

/// What is wrong with one text a frame drew.
public enum DrawnTextProblem: Sendable, Hashable {
    /// Set below the smallest size allowed.
    case tooSmall(minimum: Double)
    /// Cut short with an ellipsis: the words it was cut from.
    case cut(from: String)
    /// Cut to nothing at all: nothing of the words was drawn.
    case vanished
    /// Partly outside the clip rectangle in force: its edge is cut off.
    case clipped(clip: Rect)
    /// Partly outside the scene (or the window, for the status line and the help).
    case leavesSurface(Size)
    /// Over an active reserved region: the fold's band, a camera, the status area.
    case crossesRegion(ReservedRegion.ID, frame: Rect)
    /// Across the edge of a HUD element: partly in it, partly out.
    case crossesElement(String, frame: Rect)
    /// Over another text.
    case overlapsText(DrawnText)
    /// Under a shape an overlay drew over the game (a label of the regions overlay, G).
    case coveredByOverlay(frame: Rect)

    /// What the text meets, for the rules that name something: the element, the region or the
    /// overlay; for ``DrawnTextProblem/overlapsText(_:)`` the other text's place in `scene` (``DrawnTextRules/place(of:in:)``).
    public func target(in scene: DrawnTextRules.Scene) -> String {
        switch self {
        case .crossesElement(let id, _): id
        case .crossesRegion(let id, _): id.rawValue
        case .overlapsText(let other): DrawnTextRules.place(of: other, in: scene)
        case .coveredByOverlay: "the regions overlay"
        default: ""
        }
    }

    /// The rule's name, as `duo lint --json` and the known findings name it.
    public var rule: String {
        switch self {
        case .tooSmall: "tooSmall"
        case .cut: "cut"
        case .vanished: "vanished"
        case .clipped: "clipped"
        case .leavesSurface: "leavesSurface"
        case .crossesRegion: "crossesRegion"
        case .crossesElement: "crossesElement"
        case .overlapsText: "overlapsText"
        case .coveredByOverlay: "coveredByOverlay"
        }
    }
}

/// One rule a drawn text breaks.
public struct DrawnTextViolation: Sendable, Hashable, CustomStringConvertible {
    /// The text.
    public var text: DrawnText
    /// What is wrong with it.
    public var problem: DrawnTextProblem

    /// A violation from its parts.
    public init(text: DrawnText, problem: DrawnTextProblem) {
        self.text = text
        self.problem = problem
    }

    /// `text 'NEWS · 16 newer (P…' (12, 300, 180, 13) at 10.5 pt is cut short of 'NEWS · 16 newer (PgDn)'`.
    public var description: String {
        let words = "text '\(text.text)' \(DrawnTextRules.formatted(text.frame)) at \(DrawnTextRules.formatted(text.size)) pt"
        switch problem {
        case .tooSmall(let minimum): return "\(words) is under the minimum size, \(DrawnTextRules.formatted(minimum)) pt"
        case .cut(let whole): return "\(words) is cut short of '\(whole)'"
        case .vanished: return "text '\(text.text)' is cut to nothing: none of it is drawn"
        case .clipped(let clip): return "\(words) is cut off by the clip \(DrawnTextRules.formatted(clip))"
        case .leavesSurface(let size):
            let surface = text.space == .scene ? "scene" : "window"
            return "\(words) leaves the \(DrawnTextRules.formatted(size.width)) x \(DrawnTextRules.formatted(size.height)) \(surface)"
        case .crossesRegion(let id, let frame):
            return
                "\(words) crosses the active \(id.kind == .division ? "division" : "occlusion") '\(id.rawValue)' \(DrawnTextRules.formatted(frame))"
        case .crossesElement(let id, let frame): return "\(words) crosses the edge of element '\(id)' \(DrawnTextRules.formatted(frame))"
        case .overlapsText(let other):
            return "\(words) overlaps text '\(other.text)' \(DrawnTextRules.formatted(other.frame)) at \(DrawnTextRules.formatted(other.size)) pt"
        case .coveredByOverlay(let frame): return "\(words) is under a box of the regions overlay \(DrawnTextRules.formatted(frame))"
        }
    }
}

/// The drawn-text rules: every text one frame drew (its ``FrameTrace``) is
/// checked against the scene it was drawn in. A text must be drawn whole (not
/// cut with an ellipsis, clipped, or off the scene), at the minimum size or
/// more, clear of the fold's band and the cameras, inside the HUD element it
/// is in (never across an element's edge), clear of every other text, and
/// not under an overlay. Pure: the frame is rendered first, offscreen, with
/// ``Canvas/tracesFrame`` on (``DrawnTextLint`` does that over whole matches).
public enum DrawnTextRules {
    /// How far, in points, a box may reach past an edge before it counts: the
    /// rendered string's box is rounded to whole pixels.
    public static let tolerance = 0.5

    /// The scene a frame was drawn in: its size, the active reserved regions and the HUD's elements.
    public struct Scene: Sendable, Equatable {
        /// The scene's size, in points.
        public var size: Size
        /// The active divisions and occlusions (the fold's band while folded, cameras, the status area).
        public var regions: [ReservedRegion]
        /// Each HUD element laid out (its id and frame, in scene points).
        public var elements: [(id: String, frame: Rect)]

        /// A scene from its parts.
        public init(size: Size, regions: [ReservedRegion], elements: [(id: String, frame: Rect)]) {
            self.size = size
            self.regions = regions.filter(\.isActive)
            self.elements = elements
        }

        /// The scene of a layout context and the HUD laid out in it.
        public init(context: LayoutContext, elements: [(id: String, frame: Rect)]) {
            self.init(
                size: context.size, regions: context.reservedRegions(options: .includeInactive, layoutDirectionBehavior: .fixed),
                elements: elements)
        }

        /// Equal when every part is.
        public static func == (lhs: Scene, rhs: Scene) -> Bool {
            lhs.size == rhs.size && lhs.regions == rhs.regions && lhs.elements.map(\.id) == rhs.elements.map(\.id)
                && lhs.elements.map(\.frame) == rhs.elements.map(\.frame)
        }
    }

    /// The window a frame was drawn in: its size and where the fold's band shows in it.
    public struct Window: Sendable, Equatable {
        /// The window's size, in pixels.
        public var size: Size
        /// The bounding boxes, in window pixels, of the active divisions as the device is drawn in the window.
        public var folds: [Rect]

        /// A window from its parts.
        public init(size: Size, folds: [Rect]) {
            self.size = size
            self.folds = folds
        }
    }

    /// Every rule each text of `trace` breaks.
    /// - Parameters:
    ///   - trace: what the frame drew.
    ///   - scene: the scene it was drawn in.
    ///   - window: the window, when the frame was drawn whole (nil: the scene alone; window texts are not checked).
    ///   - minimumSize: the smallest size, in points, a text may be set at.
    public static func violations(in trace: FrameTrace, scene: Scene, window: Window? = nil, minimumSize: Double) -> [DrawnTextViolation] {
        var found: [DrawnTextViolation] = trace.vanishedTexts.map {
            DrawnTextViolation(text: DrawnText(text: $0, frame: .zero, size: 0), problem: .vanished)
        }
        let sceneTexts = trace.texts.filter { $0.space == .scene }
        let windowTexts = window == nil ? [] : trace.texts.filter { $0.space == .window }
        for text in sceneTexts + windowTexts {
            func report(_ problem: DrawnTextProblem) { found.append(DrawnTextViolation(text: text, problem: problem)) }
            if text.size < minimumSize - 0.001 { report(.tooSmall(minimum: minimumSize)) }
            if let whole = text.cutFrom { report(.cut(from: whole)) }
            if let clip = text.clip, !within(text.frame, clip) { report(.clipped(clip: clip)) }
            let surface = text.space == .scene ? scene.size : window?.size ?? scene.size
            if !within(text.frame, Rect(size: surface)) { report(.leavesSurface(surface)) }
            // The regions overlay labels regions: its labels sit on them by design. The help must keep off the fold.
            switch (text.space, text.layer) {
            case (.scene, .game):
                for region in scene.regions where crosses(text.frame, region.frame) {
                    report(.crossesRegion(region.id, frame: region.frame))
                }
            case (.window, .overlay):
                for fold in window?.folds ?? [] where crosses(text.frame, fold) { report(.crossesRegion(.fold, frame: fold)) }
            default:
                break
            }
            guard text.space == .scene, text.layer == .game else { continue }
            for element in scene.elements where crosses(text.frame, element.frame) && !within(text.frame, element.frame) {
                report(.crossesElement(element.id, frame: element.frame))
            }
            for shape in trace.overlayShapes where crosses(text.frame, shape) { report(.coveredByOverlay(frame: shape)) }
        }
        // Each pair once, in the order drawn: the later text is the one reported, over the earlier.
        // A label of the regions overlay over the game's text is reported as its box covering it (above).
        for group in [sceneTexts, windowTexts] {
            for (index, text) in group.enumerated() {
                for earlier in group[..<index] where overlaps(text.frame, earlier.frame) {
                    if text.space == .scene, text.layer == .overlay, earlier.layer != .overlay { continue }
                    found.append(DrawnTextViolation(text: text, problem: .overlapsText(earlier)))
                }
            }
        }
        return found
    }

    /// Whether `inner` lies inside `outer`, give or take ``tolerance``.
    static func within(_ inner: Rect, _ outer: Rect) -> Bool {
        inner.minX >= outer.minX - tolerance && inner.minY >= outer.minY - tolerance && inner.maxX <= outer.maxX + tolerance
            && inner.maxY <= outer.maxY + tolerance
    }

    /// Whether two rectangles share more than ``tolerance`` each way.
    static func crosses(_ a: Rect, _ b: Rect) -> Bool {
        min(a.maxX, b.maxX) - max(a.minX, b.minX) > tolerance && min(a.maxY, b.maxY) - max(a.minY, b.minY) > tolerance
    }

    /// Whether two texts' boxes overlap by more than a point across and a fifth of the lower one's
    /// height: a box holds the font's whole ascent and descent, so lines set close touch without their letters meeting.
    static func overlaps(_ a: Rect, _ b: Rect) -> Bool {
        let across = min(a.maxX, b.maxX) - max(a.minX, b.minX)
        let down = min(a.maxY, b.maxY) - max(a.minY, b.minY)
        return across > 1 && down > max(1, 0.2 * min(a.height, b.height))
    }

    /// Where a text is, as findings name it: the smallest HUD element holding its centre, or
    /// the layer that drew it (`the regions overlay`, `the hotkey help`, `the status line`, `the device's hardware`).
    public static func place(of text: DrawnText, in scene: Scene) -> String {
        switch (text.space, text.layer) {
        case (.window, .overlay): return "the hotkey help"
        case (.window, .window): return "the status line"
        case (.window, _): return "the capture accessory"
        case (.scene, .overlay): return "the regions overlay"
        case (.scene, .hardware): return "the device's hardware"
        case (.scene, .game), (.scene, .window):
            let centre = text.frame.center
            let holding = scene.elements.filter { $0.frame.contains(centre) }.min { $0.frame.area < $1.frame.area }
            return holding.map { "'\($0.id)'" } ?? "no element"
        }
    }

    /// A rectangle as the messages show it: `(12, 300.5, 180, 13)`.
    public static func formatted(_ rect: Rect) -> String {
        "(\(formatted(rect.minX)), \(formatted(rect.minY)), \(formatted(rect.width)), \(formatted(rect.height)))"
    }

    /// A number as the messages show it: `13.5`, `10`.
    public static func formatted(_ value: Double) -> String {
        let tenths = (value * 10).rounded() / 10
        return tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
    }
}
