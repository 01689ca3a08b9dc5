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
            let x0 = Int((first.minX * scale).rounded())
            let y0 = Int((first.minY * scale).rounded())
            let x1 = Int(((first.minX + width) * scale).rounded())
            let y1 = Int(((first.minY + height) * scale).rounded())
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

extension OffscreenRenderingTests {
    @Test("The placement preview is the next ship's sprite in the aim's colour, translucent, and changes nothing outside its cells")
    func placementPreviewSprite() throws {
        let session = DesktopFixtures.session(.flat)
        let board = try #require(session.hudLayout.frame(of: BroadsideHUD.ElementID.primaryBoard))
        let grid = session.table.hud.grid
        let before = try Screenshot.scene(of: session)
        session.pointerMoved(to: grid.cellFrame(row: 2, column: 1, in: board).center)
        let preview = try #require(session.table.placementPreview)
        #expect(preview.isLegal && preview.cells.count == 5)
        let after = try Screenshot.scene(of: session)
        let first = grid.cellFrame(row: preview.cells[0].row, column: preview.cells[0].column, in: board)
        let cells = Rect(x: first.minX, y: first.minY, width: first.width * 5, height: first.height)
        var changedOutside = 0
        var changedInside = 0
        for y in 0..<after.height {
            for x in 0..<after.width where after.pixel(x: x, y: y) != before.pixel(x: x, y: y) {
                if cells.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) { changedInside += 1 } else { changedOutside += 1 }
            }
        }
        #expect(changedOutside == 0)
        #expect(Double(changedInside) > cells.width * cells.height * 0.5)
        // The image's colour (white deck 70 of 480 pixels along, grey bridge amidships, halfway down),
        // times the aim colour, at alpha 150 over what was there.
        for (along, grey) in [(70.0, 255), (240.0, 0x8A)] {
            let x = Int(cells.minX + cells.width * along / 480)
            let y = Int(cells.midY)
            let under = before.pixel(x: x, y: y)
            let seen = after.pixel(x: x, y: y)
            let aim = Palette.aim
            func blend(_ top: UInt8, _ bottom: UInt8) -> UInt8 { UInt8((Int(top) * grey / 255 * 150 + Int(bottom) * 105) / 255) }
            let expected = RGBAColor(red: blend(aim.red, under.red), green: blend(aim.green, under.green), blue: blend(aim.blue, under.blue))
            #expect(seen.isClose(to: expected, tolerance: 6), "at \(along) of 480: saw \(seen), expected \(expected)")
        }
    }
}

extension OffscreenRenderingTests {
    @Test("The dock's ships to place are the ship sprites (across), the next one in the aim's colour, at scale 1 and 2", arguments: [1.0, 2.0])
    func dockShipSprites(scale: Double) throws {
        let session = DesktopFixtures.session(.flat)
        #expect(session.table.moment == .placement)
        let dock = try #require(session.hudLayout.frame(of: BroadsideHUD.ElementID.dock))
        let image = try Screenshot.scene(of: session, scale: scale)
        let fleet = session.table.game.rules.fleet
        // Where BroadsidePainter.drawDock puts each ship: a row per ship, the sprite right of the name.
        let rowHeight = min(30, (dock.height - 28) / Double(max(1, fleet.count)))
        let longest = fleet.map(\.length).max() ?? 1
        let nameWidth = dock.width * 0.45
        let square = min(rowHeight * 0.6, (dock.width - nameWidth - 12) / Double(longest))
        for (index, ship) in fleet.enumerated() {
            let sprite = try PNGImage(contentsOf: PackageRoot.assets.appendingPathComponent("sprites/broadside/ship-\(ship.length)-across.png"))
            let y = dock.minY + 26 + Double(index) * rowHeight + (rowHeight - square) / 2
            let x0 = Int(((dock.minX + nameWidth) * scale).rounded())
            let y0 = Int((y * scale).rounded())
            let x1 = Int(((dock.minX + nameWidth + square * Double(ship.length)) * scale).rounded())
            let y1 = Int(((y + square) * scale).rounded())
            let tint = session.table.shipToPlace == index ? Palette.aim : Palette.ship
            let match = SpriteMatch(sprite: sprite, tint: (tint.red, tint.green, tint.blue), rect: (x0, y0, x1 - x0, y1 - y0)) { px, py in
                let c = image.pixel(x: px, y: py)
                return (c.red, c.green, c.blue)
            }
            // A dock cell is under 20 pixels at scale 1, so the filter's reach across the deck's edges
            // is a larger part of it than on the board: a lower share must match there.
            #expect(
                match.shows(minimum: Int(square * square * scale * scale) / 4 * ship.length, fraction: scale < 2 ? 0.85 : 0.95),
                "\(ship.name) at scale \(scale): \(match)")
        }
    }
}
