import DuoDesktop
import DuoPlatform
import DuoTestSupport
import Foundation
import MiniGolf
import MiniGolfDesktop
import Testing

/// Golf's screenshots show its ball and flag sprites, at two window scales
/// (in the serialized golf suite: SDL is process-wide).
extension GolfDesktopTests {
    @Test("the ball and the flag on the course are their sprites, at scale 1 and 2", arguments: [1.0, 2.0])
    func ballAndFlagSprites(scale: Double) throws {
        let session = try Self.session(.flat)
        let table = try Self.golf(session)
        let course = try #require(session.hudLayout.frame(of: MiniGolfHUD.ElementID.course))
        let hole = table.game.rules.holes[table.shownHole]
        let view = CourseViewport(hole: hole, in: course)
        let image = try Screenshot.scene(of: session, scale: scale)
        func match(_ path: String, x: Double, y: Double, width: Double, height: Double) throws -> SpriteMatch {
            let sprite = try PNGImage(contentsOf: PackageRoot.assets.appendingPathComponent(path))
            // Where the canvas puts it: both corners rounded to whole pixels.
            let x0 = Int((x * scale).rounded())
            let y0 = Int((y * scale).rounded())
            let x1 = Int(((x + width) * scale).rounded())
            let y1 = Int(((y + height) * scale).rounded())
            return SpriteMatch(sprite: sprite, rect: (x0, y0, x1 - x0, y1 - y0)) { px, py in
                let c = image.pixel(x: px, y: py)
                return (c.red, c.green, c.blue)
            }
        }
        let radius = max(3, view.length(Double(table.game.rules.physics.ballRadius)))
        for ball in table.balls {
            let centre = view.point(ball.position)
            let seen = try match("sprites/minigolf/ball.png", x: centre.x - radius, y: centre.y - radius, width: 2 * radius, height: 2 * radius)
            #expect(seen.shows(minimum: Int(12 * scale * scale)), "ball at scale \(scale): \(seen)")
        }
        // The flag: 14 x 23 points, its pole 1 point from its left edge, its foot at the cup.
        let cup = view.point(x: Double(hole.cup.x), y: Double(hole.cup.y))
        let flag = try match("sprites/minigolf/flag.png", x: cup.x - 1, y: cup.y - 23, width: 14, height: 23)
        #expect(flag.shows(minimum: Int(25 * scale * scale)), "flag at scale \(scale): \(flag)")
    }
}

extension GolfDesktopTests {
    @Test("the caddie view draws the ball and the flag with their sprites, at scale 1 and 2", arguments: [1.0, 2.0])
    func caddieSprites(scale: Double) throws {
        let session = try Self.session(.tabletop)
        let table = try Self.golf(session)
        let content = session.content
        let layout = session.hudLayout
        let caddie = try #require(layout.frame(of: MiniGolfHUD.ElementID.caddie))
        // The game's own picture with no hinge glare over it, at the scale.
        let offscreen = try OffscreenRenderer(
            width: Int((content.context.size.width * scale).rounded(.up)), height: Int((content.context.size.height * scale).rounded(.up)))
        defer { offscreen.close() }
        offscreen.canvas.transform = CanvasTransform(scale: scale)
        session.game.paint(on: offscreen.canvas, layout: layout, context: content.context, effect: nil)
        if let error = offscreen.canvas.takeError() { throw error }
        let image = try offscreen.readPixels()
        func match(_ path: String, _ rect: Rect) throws -> SpriteMatch {
            let sprite = try PNGImage(contentsOf: PackageRoot.assets.appendingPathComponent(path))
            let x0 = Int((rect.minX * scale).rounded())
            let y0 = Int((rect.minY * scale).rounded())
            let x1 = Int((rect.maxX * scale).rounded())
            let y1 = Int((rect.maxY * scale).rounded())
            return SpriteMatch(sprite: sprite, rect: (x0, y0, x1 - x0, y1 - y0)) { px, py in
                let c = image.pixel(x: px, y: py)
                return (c.red, c.green, c.blue)
            }
        }
        let hole = table.game.rules.holes[table.shownHole]
        let shapes = CaddieScene.shapes(
            hole: hole, physics: table.game.rules.physics, balls: table.balls, camera: table.caddieCamera(in: caddie))
        var balls = 0
        var flags = 0
        for shape in shapes {
            switch shape {
            case .disc(let centre, let radius, .ball) where radius * scale >= 6:
                let seen = try match(
                    "sprites/minigolf/ball.png", Rect(x: centre.x - radius, y: centre.y - radius, width: 2 * radius, height: 2 * radius))
                #expect(seen.shows(minimum: Int(radius * radius * scale * scale)), "ball at scale \(scale): \(seen)")
                balls += 1
            case .line(let foot, let top, _, .pole):
                // The flag image (14 x 23 points, its pole 1 point from its left edge) as tall as the stick is seen.
                let height = foot.y - top.y
                let width = height * 14 / 23
                let seen = try match("sprites/minigolf/flag.png", Rect(x: foot.x - width / 14, y: top.y, width: width, height: height))
                #expect(seen.shows(minimum: Int(width * height * scale * scale) / 20), "flag at scale \(scale): \(seen)")
                flags += 1
            default:
                continue
            }
        }
        #expect(balls >= 1 && flags == 1, "the caddie view shows the ball and the flag (\(balls) balls, \(flags) flags)")
    }
}
