import Foundation
import Testing

@testable import DuoPlatform

@Suite struct AssetLocatorTests {
    @Test func environmentVariableWinsAndNeverFallsBack() throws {
        let locator = AssetLocator.standard(environment: ["DUO_ASSETS": "/nonexistent/assets"], executableURL: nil)
        #expect(locator.candidates.map(\.path) == ["/nonexistent/assets"])
        #expect(throws: AssetLocatorError(relativePath: nil, searched: ["/nonexistent/assets"])) { try locator.directory() }
    }

    @Test func searchWalksUpFromTheExecutableThenTriesTheCurrentDirectory() {
        let locator = AssetLocator.standard(
            environment: [:],
            executableURL: URL(fileURLWithPath: "/a/b/.build/debug/duo"),
            currentDirectory: URL(fileURLWithPath: "/here")
        )
        #expect(
            locator.candidates.map(\.path) == [
                "/a/b/.build/debug/Assets", "/a/b/.build/Assets", "/a/b/Assets", "/a/Assets", "/Assets", "/here/Assets",
            ])
    }

    @Test func missingFileNamesTheDirectoryLookedIn() throws {
        let locator = AssetLocator.standard()
        let directory = try locator.directory()
        #expect(throws: AssetLocatorError(relativePath: "profiles/none.json", searched: [directory.path])) {
            try locator.url(for: "profiles/none.json")
        }
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("profiles/duo.json").path))
    }
}
