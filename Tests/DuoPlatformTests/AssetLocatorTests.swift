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
                "/a/b/.build/debug/Assets", "/a/b/.build/share/duo", "/a/b/.build/Assets", "/a/b/Assets", "/a/Assets", "/Assets",
                "/here/Assets",
            ])
    }

    @Test func anInstalledProgramFindsItsFamilysAssetsUnderItsPrefixBeforeAnyFolderAbove() throws {
        // make install: PREFIX/bin/duo-server and PREFIX/share/duo; a game package's noughts-server and PREFIX/share/noughts.
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("asset-locator-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: prefix) }
        for folder in ["share/duo/profiles", "share/noughts", "Assets"] {
            try FileManager.default.createDirectory(at: prefix.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for (program, family) in [("duo", "duo"), ("duo-server", "duo"), ("duo-bench", "duo"), ("noughts-server", "noughts")] {
            let locator = AssetLocator.standard(
                environment: [:], executableURL: prefix.appendingPathComponent("bin/\(program)"), currentDirectory: URL(fileURLWithPath: "/"))
            #expect(try locator.directory().path == prefix.appendingPathComponent("share/\(family)").path, "\(program)")
        }
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
