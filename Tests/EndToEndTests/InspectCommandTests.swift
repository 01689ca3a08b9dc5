import DuoTestSupport
import Foundation
import Testing

/// Runs the built `duo inspect` as a user or a tool would, and checks its JSON.
@Suite struct InspectCommandTests {
    let duo: BuiltExecutable

    init() throws {
        duo = try BuiltExecutable(named: "duo")
    }

    /// Runs `duo inspect` and parses its standard output as a JSON object.
    func inspect(_ arguments: [String], currentDirectory: URL? = nil) throws -> [String: Any] {
        let result = try duo.run(["inspect"] + arguments, currentDirectory: currentDirectory)
        #expect(result.status == 0, "\(arguments): \(result.errorOutput)")
        #expect(result.errorOutput.isEmpty)
        return try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    }

    func rect(_ value: Any?) -> [Double]? {
        guard let object = value as? [String: Any] else { return nil }
        let keys = ["x", "y", "width", "height"]
        guard Set(object.keys) == Set(keys) else { return nil }
        return keys.compactMap { (object[$0] as? NSNumber)?.doubleValue }
    }

    func regions(_ report: [String: Any]) -> [[String: Any]] {
        report["regions"] as? [[String: Any]] ?? []
    }

    @Test func defaultIsTabletopWithTheDocumentedKeys() throws {
        let report = try inspect([])
        let required: Set<String> = ["profile", "display", "scene", "hinge", "orientation", "foldPosition", "view", "regions"]
        #expect(required.isSubset(of: Set(report.keys)))
        #expect(report["arrangement"] == nil, "arrangement only when asked for")
        #expect(report["profile"] as? String == "duo")
        #expect(report["display"] as? String == "inner")
        #expect(report["orientation"] as? String == "landscapeLeft")
        #expect(report["foldPosition"] as? Double == 0.5)
        let scene = try #require(report["scene"] as? [String: Double])
        #expect(scene == ["width": 660, "height": 932])
        let hinge = try #require(report["hinge"] as? [String: Any])
        #expect(hinge["status"] as? String == "partiallyOpen")
        #expect(hinge["angleDegrees"] as? Double == 100)
        #expect(rect(report["view"]) == [0, 0, 660, 932])
        let fold = try #require(regions(report).first)
        #expect(Set(fold.keys) == ["id", "kind", "isActive", "frame", "margins"])
        #expect(fold["id"] as? String == "fold")
        #expect(fold["kind"] as? String == "division")
        #expect(fold["isActive"] as? Bool == true)
        #expect(rect(fold["frame"]) == [0, 450, 660, 32])
        #expect(fold["margins"] as? [String: Double] == ["top": 8, "leading": 0, "bottom": 8, "trailing": 0])
    }

    @Test func closedShowsTheOuterDisplaysTwoOcclusions() throws {
        let report = try inspect(["--posture", "closed"])
        #expect(report["display"] as? String == "outer")
        #expect(regions(report).map { $0["id"] as? String } == ["outerCamera", "statusArea"])
        #expect(regions(report).map { rect($0["frame"]) } == [[399, 29, 37, 37], [382, 0, 84, 170]])
        let hinge = try #require(report["hinge"] as? [String: Any])
        #expect(hinge["status"] as? String == "closed")
    }

    @Test func viewQueryGivesFramesInTheViewsCoordinates() throws {
        let report = try inspect(["--posture", "book", "--inner-camera", "--view", "460,300,472,100", "--kind", "all"])
        #expect(regions(report).map { rect($0["frame"]) } == [[-10, -300, 32, 660], [428, 11, 38, 38]])
        let occlusions = try inspect(["--posture", "book", "--inner-camera", "--kind", "occlusion", "--direction", "rtl"])
        #expect(regions(occlusions).map { rect($0["frame"]) } == [[6, 311, 38, 38]])
        let fixed = try inspect(["--posture", "book", "--inner-camera", "--kind", "occlusion", "--direction", "rtl", "--fixed"])
        #expect(regions(fixed).map { rect($0["frame"]) } == [[888, 311, 38, 38]])
    }

    @Test func flatFoldAppearsOnlyWithIncludeInactive() throws {
        #expect(regions(try inspect(["--posture", "flat"])).isEmpty)
        let report = try inspect(["--posture", "flat", "--include-inactive", "--orientation", "landscapeRight"])
        let fold = try #require(regions(report).first)
        #expect(fold["isActive"] as? Bool == false)
        #expect(rect(fold["frame"]) == [0, 466, 660, 0])
    }

    @Test func angleOverridesThePosture() throws {
        let report = try inspect(["--posture", "book", "--angle", "176"])
        let hinge = try #require(report["hinge"] as? [String: Any])
        #expect(hinge["status"] as? String == "fullyOpen")
        #expect(regions(report).isEmpty)
    }

    @Test func arrangementFramesWhenAsked() throws {
        let split = try inspect(["--posture", "book", "--fold-position", "0.25", "--arrangement", "split"])
        let layout = try #require(split["arrangement"] as? [String: Any])
        #expect(layout["style"] as? String == "split")
        #expect(rect(layout["primary"]) == [0, 0, 217, 660])
        #expect(rect(layout["secondary"]) == [249, 0, 683, 660])
        let hidden = try inspect(["--arrangement", "overlay", "--hide-secondary"])
        let overlay = try #require(hidden["arrangement"] as? [String: Any])
        #expect(rect(overlay["primary"]) == [0, 482, 660, 450])
        #expect(overlay["secondary"] is NSNull)
        let vertical = try inspect(["--posture", "book", "--arrangement", "split", "--axes", "vertical"])
        #expect((vertical["arrangement"] as? [String: Any])?["secondary"] is NSNull)
    }

    @Test func classicHasNoHingeAndNoFold() throws {
        let report = try inspect(["--profile", "classic", "--posture", "book"])
        #expect(report["hinge"] is NSNull)
        #expect(report["foldPosition"] is NSNull)
        #expect(report["display"] as? String == "outer")
        #expect(report["scene"] as? [String: Double] == ["width": 440, "height": 956])
        #expect(regions(report).isEmpty)
    }

    @Test func findsItsAssetsFromAnyDirectoryAndTakesAProfilePath() throws {
        let elsewhere = FileManager.default.temporaryDirectory
        #expect(try inspect(["--posture", "closed"], currentDirectory: elsewhere)["display"] as? String == "outer")
        let path = PackageRoot.assets.appendingPathComponent("profiles/duo.json").path
        #expect(try inspect(["--profile", path])["profile"] as? String == "duo")
    }

    @Test(arguments: [
        ["--angle", "200"], ["--posture", "sideways"], ["--view", "1,2,3"], ["--view", "0,0,2000,10"],
        ["--profile", "trifold"], ["--kind", "fold"], ["--axes", "both"], ["--bogus"], ["--fold-position", "0.9"],
        ["--profile", "classic", "--angle", "10"], ["stray"],
    ])
    func badFlagOrValueIsOneLineOnStandardErrorWithStatus2(arguments: [String]) throws {
        let result = try duo.run(["inspect"] + arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        let lines = result.errorOutput.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("duo inspect: error: ") == true)
    }

    @Test func brokenProfileFileIsAFailureNamingTheField() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID().uuidString).json")
        try Data(#"{"name": "x", "displays": {"outer": {"width": -1, "height": 10, "occlusions": []}}, "postures": {}}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try duo.run(["inspect", "--profile", file.path])
        #expect(result.status == 1)
        #expect(result.errorOutput.contains("displays.outer.width"))
    }

    @Test func helpExplainsEveryFlag() throws {
        let result = try duo.run(["inspect", "--help"])
        #expect(result.status == 0)
        for flag in [
            "--profile", "--posture", "--angle", "--orientation", "--fold-position", "--inner-camera", "--view",
            "--kind", "--include-inactive", "--direction", "--fixed", "--arrangement", "--axes", "--hide-secondary",
        ] {
            #expect(result.output.contains("  \(flag)"), "\(flag) not explained")
            let examples = result.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { $0.hasPrefix("duo inspect --") }
            #expect(examples.contains { $0.contains(flag) }, "\(flag) has no example")
        }
    }
}
