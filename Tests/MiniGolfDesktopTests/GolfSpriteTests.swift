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
