import Broadside
import BroadsideDesktop
import DuoDesktop
import DuoPlatform
import DuoTestSupport
import Foundation
import TabletopEngine
import Testing

/// Broadside's screenshots show its ship sprites, at two window scales. In the
/// one serialized SDL suite (see `OffscreenRenderingTests`).
extension OffscreenRenderingTests {
    @Test("Broadside's own ships are their sprites, tinted with the fleet's colour, over their cells at scale 1 and 2", arguments: [1.0, 2.0])
    func shipSpritesInTheScreenshot(scale: Double) throws {
        // Flat: the device at rest, so no hinge light lies over the boards.
        let session = DesktopFixtures.session(.flat)
        let autoPlace = try #require(session.hudLayout.frame(of: BroadsideHUD.ElementID.autoPlace))
        session.click(at: autoPlace.center)
        #expect(session.table.moment == .battle)
        // In battle the viewer's own fleet is on the secondary board, with no shots on it yet.
        let board = try #require(session.hudLayout.frame(of: BroadsideHUD.ElementID.secondaryBoard))
        let image = try Screenshot.scene(of: session, scale: scale)
        let rules = session.table.game.rules
        let tint = session.table.shipColors[session.table.viewer]
        var ships = 0
        for placement in session.table.view.fleet {
            let length = rules.fleet[placement.ship].length
            let heading = placement.heading == .across ? "across" : "down"
            let sprite = try PNGImage(contentsOf: PackageRoot.assets.appendingPathComponent("sprites/broadside/ship-\(length)-\(heading).png"))
            let first = session.table.hud.grid.cellFrame(row: placement.origin.row, column: placement.origin.column, in: board)
            let width = placement.heading == .across ? first.width * Double(length) : first.width
            let height = placement.heading == .down ? first.height * Double(length) : first.height
            // Where the canvas puts it: both corners rounded to whole pixels.
            let x0 = Int((first.minX * scale).rounded()), y0 = Int((first.minY * scale).rounded())
            let x1 = Int(((first.minX + width) * scale).rounded()), y1 = Int(((first.minY + height) * scale).rounded())
            let match = SpriteMatch(sprite: sprite, tint: (tint.red, tint.green, tint.blue), rect: (x0, y0, x1 - x0, y1 - y0)) { x, y in
                let c = image.pixel(x: x, y: y)
                return (c.red, c.green, c.blue)
            }
            #expect(match.shows(minimum: Int(120 * scale * scale) * length), "\(rules.fleet[placement.ship].name) \(heading): \(match)")
            ships += 1
        }
        #expect(ships == rules.fleet.count)
    }
}
