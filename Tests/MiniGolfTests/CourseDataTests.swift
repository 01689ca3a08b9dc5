import Foundation
import TabletopEngine
import Testing

@testable import MiniGolf

@Suite("Mini golf course data")
struct CourseDataTests {
    @Test("the shipped course has at least nine holes, every surface, and loads through the catalog entry")
    func shippedCourse() throws {
        let game = try MiniGolf.catalogEntry.load(assets: GolfFixtures.assets)
        #expect(game.name == "minigolf")
        #expect(game.variant == "meadow")
        #expect(game.botNames == ["random", "aim:easy", "aim:medium", "aim:hard", "aim", "mcts"])
        let rules = GolfFixtures.meadow.rules
        #expect(rules.holes.count >= 9)
        #expect(rules.holes.contains { !$0.sand.isEmpty })
        #expect(rules.holes.contains { !$0.water.isEmpty })
        #expect(rules.holes.contains { !$0.slopes.isEmpty })
        #expect(rules.holes.contains { !$0.walls.isEmpty })
        #expect(MiniGolf.catalogEntry.variants(in: GolfFixtures.assets).contains("meadow"))
    }

    @Test("the rules hash covers the course data")
    func rulesHashCoversData() throws {
        let base = GolfFixtures.rules([GolfFixtures.hole()])
        var moved = base
        moved.holes[0].cup = CoursePoint(100, 41)
        let a = try MiniGolf(variant: "x", rules: base)
        let b = try MiniGolf(variant: "x", rules: moved)
        #expect(a.rulesHash != b.rulesHash)
        #expect(a.rulesHash == (try MiniGolf(variant: "x", rules: base)).rulesHash)
    }

    static func failure(_ json: String) -> GameDataError? {
        do {
            _ = try MiniGolf(variant: "bad", rulesData: Data(json.utf8))
            return nil
        } catch {
            return error
        }
    }

    static func course(
        physics: String =
            #""ticksPerSecond": 60, "ballRadius": 2, "cupRadius": 5, "maxSpeed": 300, "captureSpeed": 110, "greenFriction": 45, "sandFriction": 320, "wallRestitution": 75, "restSpeed": 3, "restHundredths": 40, "maxShotSeconds": 30"#,
        hole: String
    ) -> String {
        #"{"course": "C", "strokeCap": 8, "waterPenalty": 1, "physics": {\#(physics)}, "holes": [\#(hole)]}"#
    }

    static let box = #""boundary": [[0, 0], [100, 0], [100, 400], [0, 400]]"#

    @Test(
        "bad course data is refused with the field and the problem",
        arguments: [
            (#"{"name": "H", "par": 2, "tee": [50, 380], \#(box)}"#, "holes[0].cup", "missing"),
            (
                #"{"name": "H", "par": 2, "tee": [50, 380], "cup": [50, 60], \#(box), "wall": []}"#, "holes[0].wall",
                "is not a known field (misspelt?)"
            ),
            (#"{"name": "H", "par": 2.5, "tee": [50, 380], "cup": [50, 60], \#(box)}"#, "", "a number does not fit its field"),
            (#"{"name": "H", "par": 2, "tee": [50, 380], "cup": [50], \#(box)}"#, "holes[0].cup", "[x, y]"),
            (#"{"name": "H", "par": 2, "tee": [50, 500], "cup": [50, 60], \#(box)}"#, "holes[0].tee", "outside the boundary"),
            (
                #"{"name": "H", "par": 2, "tee": [50, 380], "cup": [50, 60], \#(box), "water": [{"circle": [50, 380, 10]}]}"#, "holes[0].tee",
                "in water"
            ),
            (#"{"name": "H", "par": 2, "tee": [1, 380], "cup": [50, 60], \#(box)}"#, "holes[0].tee", "closer to a wall"),
            (#"{"name": "H", "par": 9, "tee": [50, 380], "cup": [50, 60], \#(box)}"#, "holes[0].par", "stroke cap"),
            (
                #"{"name": "H", "par": 2, "tee": [50, 380], "cup": [50, 60], \#(box), "walls": [[[10, 10], [10, 10]]]}"#, "holes[0].walls[0][0]",
                "zero length"
            ),
            (
                #"{"name": "H", "par": 2, "tee": [50, 380], "cup": [50, 60], \#(box), "sand": [{"rect": [0, 0, 0, 5]}]}"#, "holes[0].sand[0]",
                "positive"
            ),
            (
                #"{"name": "H", "par": 2, "tee": [50, 380], "cup": [50, 60], \#(box), "sand": [{"oval": [0, 0, 5]}]}"#, "holes[0].sand[0]",
                "an area is one of"
            ),
            (
                #"{"name": "H", "par": 2, "tee": [50, 380], "cup": [50, 60], \#(box), "walls": [[[0, 200], [100, 200]]]}"#, "holes[0].tee",
                "cannot get from the tee to the cup"
            ),
            (
                #"{"name": "H", "par": 2, "tee": [50, 380], "cup": [50, 60], "boundary": [[0, 0], [3000, 0], [0, 400]]}"#, "holes[0].boundary[1]",
                "outside 0...2000"
            ),
        ])
    func badDataIsRefused(hole: String, field: String, problem: String) throws {
        let error = try #require(Self.failure(Self.course(hole: hole)))
        #expect(error.field == field, "\(error)")
        #expect(error.problem.contains(problem), "\(error)")
    }

    @Test("bad physics and empty courses are refused")
    func badPhysicsIsRefused() throws {
        let hole = #"{"name": "H", "par": 2, "tee": [50, 380], "cup": [50, 60], \#(Self.box)}"#
        let slow = Self.course(
            physics:
                #""ticksPerSecond": 0, "ballRadius": 2, "cupRadius": 5, "maxSpeed": 300, "captureSpeed": 110, "greenFriction": 45, "sandFriction": 320, "wallRestitution": 75, "restSpeed": 3, "restHundredths": 40, "maxShotSeconds": 30"#,
            hole: hole)
        #expect(Self.failure(slow)?.field == "physics.ticksPerSecond")
        let empty =
            #"{"course": "C", "strokeCap": 8, "waterPenalty": 1, "physics": {"ticksPerSecond": 60, "ballRadius": 2, "cupRadius": 5, "maxSpeed": 300, "captureSpeed": 110, "greenFriction": 45, "sandFriction": 320, "wallRestitution": 75, "restSpeed": 3, "restHundredths": 40, "maxShotSeconds": 30}, "holes": []}"#
        #expect(Self.failure(empty)?.field == "holes")
        #expect(Self.failure("{")?.problem == "not valid JSON")
        #expect(Self.failure(Self.course(hole: hole)) == nil)
    }
}
