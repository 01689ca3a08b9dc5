import DuoTestSupport
import Foundation
import Testing

/// `docs/GETTING_STARTED.md` shows the files of `Examples/NoughtsPackage`,
/// which `make test` builds and runs (`scripts/test-game-package.sh`): every
/// file the guide shows whole must be that package's file, byte for byte,
/// so the guide's code is code that builds.
@Suite struct GettingStartedGuideTests {
    /// The guide's whole files: a line "`PATH`:", a blank line, then a fenced block.
    static func shownFiles(in guide: String) -> [(path: String, text: String)] {
        let lines = guide.components(separatedBy: "\n")
        var shown: [(String, String)] = []
        var index = 0
        while index + 2 < lines.count {
            let line = lines[index]
            if line.hasPrefix("`"), line.hasSuffix("`:"), line.count > 3, lines[index + 1].isEmpty, lines[index + 2].hasPrefix("```") {
                let path = String(line.dropFirst().dropLast(2))
                var body: [String] = []
                var cursor = index + 3
                while cursor < lines.count, lines[cursor] != "```" {
                    body.append(lines[cursor])
                    cursor += 1
                }
                shown.append((path, body.joined(separator: "\n") + "\n"))
                index = cursor
            }
            index += 1
        }
        return shown
    }

    @Test("Every file the guide shows whole is the Noughts package's own, and the guide shows all its sources")
    func guideShowsThePackagesFiles() throws {
        let root = PackageRoot.url
        let guide = try String(contentsOf: root.appendingPathComponent("docs/GETTING_STARTED.md"), encoding: .utf8)
        let package = root.appendingPathComponent("Examples/NoughtsPackage")
        let shown = Self.shownFiles(in: guide)
        for (path, text) in shown {
            let file = try String(contentsOf: package.appendingPathComponent(path), encoding: .utf8)
            #expect(file == text, "docs/GETTING_STARTED.md shows \(path) otherwise than Examples/NoughtsPackage has it")
        }
        let walker = try #require(FileManager.default.enumerator(at: package, includingPropertiesForKeys: nil))
        var sources: Set<String> = []
        for case let url as URL in walker where url.pathExtension == "swift" && !url.path.contains("/.build/") {
            sources.insert(String(url.path.dropFirst(package.path.count + 1)))
        }
        #expect(sources.count >= 8, "\(sources)")
        #expect(Set(shown.map(\.path)).isSuperset(of: sources), "files the guide does not show: \(sources.subtracting(shown.map(\.path)))")
    }
}
