import Broadside
import BroadsideDesktop
import DuoDesktop
import DuoPlatform
import TabletopEngine
import Testing

/// Pass-and-play shows each seat only its own view: the first seat's ships
/// are drawn in a colour nothing else uses, the match is played as two
/// people play it (auto-place, click a cell, Enter to pass, Enter to show),
/// and no frame painted while the second seat holds the device (or behind
/// the privacy screen) has a pixel of that colour, while the first seat's
/// own frames do.
@Suite("Pass-and-play secrecy, by the pixels")
struct PassAndPlaySecrecyTests {
    /// The first seat's ships: a magenta no palette colour is near.
    static let hidden = RGBAColor(hex: 0xFF00FF)

    /// Pixels within 6 of ``hidden`` in each channel (read straight from the bytes: a match paints many frames).
    static func hiddenPixels(in image: PixelImage) -> Int {
        var count = 0
        image.rgba.withUnsafeBufferPointer { bytes in
            var index = 0
            while index + 3 < bytes.count {
                if bytes[index] >= 249, bytes[index + 1] <= 6, bytes[index + 2] >= 249 { count += 1 }
                index += 4
            }
        }
        return count
    }

    @Test("No frame painted for the second seat's turn shows the first seat's ships", arguments: [Posture.tabletop, .book])
    func theOtherSeatsShipsNeverShow(posture: Posture) throws {
        var table = DesktopFixtures.table(.passAndPlay, seed: 9)
        table.shipColors = SeatPair(Self.hidden, Palette.ship)
        let session = DesktopSession(
            state: DeviceState(profile: DesktopFixtures.profile("duo"), posture: posture),
            profiles: [DesktopFixtures.profile("duo")], game: table)
        let rules = DesktopFixtures.game.rules
        let cells = (0..<rules.board.rows).flatMap { row in (0..<rules.board.columns).map { Cell(row: row, column: $0) } }
        var framesForSecond = 0
        var framesForFirstShowingShips = 0
        var shots = 0
        for _ in 0..<120 where shots < 10 {
            let shown = session.table
            guard shown.moment != .gameOver else { break }
            let pixels = Self.hiddenPixels(in: try Screenshot.scene(of: session))
            if shown.viewer == .first && shown.moment != .handoff {
                if pixels > 0 { framesForFirstShowingShips += 1 }
            } else {
                framesForSecond += 1
                #expect(pixels == 0, "\(pixels) pixels of the first seat's ships in a frame for seat \(shown.viewer.index) (\(shown.moment))")
            }
            if shown.moment == .handoff || shown.mustPass {
                session.apply(.confirm)
            } else if shown.moment == .placement {
                session.apply(.gameKey(.letter("a"), shift: false))
            } else {
                let view = shown.view
                let cell = try #require(cells.first { !view.target.shots.contains($0) })
                let board = try #require(session.hudLayout.frame(of: BroadsideHUD.ElementID.primaryBoard))
                session.click(at: shown.hud.grid.cellFrame(row: cell.row, column: cell.column, in: board).center)
                shots += 1
            }
        }
        #expect(shots == 10, "the match went on by clicks")
        #expect(framesForSecond >= 10, "frames were painted for the second seat (\(framesForSecond))")
        #expect(framesForFirstShowingShips >= 5, "the first seat's own frames show its ships (\(framesForFirstShowingShips))")
    }
}
