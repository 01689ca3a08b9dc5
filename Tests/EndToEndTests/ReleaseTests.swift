import DuoArguments
import DuoSupport
import DuoTestSupport
import Foundation
import Testing

/// The version compiled into the programs, held to the `release` file and
/// CHANGELOG.md (docs/RELEASING.md): between releases it is the next patch
/// of the last release with `-dev`; on a release's own commit, the version
/// that CHANGELOG.md's newest entry releases. The programs print it, the
/// server's `welcome` carries it, and each program's manual page has a
/// section for every subcommand it declares.
@Suite("Release")
struct ReleaseTests {
    /// The `release` file: `version X.Y.Z` and `commit SHA` lines.
    struct ReleaseFile {
        let version: String
        let commit: String

        init() throws {
            let text = try String(contentsOf: PackageRoot.url.appendingPathComponent("release"), encoding: .utf8)
            func value(_ key: String) throws -> String {
                let lines = text.split(separator: "\n").filter { $0.hasPrefix("\(key) ") }
                #expect(lines.count == 1, "the release file has one '\(key) ' line")
                return String(try #require(lines.first).dropFirst(key.count + 1))
            }
            version = try value("version")
            commit = try value("commit")
        }
    }

    /// A semantic version's numbers and pre-release part, nil for what is not one.
    static func semanticVersion(_ text: String) -> (numbers: [Int], preRelease: String?)? {
        let parts = text.split(separator: "-", maxSplits: 1).map(String.init)
        let numbers = parts[0].split(separator: ".", omittingEmptySubsequences: false).compactMap { Int($0) }
        guard numbers.count == 3, parts[0].split(separator: ".").count == 3 else { return nil }
        return (numbers, parts.count == 2 ? parts[1] : nil)
    }

    /// CHANGELOG.md's headings `## [X]`, in order, with what each entry holds.
    static func changelogEntries() throws -> [(name: String, date: String?, body: String)] {
        let text = try String(contentsOf: PackageRoot.url.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        var entries: [(name: String, date: String?, body: String)] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## [") {
                let name = line.dropFirst(4).prefix { $0 != "]" }
                let date = line.range(of: "] - ").map { String(line[$0.upperBound...]) }
                entries.append((String(name), date, ""))
            } else if !entries.isEmpty {
                entries[entries.count - 1].body += line + "\n"
            }
        }
        return entries
    }

    @Test func theCompiledVersionFollowsTheReleaseFileAndTheChangelog() throws {
        let release = try ReleaseFile()
        let released = try #require(Self.semanticVersion(release.version), "release: '\(release.version)' is no semantic version")
        #expect(released.preRelease == nil, "a release's version has no pre-release part")
        #expect(release.commit.count == 40 && release.commit.allSatisfy(\.isHexDigit), "release: the commit's whole hash")

        let entries = try Self.changelogEntries()
        #expect(entries.first?.name == "Unreleased", "CHANGELOG.md starts with ## [Unreleased]")
        let versions = entries.dropFirst()
        for entry in versions {
            #expect(Self.semanticVersion(entry.name) != nil, "CHANGELOG.md: [\(entry.name)] is no version")
            #expect(entry.date?.wholeMatch(of: /\d{4}-\d{2}-\d{2}/) != nil, "CHANGELOG.md: [\(entry.name)] has no date YYYY-MM-DD")
        }
        let numbers = versions.compactMap { Self.semanticVersion($0.name)?.numbers }
        #expect(zip(numbers, numbers.dropFirst()).allSatisfy { $1.lexicographicallyPrecedes($0) }, "CHANGELOG.md lists the newest version first")
        let newest = try #require(versions.first, "CHANGELOG.md has the released versions under ## [Unreleased]")
        let current = EngineVersion.current
        if newest.name == release.version {
            // Between releases: the next patch, a pre-release.
            let next = "\(released.numbers[0]).\(released.numbers[1]).\(released.numbers[2] + 1)-dev"
            #expect(current == next, "between releases after \(release.version), EngineVersion.current is \(next), not \(current)")
        } else {
            // The release's own commit: CHANGELOG.md releases a newer version, which the build carries; the release file names it next.
            #expect(
                versions.dropFirst().first?.name == release.version,
                "CHANGELOG.md's entry before [\(newest.name)] is the release file's \(release.version)")
            #expect(current == newest.name, "the release commit of \(newest.name) builds \(newest.name), not \(current)")
            #expect(!entries[0].body.contains("\n- "), "## [Unreleased] is empty on the release commit of \(newest.name)")
        }
    }

    /// Branches merge CHANGELOG.md as a union (`.gitattributes`), which can
    /// repeat a subsection or add one under the wrong entry: each entry has
    /// Keep a Changelog's kinds only, each at most once, in that order.
    @Test func eachChangelogEntryHasEachKindOfChangeOnceInOrder() throws {
        let kinds = ["Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"]
        for entry in try Self.changelogEntries() {
            let headings = entry.body.split(separator: "\n").filter { $0.hasPrefix("### ") }.map { String($0.dropFirst(4)) }
            for heading in headings {
                #expect(kinds.contains(heading), "CHANGELOG.md [\(entry.name)]: '### \(heading)' is none of \(kinds)")
            }
            #expect(Set(headings).count == headings.count, "CHANGELOG.md [\(entry.name)]: a subsection repeats: \(headings)")
            let order = headings.compactMap { kinds.firstIndex(of: $0) }
            #expect(order == order.sorted(), "CHANGELOG.md [\(entry.name)]: subsections out of order: \(headings)")
        }
    }

    @Test("each program prints its name and the version", arguments: ["duo", "duo-server", "duo-bench"])
    func version(program: String) throws {
        let run = try BuiltExecutable(named: program).run(["--version"])
        #expect(run.status == 0 && run.errorOutput.isEmpty, "\(program) --version: \(run.errorOutput)")
        #expect(run.output == "\(program) \(EngineVersion.current)\n")
        let extra = try BuiltExecutable(named: program).run(["--version", "now"])
        #expect(extra.status == 2 && extra.errorOutput.contains("--version takes no other word"), "\(extra.errorOutput)")
    }

    @Test func theServersWelcomeCarriesTheEngineVersion() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("duo-release-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let server = try BackgroundProcess(
            try BuiltExecutable(named: "duo-server").url, ["serve", "--port", "0", "--data", data.path],
            logURL: data.appendingPathComponent("server.log"))
        defer { server.kill() }
        let client = try JSONLineClient(port: try server.waitForPort(), timeoutSeconds: 20)
        let welcome = try client.request(["type": "hello", "version": 1], expecting: "welcome")
        #expect(welcome["engine"] as? String == EngineVersion.current)
    }

    @Test(
        "each program's manual page has a section per subcommand, and its completions name them",
        arguments: ["duo", "duo-server", "duo-bench"])
    func manualAndCompletions(program: String) throws {
        let executable = try BuiltExecutable(named: program)
        let page = try executable.run(["--generate-manual"])
        #expect(page.status == 0 && page.errorOutput.isEmpty, "\(program) --generate-manual: \(page.errorOutput)")
        let commands = try DeclaredOptionsTests.commands(of: program).map(\.declaration.tool)
        for command in commands where command != program {
            let title = command.uppercased().replacingOccurrences(of: "-", with: "\\-")
            #expect(page.output.contains("\n.SH \"\(title)\"\n"), "\(program)'s page has no section \(command)")
        }
        for shell in CompletionScript.Shell.allCases {
            let script = try executable.run(["--generate-completion-script", shell.rawValue])
            #expect(script.status == 0 && script.errorOutput.isEmpty, "\(program) completion \(shell): \(script.errorOutput)")
            for command in commands where command != program {
                let word = String(command.dropFirst(program.count + 1))
                #expect(script.output.contains("'\(word)"), "\(program)'s \(shell) script does not complete \(word)")
            }
        }
    }
}
