import Broadside
import BroadsideDesktop
import DuoDesktop
import DuoPlatform
import TabletopEngine
import Testing

/// Pass-and-play shows each seat only its own view, by construction: a
/// `LocalMatchHost` feeds each seat's table only its own seat's messages,
/// and the window paints the table of the seat holding the device (or the
/// privacy screen). Both tables draw the first seat's ships in a colour
/// nothing else uses; the match is played as two people play it
/// (auto-place, click a cell, wait for the hand-over, Enter to take the
/// device), and no frame painted while the second seat holds the device
/// (or behind the privacy screen) has a pixel of that colour, while the
/// first seat's own frames do.
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

    /// Pass-and-play Broadside whose tables both paint the first seat's ships in ``hidden``.
    static func passAndPlay(seed: UInt64) throws -> LocalMatchGame<BroadsideNetworkTable> {
        let game = DesktopFixtures.game
        return try LocalMatchGame(game: AnyGame(game), bot: nil, seed: seed, demoBot: "hunt") { _ in
            var table = BroadsideNetworkTable(game: game, seed: seed)
            table.shipColors = SeatPair(Self.hidden, Palette.ship)
            return table
        }
    }

    @Test("No frame painted for the second seat's turn shows the first seat's ships", arguments: [Posture.tabletop, .book])
    func theOtherSeatsShipsNeverShow(posture: Posture) throws {
        let match = try Self.passAndPlay(seed: 9)
        let session = DesktopSession(
            state: DeviceState(profile: DesktopFixtures.profile("duo"), posture: posture),
            profiles: [DesktopFixtures.profile("duo")], game: match)
        let rules = DesktopFixtures.game.rules
        let cells = (0..<rules.board.rows).flatMap { row in (0..<rules.board.columns).map { Cell(row: row, column: $0) } }
        var framesForSecond = 0
        var framesForFirstShowingShips = 0
        var privacyFrames = 0
        var shots = 0
        for _ in 0..<300 where shots < 10 {
            // Lets the host's answers in, and the hand-over pause run.
            session.advance(by: 0.5)
            let shown = match.shown
            guard shown.moment != .gameOver else { break }
            // The second seat's table never even holds the first seat's view.
            #expect(match.seats[1].table.view.seat == .second)
            let pixels = Self.hiddenPixels(in: try Screenshot.scene(of: session))
            if match.holder == .first && !match.isPrivacyScreenUp {
                if pixels > 0 { framesForFirstShowingShips += 1 }
            } else {
                framesForSecond += 1
                if match.isPrivacyScreenUp { privacyFrames += 1 }
                #expect(pixels == 0, "\(pixels) pixels of the first seat's ships in a frame for seat \(match.holder.index) (\(shown.moment))")
            }
            if match.isPrivacyScreenUp {
                session.apply(.confirm)
            } else if shown.moment == .placement, shown.shipToPlace != nil {
                session.apply(.gameKey(.letter("a"), shift: false))
            } else if shown.moment == .battle, shown.isViewerFiring, shown.movesInFlight == 0 {
                let view = shown.view
                let cell = try #require(cells.first { !view.target.shots.contains($0) && !view.aimed.contains($0) })
                let board = try #require(session.hudLayout.frame(of: BroadsideHUD.ElementID.primaryBoard))
                session.click(at: shown.hud.grid.cellFrame(row: cell.row, column: cell.column, in: board).center)
                shots += 1
            }
        }
        #expect(shots == 10, "the match went on by clicks")
        #expect(framesForSecond >= 10, "frames were painted for the second seat (\(framesForSecond))")
        #expect(privacyFrames >= 4, "the privacy screen stood between turns (\(privacyFrames) frames)")
        #expect(framesForFirstShowingShips >= 5, "the first seat's own frames show its ships (\(framesForFirstShowingShips))")
    }
}
