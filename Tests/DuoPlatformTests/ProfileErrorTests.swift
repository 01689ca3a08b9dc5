import Foundation
import Testing

@testable import DuoPlatform

/// Malformed or inconsistent profiles are rejected with an error naming
/// the file, the field and the problem.
@Suite struct ProfileErrorTests {
    /// The shipped duo profile as a JSON object, to break one field at a time.
    static func duoJSON() throws -> [String: Any] {
        let url = try AssetLocator.standard().url(for: "profiles/duo.json")
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    /// Decodes `object` as a profile file named `broken.json`.
    static func decode(_ object: Any) throws(ProfileError) -> DeviceProfile {
        let data = (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
        return try DeviceProfile.decode(data, file: "broken.json")
    }

    /// Sets `value` at a path of keys and list indices.
    static func setting(_ value: Any?, at path: [Any], in object: Any) -> Any {
        guard let head = path.first else { return value as Any }
        let rest = Array(path.dropFirst())
        if let key = head as? String, var dictionary = object as? [String: Any] {
            if rest.isEmpty && value == nil {
                dictionary[key] = nil
            } else {
                dictionary[key] = setting(value, at: rest, in: dictionary[key] as Any)
            }
            return dictionary
        }
        if let index = head as? Int, var list = object as? [Any] {
            list[index] = setting(value, at: rest, in: list[index])
            return list
        }
        return object
    }

    func expectError(_ path: [Any], _ value: Any?, field: String, problemContains: String) throws {
        let broken = Self.setting(value, at: path, in: try Self.duoJSON())
        do {
            _ = try Self.decode(broken)
            Issue.record("no error for \(field)")
        } catch {
            #expect(error.file == "broken.json")
            #expect(error.field == field)
            #expect(error.problem.contains(problemContains), "\(error.problem)")
            #expect(error.description.hasPrefix("profile broken.json: \(field)"))
        }
    }

    @Test func shippedProfilesLoad() throws {
        #expect(try TestProfiles.duo().name == "duo")
        #expect(try TestProfiles.classic().hinge == nil)
        #expect(try DeviceProfile.availableNames().contains("duo"))
    }

    @Test func notJSONNamesTheFile() {
        #expect(throws: ProfileError.self) { try DeviceProfile.decode(Data("{ nope".utf8), file: "broken.json") }
        do {
            _ = try DeviceProfile.decode(Data("{ nope".utf8), file: "broken.json")
        } catch {
            #expect(error.file == "broken.json")
            #expect(error.field == "")
        }
    }

    @Test func missingFieldIsNamed() throws {
        try expectError(["displays", "inner", "width"], nil, field: "displays.inner.width", problemContains: "missing")
        try expectError(["postures", "book", "orientation"], nil, field: "postures.book.orientation", problemContains: "missing")
    }

    @Test func wrongTypeIsNamed() throws {
        try expectError(["hinge", "closedBelowDegrees"], "five", field: "hinge.closedBelowDegrees", problemContains: "must be a number")
    }

    @Test func unknownValueIsNamed() throws {
        try expectError(["postures", "tabletop", "orientation"], "sideways", field: "postures.tabletop.orientation", problemContains: "sideways")
        try expectError(["displays", "outer", "occlusions", 0, "id"], "flash", field: "displays.outer.occlusions[0].id", problemContains: "flash")
    }

    @Test func misspeltFieldIsRejected() throws {
        try expectError(["fold", "defaultPositon"], 0.5, field: "fold.defaultPositon", problemContains: "not a known field (misspelt?)")
        try expectError(["hinges"], [:] as [String: Any], field: "hinges", problemContains: "not a known field (misspelt?)")
    }

    @Test func unknownPostureOrDisplayNameIsRejected() throws {
        var postures = try Self.duoJSON()
        postures = Self.setting(["angleDegrees": 90, "orientation": "portrait"], at: ["postures", "sitting"], in: postures) as! [String: Any]
        do {
            _ = try Self.decode(postures)
            Issue.record("an unknown posture was accepted")
        } catch {
            #expect(error.field == "postures.sitting")
            #expect(error.problem == "is not one of closed|flat|book|tent|tabletop")
        }
        let displays = Self.setting(
            ["width": 1, "height": 1, "occlusions": []] as [String: Any], at: ["displays", "middle"], in: try Self.duoJSON())
        do {
            _ = try Self.decode(displays)
            Issue.record("an unknown display was accepted")
        } catch {
            #expect(error.field == "displays.middle")
            #expect(error.problem == "is not one of outer|inner")
        }
    }

    @Test func nonPositiveDisplaySizeIsRejected() throws {
        try expectError(["displays", "inner", "width"], -3, field: "displays.inner.width", problemContains: "positive")
        try expectError(["displays", "outer", "height"], 0, field: "displays.outer.height", problemContains: "positive")
    }

    @Test func occlusionOutsideItsDisplayIsRejected() throws {
        try expectError(
            ["displays", "outer", "occlusions", 0, "frame", "x"], 440, field: "displays.outer.occlusions[0].frame", problemContains: "inside")
        try expectError(
            ["displays", "inner", "occlusions", 0, "frame", "y"], -1, field: "displays.inner.occlusions[0].frame", problemContains: "inside")
    }

    @Test func marginsThatFillTheFrameAreRejected() throws {
        try expectError(
            ["displays", "outer", "occlusions", 0, "margins", "leading"], 31, field: "displays.outer.occlusions[0].margins",
            problemContains: "leave nothing")
        try expectError(
            ["displays", "outer", "occlusions", 0, "margins", "top"], -1, field: "displays.outer.occlusions[0].margins",
            problemContains: "not negative")
    }

    @Test func foldAsAnOcclusionOrATwiceListedCameraIsRejected() throws {
        try expectError(
            ["displays", "outer", "occlusions", 0, "id"], "fold", field: "displays.outer.occlusions[0].id", problemContains: "not occlusion")
        try expectError(
            ["displays", "outer", "occlusions", 1, "id"], "outerCamera", field: "displays.outer.occlusions[1].id", problemContains: "twice")
    }

    @Test func foldPositionRangeIsChecked() throws {
        try expectError(["fold", "defaultPosition"], 0.8, field: "fold.defaultPosition", problemContains: "outside")
        try expectError(["fold", "minimumPosition"], 0, field: "fold.minimumPosition", problemContains: "between 0 and 1")
        try expectError(["fold", "minimumPosition"], 0.7, field: "fold.defaultPosition", problemContains: "0.5 is outside 0.7...0.75")
        try expectError(["fold", "maximumPosition"], 0.2, field: "fold.minimumPosition", problemContains: "above maximumPosition")
        try expectError(["fold", "maximumPosition"], 0.99, field: "fold", problemContains: "does not fit")
        try expectError(["fold", "creaseWidth"], 0, field: "fold.creaseWidth", problemContains: "positive")
    }

    @Test func hingeThresholdsAreChecked() throws {
        try expectError(["hinge", "maximumDegrees"], 0, field: "hinge", problemContains: "increasing")
        try expectError(["hinge", "hysteresisDegrees"], -1, field: "hinge.hysteresisDegrees", problemContains: "negative")
        try expectError(["hinge", "hysteresisDegrees"], 5, field: "hinge.closedBelowDegrees", problemContains: "never close")
        try expectError(["hinge", "fullyOpenFromDegrees"], 179, field: "hinge.fullyOpenFromDegrees", problemContains: "never open flat")
        try expectError(["hinge", "fullyOpenFromDegrees"], 8, field: "hinge.fullyOpenFromDegrees", problemContains: "overlap")
    }

    @Test func postureAnglesMustMatchThePosture() throws {
        try expectError(["postures", "flat", "angleDegrees"], 170, field: "postures.flat.angleDegrees", problemContains: "must be fullyOpen")
        try expectError(["postures", "book", "angleDegrees"], 200, field: "postures.book.angleDegrees", problemContains: "outside the hinge range")
        try expectError(["postures", "tent"], nil, field: "postures.tent", problemContains: "all five")
        try expectError(["postures", "book", "angleDegrees"], nil, field: "postures.book.angleDegrees", problemContains: "is missing")
    }

    @Test func hingeNeedsTwoDisplaysAndAFoldNeedsAHinge() throws {
        try expectError(["displays", "inner"], nil, field: "displays", problemContains: "both an outer and an inner")
        var noHinge = try Self.duoJSON()
        noHinge["hinge"] = nil
        do {
            _ = try Self.decode(noHinge)
            Issue.record("a fold without a hinge was accepted")
        } catch {
            #expect(error.field == "displays" || error.field == "fold")
        }
    }

    @Test func profileWithoutAHingeGivesNoPostureAngle() throws {
        let url = try AssetLocator.standard().url(for: "profiles/classic.json")
        var classic = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        classic = Self.setting(90, at: ["postures", "book", "angleDegrees"], in: classic) as! [String: Any]
        #expect(
            throws: ProfileError(
                file: "broken.json", field: "postures.book.angleDegrees", problem: "a profile without a hinge gives no posture angle")
        ) {
            try Self.decode(classic)
        }
    }

    @Test func loadingFromAFileNamesThatFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("duo-profile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("wide.json")
        let broken = Self.setting(2, at: ["fold", "margin"], in: Self.setting(-8, at: ["displays", "inner", "height"], in: try Self.duoJSON()))
        try JSONSerialization.data(withJSONObject: broken).write(to: file)
        #expect(throws: ProfileError(file: file.path, field: "displays.inner.height", problem: "must be a positive number of points, not -8.0")) {
            try DeviceProfile.load(contentsOf: file)
        }
        #expect(throws: ProfileError.self) { try DeviceProfile.load(contentsOf: directory.appendingPathComponent("absent.json")) }
        // A good copy loads through a path, and its edited value is kept.
        let good = directory.appendingPathComponent("good.json")
        try JSONSerialization.data(withJSONObject: Self.setting(0.3, at: ["fold", "defaultPosition"], in: try Self.duoJSON())).write(to: good)
        #expect(try DeviceProfile.resolve(good.path).fold?.defaultPosition == 0.3)
    }

    @Test func unknownProfileNameListsTheAvailableOnes() {
        do {
            _ = try DeviceProfile.named("trifold")
            Issue.record("an unknown profile loaded")
        } catch {
            #expect(error.file == "trifold")
            #expect(error.problem.contains("available: classic, duo"))
        }
    }

    @Test func profileWhoseNameDiffersFromItsFileIsRejected() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("duo-assets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("profiles"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try JSONSerialization.data(withJSONObject: try Self.duoJSON())
            .write(to: directory.appendingPathComponent("profiles/other.json"))
        let locator = AssetLocator.standard(environment: ["DUO_ASSETS": directory.path])
        #expect(throws: ProfileError.self) { try DeviceProfile.named("other", locator: locator) }
        do {
            _ = try DeviceProfile.named("other", locator: locator)
        } catch {
            #expect(error.field == "name")
        }
    }
}
