import DuoTestSupport
import Foundation
import MiniGolf
import TabletopEngine

/// Courses and helpers shared by the mini golf tests.
enum GolfFixtures {
    /// The package's `Assets/` folder.
    static let assets = PackageRoot.assets

    /// The shipped nine-hole course, loaded once for all tests.
    static let meadow: MiniGolf = {
        let url = assets.appendingPathComponent("games/minigolf/meadow.json")
        do {
            return try MiniGolf(variant: "meadow", rulesData: Data(contentsOf: url))
        } catch {
            fatalError("the shipped course does not load: \(error)")
        }
    }()

    /// The physics of the shipped course, as data.
    static let physics = PhysicsSettings(
        ticksPerSecond: 60, ballRadius: 2, cupRadius: 5, maxSpeed: 300, captureSpeed: 110,
        greenFriction: 45, sandFriction: 320, wallRestitution: 75, restSpeed: 3,
        restHundredths: 40, maxShotSeconds: 30)

    /// A plain rectangular hole, `width` by `height` cm, tee near the bottom
    /// and cup near the top, with whatever `change` adds.
    static func hole(width: Int = 200, height: Int = 600, change: (inout HoleLayout) -> Void = { _ in }) -> HoleLayout {
        var hole = HoleLayout(
            name: "Test", par: 3, tee: CoursePoint(width / 2, height - 40), cup: CoursePoint(width / 2, 40),
            boundary: [CoursePoint(0, 0), CoursePoint(width, 0), CoursePoint(width, height), CoursePoint(0, height)])
        change(&hole)
        return hole
    }

    /// Rules with the given holes and the shipped physics.
    static func rules(_ holes: [HoleLayout], strokeCap: Int = 8, physics: PhysicsSettings = physics) -> MiniGolfRules {
        MiniGolfRules(course: "Test Course", strokeCap: strokeCap, waterPenalty: 1, physics: physics, holes: holes)
    }

    /// A game of the given holes.
    static func game(_ holes: [HoleLayout], strokeCap: Int = 8) throws -> MiniGolf {
        try MiniGolf(variant: "test", rules: rules(holes, strokeCap: strokeCap))
    }

    /// The simulator of a one-hole course.
    static func simulator(_ hole: HoleLayout) throws -> ShotSimulator {
        try game([hole]).simulators[0]
    }

    /// Centimetres as fixed-point units.
    static func cm(_ value: Int) -> Int64 { FixedMath.units(centimetres: value) }
}
