import DuoDesktop
import DuoPlatform
import DuoTestSupport
import Foundation
import MiniGolf
import TabletopEngine
import Testing

@testable import MiniGolfDesktop

/// The aim label reads in the player's frame: degrees clockwise from
/// straight up the screen, whichever way the hole is drawn.
@Suite("Mini golf's aim readout")
struct AimReadoutTests {
    static func holes() throws -> [HoleLayout] {
        try GameLoader.game(MiniGolf.self, variant: "meadow", locator: AssetLocator(directory: PackageRoot.assets)).rules.holes
    }

    /// The bearing of a stroke as drawn: from the ball towards a course point along the stroke, clockwise from up.
    static func drawnBearing(_ shot: MiniGolfShot, on view: CourseViewport) -> Double {
        let radians = Double(shot.angle) * .pi / 180
        let from = view.point(x: 100, y: 100)
        let to = view.point(x: 100 + 10 * cos(radians), y: 100 + 10 * sin(radians))
        let degrees = atan2(to.x - from.x, -(to.y - from.y)) * 180 / .pi
        return (degrees + 360).truncatingRemainder(dividingBy: 360)
    }

    @Test("every whole angle reads as the bearing it is drawn at, on holes drawn upright and turned")
    func bearingIsWhatIsDrawn() throws {
        var seen: Set<Bool> = []
        for hole in try Self.holes() {
            for frame in [Rect(x: 0, y: 0, width: 300, height: 700), Rect(x: 0, y: 0, width: 700, height: 300)] {
                let view = CourseViewport(hole: hole, in: frame)
                seen.insert(view.isTurned)
                for angle in MiniGolfShot.angles {
                    let shot = MiniGolfShot(angle: angle, power: 40)
                    let bearing = AimReadout.bearing(of: shot, on: view)
                    let drawn = Self.drawnBearing(shot, on: view)
                    let apart = abs(Double(bearing) - drawn)
                    #expect(min(apart, 360 - apart) < 0.01, "angle \(angle), turned \(view.isTurned): reads \(bearing)°, drawn at \(drawn)°")
                }
            }
        }
        #expect(seen == [false, true], "both ways of drawing a hole are checked")
    }

    @Test("a shot to the right of the screen reads 90°, up 0°, left 270°, on a hole drawn turned")
    func turnedHoleReadsInThePlayersFrame() throws {
        let view = CourseViewport(hole: try Self.holes()[0], in: Rect(x: 0, y: 0, width: 700, height: 300))
        try #require(view.isTurned)
        // Turned a quarter anticlockwise: course -y (the stroke's 270) points right on the screen.
        #expect(AimReadout.label(for: MiniGolfShot(angle: 270, power: 45), on: view) == "90° 45%")
        #expect(AimReadout.label(for: MiniGolfShot(angle: 180, power: 45), on: view) == "0° 45%")
        #expect(AimReadout.label(for: MiniGolfShot(angle: 90, power: 45), on: view) == "270° 45%")
    }

    @Test("on a hole drawn upright, the stroke towards the top of the screen reads 0°")
    func uprightHoleReadsInThePlayersFrame() throws {
        let view = CourseViewport(hole: try Self.holes()[0], in: Rect(x: 0, y: 0, width: 300, height: 700))
        try #require(!view.isTurned)
        #expect(AimReadout.label(for: MiniGolfShot(angle: 270, power: 60), on: view) == "0° 60%")
        #expect(AimReadout.label(for: MiniGolfShot(angle: 0, power: 60), on: view) == "90° 60%")
    }

    @Test("the help says how the aim reads")
    func helpSaysTheFrame() throws {
        let line = try #require(MiniGolfTable.desktopHotkeys.first { $0.keys == "J / K" })
        #expect(line.action.contains("0° points up, 90° right"))
    }
}
