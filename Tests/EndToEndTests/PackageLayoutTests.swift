import DuoTestSupport
import Foundation
import Testing

/// The layout the engine promises a game developer (docs/GETTING_STARTED.md): the desktop
/// front end, the commands and the server name no game, so a game is added
/// from its own package with no engine file edited; only the two programs'
/// `main.swift` register the engine's own games.
@Suite struct PackageLayoutTests {
    /// The modules the engine's generic code may import: the toolchain's, the C libraries' and the engine's own.
    static let engineModules: Set<String> = [
        "Foundation", "Dispatch", "Glibc", "CSDL2", "CEpoll", "CServerStart", "CPixels",
        "DuoArguments", "DuoSupport", "DuoPlatform", "TabletopEngine", "DuoDesktop", "DuoClient", "DuoNet", "DuoServerKit",
        "DuoLoadTest", "DuoCommandLine", "DuoServerCommandLine",
    ]

    /// The files each program registers its games in.
    static let registrations: Set<String> = ["Sources/duo/main.swift", "Server/duo-server/main.swift"]

    /// Every `import X` of the Swift files under `folder` (relative to the package), by file.
    static func imports(under folder: String) throws -> [(file: String, module: String)] {
        let root = PackageRoot.url
        let base = root.appendingPathComponent(folder)
        let walker = try #require(FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil))
        var found: [(String, String)] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let file = String(url.path.dropFirst(root.path.count + 1))
            for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
                let words = line.split(separator: " ")
                // `import X`, `@testable import X`, `@_exported import X`.
                if let index = words.firstIndex(of: "import"), index + 1 < words.count, words[..<index].allSatisfy({ $0.hasPrefix("@") }) {
                    found.append((file, String(words[index + 1])))
                }
            }
        }
        #expect(!found.isEmpty, "no Swift file found under \(folder)")
        return found
    }

    @Test(
        "Nothing under Sources/DuoDesktop, Sources/DuoCommandLine, Sources/duo or Server/ imports a game, except the registrations",
        arguments: ["Sources/DuoDesktop", "Sources/DuoCommandLine", "Sources/duo", "Server"])
    func engineCodeNamesNoGame(folder: String) throws {
        for (file, module) in try Self.imports(under: folder) where !Self.registrations.contains(file) {
            #expect(Self.engineModules.contains(module), "\(file) imports \(module)")
        }
    }

    @Test("The desktop front end links no server code, only the client")
    func desktopUsesTheClientOnly() throws {
        for (file, module) in try Self.imports(under: "Sources/DuoDesktop") {
            #expect(!["DuoServerKit", "DuoLoadTest", "DuoServerCommandLine"].contains(module), "\(file) imports \(module)")
        }
    }

    /// The flags SwiftPM takes from pkg-config; it drops any other with a
    /// warning on every build that plans the package (`-D_REENTRANT` from sdl2.pc).
    static let pkgConfigFlagsSwiftPMTakes = ["-I", "-F", "-L", "-l", "-framework", "-w"]

    @Test("No system library asks pkg-config for a flag SwiftPM drops with a warning, in the engine or the Noughts package")
    func noPkgConfigFlagWarns() throws {
        for manifest in ["Package.swift", "Examples/NoughtsPackage/Package.swift"] {
            let text = try String(contentsOf: PackageRoot.url.appendingPathComponent(manifest), encoding: .utf8)
            for match in text.matches(of: /pkgConfig: "([^"]+)"/) {
                let run = try BuiltExecutable(url: URL(fileURLWithPath: "/usr/bin/pkg-config")).run(["--cflags", "--libs", String(match.1)])
                #expect(run.status == 0, "\(manifest): pkg-config \(match.1): \(run.errorOutput)")
                for flag in run.output.split(whereSeparator: \.isWhitespace) where !Self.pkgConfigFlagsSwiftPMTakes.contains(where: flag.hasPrefix) {
                    Issue.record("\(manifest): pkg-config \(match.1) gives \(flag), which SwiftPM drops with a warning on every build")
                }
            }
        }
    }

    @Test("The engine core uses the device simulator only where the HUD lays out in a layout context")
    func coreUsesThePlatformOnlyForTheHUD() throws {
        for (file, module) in try Self.imports(under: "Sources/TabletopEngine") where module == "DuoPlatform" {
            #expect(file.hasPrefix("Sources/TabletopEngine/HUD/"), "\(file) imports DuoPlatform outside the HUD")
        }
    }
}
