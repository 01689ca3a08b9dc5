import DuoTestSupport
import Foundation
import Testing

/// Runs the built `duo inspect --cameras` and checks its camera report.
@Suite struct CameraInspectTests {
    let duo: BuiltExecutable

    init() throws {
        duo = try BuiltExecutable(named: "duo")
    }

    func cameras(_ arguments: [String]) throws -> [String: Any] {
        let result = try duo.run(["inspect", "--cameras"] + arguments)
        #expect(result.status == 0, "\(arguments): \(result.errorOutput)")
        let report = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        return try #require(report["cameras"] as? [String: Any])
    }

    func view(_ cameras: [String: Any], _ name: String) -> [String: Any]? {
        (cameras["views"] as? [String: Any])?[name] as? [String: Any]
    }

    func angles(_ cameras: [String: Any]) -> [String: (capture: Int, outer: Int?, inner: Int?)] {
        var result: [String: (Int, Int?, Int?)] = [:]
        for entry in cameras["rotation"] as? [[String: Any]] ?? [] {
            let preview = entry["previewAngle"] as? [String: Any] ?? [:]
            result[entry["device"] as? String ?? ""] = (entry["captureAngle"] as? Int ?? -1, preview["outer"] as? Int, preview["inner"] as? Int)
        }
        return result
    }

    @Test func camerasKeyOnlyWhenAsked() throws {
        let result = try duo.run(["inspect"])
        let report = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect(report["cameras"] == nil)
    }

    @Test func closedDeviceHasNoInnerViewAndACoveredInnerCamera() throws {
        let cameras = try cameras(["--posture", "closed"])
        let devices = try #require(cameras["devices"] as? [[String: Any]])
        #expect(devices.map { $0["id"] as? String } == ["outerFront", "innerFront", "rear", "virtualFront"])
        let keys: Set<String> = ["id", "name", "type", "position", "mount", "half", "sensorOrientation", "formats", "covered", "liveModule"]
        #expect(devices.allSatisfy { Set($0.keys) == keys })
        #expect(devices[1]["covered"] as? Bool == true)
        #expect(devices[3]["liveModule"] as? String == "outerFront")
        #expect((cameras["views"] as? [String: Any])?["inner"] is NSNull)
        let outer = try #require(view(cameras, "outer"))
        #expect(outer["forwardFacing"] as? [String] == ["outerFront"])
        #expect(outer["backwardFacing"] as? [String] == ["rear"])
        #expect(angles(cameras)["rear"]?.capture == 90)
        #expect(angles(cameras)["rear"]?.inner == nil)
    }

    @Test func openDeviceGivesDifferentMapsForTheTwoDisplays() throws {
        let cameras = try cameras(["--posture", "book"])
        let outer = try #require(view(cameras, "outer"))
        let inner = try #require(view(cameras, "inner"))
        #expect(outer["forwardFacing"] as? [String] == ["outerFront", "rear"], "the rear camera faces the outer display's viewer")
        #expect(inner["forwardFacing"] as? [String] == ["innerFront"])
        #expect(inner["backwardFacing"] as? [String] == ["outerFront", "rear"])
        let devices = try #require(cameras["devices"] as? [[String: Any]])
        #expect(devices[3]["liveModule"] as? String == "innerFront")
    }

    @Test func coverHalfPastTheVerticalGivesDifferentPreviewAndCaptureAngles() throws {
        let cameras = try cameras(["--posture", "tabletop", "--angle", "40", "--view", "0,500,660,432"])
        let inner = try #require(view(cameras, "inner"))
        #expect(inner["half"] as? String == "cover")
        #expect(inner["forwardFacing"] as? [String] == ["rear"])
        let rear = try #require(angles(cameras)["rear"])
        #expect(rear.capture == 0 && rear.inner == 180)
    }

    @Test func classicHasOneDisplayAndTwoCameras() throws {
        let cameras = try cameras(["--profile", "classic", "--posture", "book"])
        #expect((cameras["devices"] as? [[String: Any]])?.count == 2)
        #expect(view(cameras, "outer")?["forwardFacing"] as? [String] == ["front"])
        #expect((cameras["views"] as? [String: Any])?["inner"] is NSNull)
    }

    @Test func profileWithoutARigIsAFailureNamingIt() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("duo-camera-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = try Data(contentsOf: PackageRoot.assets.appendingPathComponent("profiles/duo.json"))
        var object = try #require(try JSONSerialization.jsonObject(with: source) as? [String: Any])
        object["name"] = "rigless"
        let file = directory.appendingPathComponent("rigless.json")
        try JSONSerialization.data(withJSONObject: object).write(to: file)
        let result = try duo.run(["inspect", "--cameras", "--profile", file.path])
        #expect(result.status == 1)
        #expect(result.errorOutput.contains("camera rig"))
        #expect(result.errorOutput.split(separator: "\n").count == 1)
        #expect(try duo.run(["inspect", "--profile", file.path]).status == 0, "without --cameras no rig is needed")
    }

    @Test func helpExplainsCamerasWithExamples() throws {
        let help = try duo.run(["inspect", "--help"]).output
        #expect(help.contains("  --cameras"))
        #expect(help.split(separator: "\n").contains { $0.contains("duo inspect") && $0.contains("--cameras") })
    }
}
