import DuoDesktop
import DuoPlatform
import Foundation
import MiniGolf
import TabletopEngine

/// Draws a ``MiniGolfTable`` into its HUD layout, in scene points: the
/// status cells, the course from above (with the aim line), the caddie
/// camera in perspective (with the hinge's lens glare), and the buttons (the
/// engine draws the news, its notices and the banner).
/// Knows nothing of the window, the fold or the tilt.
struct MiniGolfPainter {
    let canvas: Canvas
    let table: MiniGolfTable
    let session: SeatSession
    /// Whether the person may strike now (the aim line and the lit turn cell show).
    let mayStrike: Bool
    let layout: HUDLayout
    let effect: HingeEffect.Visual?

    typealias ID = MiniGolfHUD.ElementID

    static let caption = TextStyle(size: 10.5, bold: true, color: Palette.statusCaption)
    static let value = TextStyle(size: 13.5, bold: true, color: Palette.statusText)
    static let buttonLabel = TextStyle(size: 14.5, bold: true, color: Palette.buttonText)
    static let buttonHint = TextStyle(size: 10.5, color: RGBAColor(hex: 0xCFE3F2))
    static let viewLabel = TextStyle(size: 10.5, bold: true, color: RGBAColor(hex: 0xFFFFFF, alpha: 200))
    static let aimLabel = TextStyle(size: 11.5, bold: true, color: GolfPalette.aim)

    func draw() {
        for placement in layout.placements {
            let frame = placement.frame
            switch placement.id {
            case ID.hole: drawStatus(frame, caption: "HOLE", text: table.holeText, highlighted: false)
            case ID.turn: drawStatus(frame, caption: "TURN", text: table.turnText, highlighted: mayStrike)
            case ID.score: drawStatus(frame, caption: "STROKES", text: table.scoreText(wins: session.wins), highlighted: false)
            case ID.course: drawCourse(frame)
            case ID.caddie: drawCaddie(frame)
            case _ where VictoryPhotoScreen.paintedElementIDs.contains(placement.id): continue
            case _ where SeatSession.paintedElementIDs.contains(placement.id): continue
            default: drawButton(placement.id, frame)
            }
        }
    }

    // MARK: - Status and buttons

    private func drawStatus(_ frame: Rect, caption: String, text: String, highlighted: Bool) {
        canvas.fillRoundedRect(
            x: frame.minX, y: frame.minY, width: frame.width, height: frame.height, radius: 8,
            color: highlighted ? Palette.yourTurn : Palette.statusBackground)
        canvas.drawText(caption, x: frame.minX + 8, y: frame.minY + 4, style: Self.caption)
        // One line: the words shrink to fit (never below the minimum), they are never cut.
        let fitted = canvas.fitParagraph(text, maxWidth: frame.width - 16, maxLines: 1, style: Self.value)
        canvas.drawParagraph(fitted, x: frame.minX + 8, y: frame.minY + 18, style: Self.value)
    }

    private func drawButton(_ id: String, _ frame: Rect) {
        let (label, hint) = id == ID.newGame ? ("New game", "N") : ("Help", "H")
        canvas.fillRoundedRect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height, radius: 10, color: Palette.button)
        canvas.drawText(label, x: frame.midX, y: frame.midY - 7, style: Self.buttonLabel, alignment: .center)
        canvas.drawText(hint, x: frame.midX, y: frame.midY + 11, style: Self.buttonHint, alignment: .center)
    }

    // MARK: - The course from above

    private func drawCourse(_ frame: Rect) {
        let hole = table.game.rules.holes[table.shownHole]
        let physics = table.game.rules.physics
        let view = CourseViewport(hole: hole, in: frame)
        canvas.fillRoundedRect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height, radius: 8, color: GolfPalette.rough)
        func polygon(_ points: [CoursePoint]) -> [(x: Double, y: Double)] {
            points.map { view.point(x: Double($0.x), y: Double($0.y)) }.map { ($0.x, $0.y) }
        }
        func fill(_ shape: AreaShape, _ color: RGBAColor) {
            if case .circle(let x, let y, let radius) = shape {
                let centre = view.point(x: Double(x), y: Double(y))
                canvas.fillCircle(centerX: centre.x, centerY: centre.y, radius: view.length(Double(radius)), color: color)
            } else if let corners = shape.corners {
                canvas.fillPolygon(polygon(corners), color: color)
            }
        }
        canvas.fillPolygon(polygon(hole.boundary), color: GolfPalette.green)
        for slope in hole.slopes {
            fill(slope.area, GolfPalette.slope)
            drawSlopeArrows(slope, view: view)
        }
        for trap in hole.sand { fill(trap, GolfPalette.sand) }
        for pond in hole.water { fill(pond, GolfPalette.water) }
        let wallWidth = max(2, view.length(2.5))
        let outline = hole.boundary + [hole.boundary[0]]
        for line in [outline] + hole.walls {
            for (a, b) in zip(line, line.dropFirst()) {
                let p = view.point(x: Double(a.x), y: Double(a.y))
                let q = view.point(x: Double(b.x), y: Double(b.y))
                canvas.line(fromX: p.x, y1: p.y, toX: q.x, y2: q.y, color: GolfPalette.wall, thickness: wallWidth)
            }
        }
        let tee = view.point(x: Double(hole.tee.x), y: Double(hole.tee.y))
        canvas.fillRect(x: tee.x - 4, y: tee.y - 4, width: 8, height: 8, color: GolfPalette.tee)
        let cup = view.point(x: Double(hole.cup.x), y: Double(hole.cup.y))
        canvas.fillCircle(centerX: cup.x, centerY: cup.y, radius: max(3, view.length(Double(physics.cupRadius))), color: GolfPalette.cup)
        canvas.drawSprite(
            GolfSprites.flag, x: cup.x - GolfSprites.flagPoleX, y: cup.y - GolfSprites.flagSize.height,
            width: GolfSprites.flagSize.width, height: GolfSprites.flagSize.height)
        if mayStrike, let shot = table.aimPreview(on: view), let seat = table.seatToPlay {
            drawAim(shot, from: view.point(table.state.balls[seat]), view: view)
        }
        if let drag = table.drag {
            canvas.dashedLine(
                fromX: drag.start.x, y1: drag.start.y, toX: drag.current.x, y2: drag.current.y,
                color: GolfPalette.aim.withAlpha(150), thickness: 1.5)
        }
        let radius = max(3, view.length(Double(physics.ballRadius)))
        for ball in table.balls {
            let point = view.point(ball.position)
            canvas.fillCircle(centerX: point.x, centerY: point.y, radius: radius + 1.5, color: GolfPalette.seatRing[ball.seat.rawValue])
            canvas.drawSprite(GolfSprites.ball, x: point.x - radius, y: point.y - radius, width: 2 * radius, height: 2 * radius)
        }
    }

    /// The aim line: along the stroke's direction, as long as the power.
    private func drawAim(_ shot: MiniGolfShot, from ball: Point, view: CourseViewport) {
        let end = AimReadout.lineEnd(of: shot, from: ball, on: view)
        canvas.dashedLine(fromX: ball.x, y1: ball.y, toX: end.x, y2: end.y, color: GolfPalette.aim, thickness: 2)
        canvas.fillCircle(centerX: end.x, centerY: end.y, radius: 3, color: GolfPalette.aim)
        let label = AimReadout.label(for: shot, on: view)
        let size = canvas.measureText(label, style: Self.aimLabel)
        let origin = AimReadout.labelOrigin(of: shot, from: ball, on: view, size: Size(width: size.width, height: size.height))
        canvas.fillRoundedRect(
            x: origin.x - 3, y: origin.y - 1, width: size.width + 6, height: size.height + 2, radius: 4,
            color: RGBAColor(hex: 0x000000, alpha: 150))
        canvas.drawText(label, x: origin.x, y: origin.y, style: Self.aimLabel)
    }

    /// Small chevrons pointing downhill across a slope.
    private func drawSlopeArrows(_ slope: Slope, view: CourseViewport) {
        guard let corners = slope.area.corners ?? circleBox(slope.area) else { return }
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        let length = hypot(Double(slope.fall.x), Double(slope.fall.y))
        guard length > 0, let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return }
        let (ux, uy) = (Double(slope.fall.x) / length, Double(slope.fall.y) / length)
        for gx in stride(from: Double(minX) + 20, to: Double(maxX), by: 40) {
            for gy in stride(from: Double(minY) + 20, to: Double(maxY), by: 40) {
                let tip = view.point(x: gx + ux * 8, y: gy + uy * 8)
                let left = view.point(x: gx - ux * 4 - uy * 6, y: gy - uy * 4 + ux * 6)
                let right = view.point(x: gx - ux * 4 + uy * 6, y: gy - uy * 4 - ux * 6)
                canvas.line(fromX: left.x, y1: left.y, toX: tip.x, y2: tip.y, color: GolfPalette.slopeArrow, thickness: 1.5)
                canvas.line(fromX: right.x, y1: right.y, toX: tip.x, y2: tip.y, color: GolfPalette.slopeArrow, thickness: 1.5)
            }
        }
    }

    private func circleBox(_ shape: AreaShape) -> [CoursePoint]? {
        guard case .circle(let x, let y, let r) = shape else { return nil }
        return [CoursePoint(x - r, y - r), CoursePoint(x + r, y + r)]
    }

    // MARK: - The caddie camera

    private func drawCaddie(_ frame: Rect) {
        let camera = table.caddieCamera(in: frame)
        let hole = table.game.rules.holes[table.shownHole]
        canvas.clip(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height)
        defer { canvas.unclip() }
        for shape in CaddieScene.shapes(hole: hole, physics: table.game.rules.physics, balls: table.balls, camera: camera) {
            switch shape {
            case .polygon(let points, .sky):
                let top = points.map(\.y).min() ?? frame.minY
                let bottom = points.map(\.y).max() ?? frame.minY
                canvas.fillGradientRect(
                    x: frame.minX, y: top, width: frame.width, height: bottom - top,
                    top: GolfPalette.skyTop, bottom: GolfPalette.skyHorizon)
            case .polygon(_, .flag):
                continue  // The flag sprite, drawn with its pole, has the flag.
            case .polygon(let points, let material):
                canvas.fillPolygon(points.map { ($0.x, $0.y) }, color: color(of: material))
            case .line(let foot, let top, _, .pole):
                drawFlag(foot: foot, top: top)
            case .disc(let centre, let radius, .ball):
                canvas.drawSprite(GolfSprites.ball, x: centre.x - radius, y: centre.y - radius, width: 2 * radius, height: 2 * radius)
            case .disc(let centre, let radius, let material):
                canvas.fillCircle(centerX: centre.x, centerY: centre.y, radius: radius, color: color(of: material))
            case .line(let from, let to, let width, let material):
                canvas.line(fromX: from.x, y1: from.y, toX: to.x, y2: to.y, color: color(of: material), thickness: width)
            }
        }
        drawGlare(in: frame)
        canvas.drawText("CADDIE", x: frame.minX + 8, y: frame.minY + 6, style: Self.viewLabel)
    }

    /// The flag sprite standing on the flagstick's foot, as tall as the stick is seen
    /// (the course view's sprite, seen from the caddie's place).
    private func drawFlag(foot: Point, top: Point) {
        let frame = GolfSprites.caddieFlagFrame(foot: foot, top: top)
        guard frame.height >= 1 else { return }
        canvas.drawSprite(GolfSprites.flag, x: frame.minX, y: frame.minY, width: frame.width, height: frame.height)
    }

    private func color(of material: CaddieMaterial) -> RGBAColor {
        switch material {
        case .sky: GolfPalette.skyTop
        case .rough: GolfPalette.farRough
        case .green: GolfPalette.green
        case .slope: GolfPalette.slope
        case .sand: GolfPalette.sand
        case .water: GolfPalette.water
        case .cup: GolfPalette.cup
        case .wall: GolfPalette.wallFace
        case .pole: GolfPalette.pole
        case .flag: GolfPalette.flag
        case .ball: GolfPalette.ball
        }
    }

    /// The hinge effect: lens glare, as if the upright half caught the light.
    /// Its strength follows the hinge angle while the device is partly
    /// folded; at rest (flat, closed, no hinge) there is none (the reset rule,
    /// kept by the desktop's ``HingeEffect``).
    private func drawGlare(in frame: Rect) {
        guard let effect, effect.glareStrength > 0.01 else { return }
        let strength = min(1, effect.glareStrength)
        // The light source slides across the top as the panel stands up.
        let source = Point(x: frame.minX + frame.width * (0.2 + 0.6 * effect.glarePosition), y: frame.minY + frame.height * 0.12)
        let centre = frame.center
        canvas.fillCircle(
            centerX: source.x, centerY: source.y, radius: frame.height * 0.16,
            color: GolfPalette.glare.withAlpha(UInt8(150 * strength)))
        canvas.fillCircle(
            centerX: source.x, centerY: source.y, radius: frame.height * 0.3,
            color: GolfPalette.glare.withAlpha(UInt8(45 * strength)))
        // Ghosts of the lens along the line through the centre.
        for (step, size) in [(0.6, 0.035), (1.1, 0.06), (1.5, 0.025), (1.9, 0.08)] {
            let x = source.x + (centre.x - source.x) * step
            let y = source.y + (centre.y - source.y) * step
            canvas.fillCircle(centerX: x, centerY: y, radius: frame.height * size, color: GolfPalette.glare.withAlpha(UInt8(70 * strength)))
        }
    }
}
