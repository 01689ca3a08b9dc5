import DuoPlatform
import TabletopEngine

/// Mini golf's HUD, declared by role for the engine's fold-aware layout
/// helper. The course (acted on: drag to aim and set power) is the primary
/// board, so it lies on the flat half in tabletop; the caddie camera (looked
/// at) is the secondary board, on the upright half, or beside the course
/// in book. Flat, closed and `classic` get a single view: the course alone,
/// across the whole display (a flat fold included: that screen is replaced
/// by course and caddie as soon as the fold is active, so it has no fold
/// to keep room for; see ``HUDFlatLayout``).
///
/// What decides single or double is the layout context (is there an active
/// fold?), never the hinge angle: the angle only drives the caddie view's
/// lens glare, drawn by the front end.
public struct MiniGolfHUD: Sendable, Hashable {
    /// Element ids, shared by the layout, the painter and the input mapping.
    public enum ElementID {
        /// The hole: number, name, par.
        public static let hole = "hole"
        /// Whose turn it is, and the aim.
        public static let turn = "turn"
        /// Each player's strokes and the session's wins.
        public static let score = "score"
        /// What the last stroke did.
        public static let news = "news"
        /// The course from above: drag on it to aim and set the power.
        public static let course = "course"
        /// The caddie camera: the hole seen from behind the ball.
        public static let caddie = "caddie"
        /// Start a new match.
        public static let newGame = "new-game"
        /// Show or hide the help.
        public static let help = "help"
    }

    /// The course board's width over height on a wide panel (tabletop's
    /// flat half, a landscape phone). The painter turns a hole a quarter
    /// turn when that fits it better, so one ratio serves every hole.
    public static let wideCourseAspectRatio = 1.4
    /// The course board's width over height on a tall panel (a book page, a portrait phone).
    public static let tallCourseAspectRatio = 0.72
    /// The caddie view's width over height.
    public static let caddieAspectRatio = 1.5
    /// The smallest course board side: room enough to aim with a finger.
    public static let minimumCourseSide = 200.0
    /// The smallest course board side where the flat half of a tabletop fold
    /// cannot hold ``minimumCourseSide`` beside the buttons (the fold moved
    /// towards it with the inner camera in use there): the hole still shows
    /// whole, and a pull may run past the board, so aiming keeps its reach.
    /// Kept on the flat half, a smaller course beats one stood upright.
    public static let compactCourseSide = 160.0
    /// The news log's height in points: the newest strokes, a line or two each.
    public static let newsHeight = 84.0
    /// The smallest caddie view side.
    public static let minimumCaddieSide = 150.0

    /// The HUD of mini golf (it has no options).
    public init() {}

    /// The screen for a scene: with the caddie view when the scene has an
    /// active fold (tabletop, book, tent), the course alone otherwise; a wide
    /// or a tall course board as the panel it goes to is wide or tall.
    public func screen(in context: LayoutContext) -> HUDScreen {
        screen(withCaddie: !context.reservedRegions(kind: .division).isEmpty, wideCourse: Self.hasWideCoursePanel(context))
    }

    /// Whether the panel the course lies in is wider than tall: half the
    /// scene on the far side of an active fold, else the whole scene (the
    /// single view ignores a flat fold).
    public static func hasWideCoursePanel(_ context: LayoutContext) -> Bool {
        let size = context.size
        guard let fold = context.reservedRegions(kind: .division).first?.frame else {
            return size.width > size.height
        }
        return fold.width > fold.height ? size.width > size.height / 2 : size.width / 2 > size.height
    }

    /// The screen with or without the caddie view, with a wide or a tall course
    /// board; where that cannot keep the rules (the course off the flat half in
    /// tabletop), the other shape, then a compact course of either shape.
    public func screen(withCaddie: Bool, wideCourse: Bool = true) -> HUDScreen {
        let name = (withCaddie ? "course+caddie" : "course") + (wideCourse ? "" : " (tall)")
        let fallbacks = [(!wideCourse, Self.minimumCourseSide), (wideCourse, Self.compactCourseSide), (!wideCourse, Self.compactCourseSide)]
        // The course alone is shown only while no fold is active: one view across a flat fold.
        return HUDScreen(
            name: name, elements: elements(withCaddie: withCaddie, wideCourse: wideCourse, courseSide: Self.minimumCourseSide),
            fallbacks: fallbacks.map { elements(withCaddie: withCaddie, wideCourse: $0.0, courseSide: $0.1) },
            flatLayout: withCaddie ? .split : .singleView)
    }

    /// The elements of a screen, with a course of the given shape and smallest side.
    private func elements(withCaddie: Bool, wideCourse: Bool, courseSide: Double) -> [HUDElement] {
        var elements: [HUDElement] = [
            .status(ElementID.hole, height: 44, minimumWidth: 200),
            .status(ElementID.turn, height: 44, minimumWidth: 200),
            .status(ElementID.score, height: 44, minimumWidth: 200),
            // The news log: the latest strokes, a few lines (older ones a scroll away).
            .status(ElementID.news, height: Self.newsHeight, minimumWidth: 200),
            .board(
                ElementID.course, anchor: .primaryBoard,
                aspectRatio: wideCourse ? Self.wideCourseAspectRatio : Self.tallCourseAspectRatio,
                minimumSide: courseSide),
        ]
        if withCaddie {
            elements.append(
                .board(
                    ElementID.caddie, anchor: .secondaryBoard, aspectRatio: Self.caddieAspectRatio,
                    minimumSide: Self.minimumCaddieSide, isInteractive: false, isOptional: true))
        }
        return elements + [.control(ElementID.newGame), .control(ElementID.help)]
    }

    /// Every screen the game can show: what `duo lint` lays out.
    public var allScreens: [HUDScreen] {
        [true, false].flatMap { caddie in [true, false].map { screen(withCaddie: caddie, wideCourse: $0) } }
    }
}
