import DuoClient
import DuoDesktop
import DuoPlatform
import Foundation
import MiniGolf
import TabletopEngine

/// Mini golf's table: the course, caddie view and painter of a
/// `MiniGolfTable`, drawn from the views its host sends (golf has no
/// secrets: a seat's view is the whole table), and strokes asked of the
/// host: drag on the course (pull back from the ball, release to strike),
/// or aim with J/K and I/M and strike with Enter. Everything else (the
/// connection, the seat, the news, the notices) is the engine's `SeatSession`.
public struct MiniGolfNetworkTable: SeatTable, NewsWordedForLayout {
    /// `minigolf`.
    public static var gameName: String { MiniGolf.name }

    /// The table shown: the host's latest view.
    public private(set) var table: MiniGolfTable
    private let seed: UInt64
    /// The hole of each stroke the news told by angle (its line), newest last, as many as the news keeps:
    /// the news box words each line for that hole as drawn (``newsWords(_:in:)``).
    private var strokeHoles: [(line: String, hole: Int)] = []

    /// A table showing `game`'s first hole until its host seats it.
    public init(game: MiniGolf, seed: UInt64 = 1) {
        self.seed = seed
        table = MiniGolfTable(game: game, online: nil, seed: seed)
    }

    /// The rules variant on the table.
    public var variant: String { table.game.variant }

    /// Whether a stroke is still rolling: its news waits for it to stop, and a bot in this window too.
    public var isShowingMove: Bool { table.isRolling }

    /// Stops the rolling stroke where it ends.
    public mutating func finishShowingMoves() { table.finishRolling() }

    /// Whether the person may aim and strike now: the seat's turn, nothing rolling, the host ready for a move.
    public func mayStrike(_ session: SeatSession) -> Bool {
        table.acceptsStroke && session.canMove && session.movesInFlight == 0
    }

    // MARK: - The host's views

    /// Takes the host's rules for the match.
    public mutating func load(variant: String, rules: JSONValue) throws {
        let game = try MiniGolf(variant: variant, rulesData: Data(rules.serialized))
        if game.rules != table.game.rules || game.variant != table.game.variant { table = MiniGolfTable(game: game, online: nil, seed: seed) }
    }

    /// The first hole, as the session's seat (or a spectator) sees it, the seats named as the session names them.
    public mutating func startMatch(session: SeatSession) {
        let names = SeatPair(session.name(of: .first), session.name(of: .second))
        let short = SeatPair<String>(
            session.isYou(.first) ? "You" : (session.opponentIsBot && !session.isSpectator ? "Bot" : "P1"),
            session.isYou(.second) ? "You" : (session.opponentIsBot && !session.isSpectator ? "Bot" : "P2"))
        table = MiniGolfTable(game: table.game, online: session.isSpectator ? nil : session.seat, seed: seed, names: names, shortNames: short)
    }

    /// Shows the host's view; a new stroke rolls, and its news says what it did.
    public mutating func show(_ update: ViewUpdate, session: SeatSession, news: inout SeatNews) throws {
        let view = session.isSpectator ? try update.decode(MiniGolfPublicView.self) : try update.decode(MiniGolfSeatView.self).table
        guard let record = table.show(view) else { return }
        let (line, banner) = table.news(of: record)
        if MiniGolfTable.playedStroke(in: line) != nil {
            strokeHoles.append((line, record.hole))
            if strokeHoles.count > NewsFeed.limit { strokeHoles.removeFirst(strokeHoles.count - NewsFeed.limit) }
        }
        if let banner { news.announce(line, banner: banner) } else { news.say(line) }
    }

    // MARK: - What the window shows

    /// `Mini golf`.
    public var title: String { "Mini golf" }
    /// The course alone, or course and caddie when the scene has an active fold.
    public func screen(in context: LayoutContext, session: SeatSession) -> HUDScreen { table.screen(in: context) }
    /// Golf's keys.
    public var hotkeys: [Hotkey] { MiniGolfTable.desktopHotkeys }
    /// Grass.
    public var panelColors: (flat: RGBAColor, upright: RGBAColor) { (GolfPalette.flatPanel, GolfPalette.uprightPanel) }
    /// The glare is drawn as lens flare in the caddie view.
    public var hingeEffectStyle: HingeEffectStyle { .drawnByGame }
    /// Whose turn, or the result.
    public func turnText(session: SeatSession) -> String { table.turnText }
    /// Both players' totals and the session's wins.
    public func scoreText(session: SeatSession) -> String { table.scoreText(wins: session.wins) }

    /// Draws status, course, caddie view and buttons (the engine draws the news, notices and banner).
    public func paint(on canvas: Canvas, layout: HUDLayout, context: LayoutContext, effect: HingeEffect.Visual?, session: SeatSession) {
        MiniGolfPainter(canvas: canvas, table: table, session: session, mayStrike: mayStrike(session), layout: layout, effect: effect).draw()
    }

    /// Over the caddie view when it shows, so the course stays clear to aim on; with none (one
    /// view: flat, closed, a phone), over the course's larger part above or below the ball to
    /// play, its aim line and the aim readout, so the banner never covers what the player aims with.
    public func bannerFrame(in layout: HUDLayout) -> Rect? {
        if let caddie = layout.frame(of: MiniGolfHUD.ElementID.caddie) { return caddie }
        guard let course = layout.frame(of: MiniGolfHUD.ElementID.course), let view = table.courseViewport(in: layout) else { return nil }
        guard let seat = table.seatToPlay, let shot = table.aimPreview(on: view) else { return course }
        let radius = max(3, view.length(Double(table.game.rules.physics.ballRadius))) + 1.5
        let aim = AimReadout.drawnArea(of: shot, from: view.point(table.state.balls[seat]), on: view, ballRadius: radius)
        let above = Rect(x: course.minX, y: course.minY, width: course.width, height: max(0, aim.minY - 4 - course.minY))
        let below = Rect(x: course.minX, y: aim.maxY + 4, width: course.width, height: max(0, course.maxY - aim.maxY - 4))
        return above.height >= below.height ? above : below
    }

    // MARK: - News in the player's frame

    /// A stroke's line ("You played 270° at 45%", course degrees) with its angle in the frame of
    /// the aim readout, for its hole as `layout` draws it: degrees clockwise from straight up the
    /// screen as the player sits ("You played 0° at 45%" for a stroke up the screen). Other lines as they are.
    public func newsWords(_ line: String, in layout: HUDLayout) -> String {
        guard let (who, shot) = MiniGolfTable.playedStroke(in: line), let course = layout.frame(of: MiniGolfHUD.ElementID.course) else {
            return line
        }
        let holes = table.game.rules.holes
        let hole = strokeHoles.last { $0.line == line }?.hole ?? table.shownHole
        guard holes.indices.contains(hole) else { return line }
        let bearing = AimReadout.bearing(of: shot, on: CourseViewport(hole: holes[hole], in: course))
        return MiniGolfTable.playedLine(who: who, MiniGolfShot(angle: bearing, power: shot.power))
    }

    // MARK: - Input and time

    /// Follows a drag.
    public mutating func pointerMoved(to point: Point?, layout: HUDLayout, session: SeatSession) {
        if let point { table.moveDrag(to: point) }
    }

    /// Starts a drag on the course, when the person may strike.
    public mutating func pointerPressed(at point: Point, layout: HUDLayout, session: SeatSession) -> [MiniGolfShot] {
        guard mayStrike(session), layout.element(at: point)?.id == MiniGolfHUD.ElementID.course else { return [] }
        table.beginDrag(at: point)
        return []
    }

    /// Ends a drag: the stroke it gives is asked of the host; released off the display, it is dropped.
    public mutating func pointerReleased(at point: Point?, layout: HUDLayout, session: SeatSession) -> [MiniGolfShot] {
        guard table.drag != nil else { return [] }
        guard let point, let viewport = table.courseViewport(in: layout) else {
            table.cancelDrag()
            return []
        }
        table.moveDrag(to: point)
        guard table.endDrag(on: viewport), mayStrike(session), let shot = table.strike() else { return [] }
        return [shot]
    }

    /// Enter strikes, J/K aim and I/M set the power.
    public mutating func perform(_ command: DesktopCommand, session: SeatSession) -> [MiniGolfShot] {
        switch command {
        case .confirm:
            guard mayStrike(session), let shot = table.strike() else { return [] }
            return [shot]
        case .gameKey(let key, let shift):
            let step = shift ? 10 : 1
            switch key {
            case .letter("j"): table.turnAim(by: -step)
            case .letter("k"): table.turnAim(by: step)
            case .letter("i"): table.changePower(by: step)
            case .letter("m"): table.changePower(by: -step)
            default: break
            }
            return []
        default:
            return []
        }
    }

    /// The ball rolls.
    public mutating func advance(by seconds: Double) { table.advance(by: seconds) }
}
