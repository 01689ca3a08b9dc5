import DuoTestSupport
import Foundation
import Testing

/// `duo screenshot` with the ship sprites broken or gone: a clear failure
/// naming the file, never a crash or a picture with blanks where ships are.
@Suite struct SpriteCommandTests {
    /// A copy of the package's `Assets/` whose ship sprites `damage` has been done to.
    static func assets(_ damage: (URL) throws -> Void) throws -> URL {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("duo-assets-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: PackageRoot.assets, to: copy)
        let ships = copy.appendingPathComponent("sprites/broadside")
        for name in try FileManager.default.contentsOfDirectory(atPath: ships.path) where name.hasPrefix("ship-") {
            try damage(ships.appendingPathComponent(name))
        }
        return copy
    }

    @Test("A missing or unreadable ship sprite stops duo screenshot with exit status 1 and the file's name")
    func brokenShipSprites() throws {
        let duo = try BuiltExecutable(named: "duo")
        let cases: [(damage: (URL) throws -> Void, says: String)] = [
            ({ try FileManager.default.removeItem(at: $0) }, "is missing"),
            ({ try Data("not a picture".utf8).write(to: $0) }, "cannot be read as an image"),
        ]
        for (damage, says) in cases {
            let assets = try Self.assets(damage)
            defer { try? FileManager.default.removeItem(at: assets) }
            let out = assets.appendingPathComponent("shot.png")
            // Ten turns in: both fleets are placed, so ships are on the boards.
            let result = try duo.run(["screenshot", "--shots", "10", "--out", out.path], environment: ["DUO_ASSETS": assets.path])
            #expect(result.status == 1, "\(says): \(result.errorOutput)")
            #expect(result.errorOutput.contains("sprites/broadside/ship-"), "\(result.errorOutput)")
            #expect(result.errorOutput.contains(says), "\(result.errorOutput)")
            #expect(!FileManager.default.fileExists(atPath: out.path))
        }
    }
}
