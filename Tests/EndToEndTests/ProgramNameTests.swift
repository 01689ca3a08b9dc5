import DuoTestSupport
import Foundation
import Testing

/// A game's own package runs the engine's commands from its own executables
/// (`noughts`, `noughts-server`): their usage, help, examples, declarations
/// and errors must name the program that runs, not `duo` and `duo-server`.
/// The built programs are run here under other names, through links.
@Suite struct ProgramNameTests {
    /// The built `name`, linked as `alias` in a fresh folder.
    static func linked(_ name: String, as alias: String) throws -> (BuiltExecutable, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-program-name-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let link = folder.appendingPathComponent(alias)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: try BuiltExecutable(named: name).url)
        return (BuiltExecutable(url: link), folder)
    }

    /// Whether `text` names `program` as a command (at a line's start, or after a space or quote: not the profile in "(duo / classic)").
    static func names(_ program: String, in text: String) -> Bool {
        text.range(of: #"(^|[\s'"])"# + NSRegularExpression.escapedPattern(for: program) + #"[\s:]"#, options: .regularExpression) != nil
    }

    @Test("The server's commands, run as noughts-server, say noughts-server in help, examples, declarations and errors")
    func serverNamesItself() throws {
        let (server, folder) = try Self.linked("duo-server", as: "noughts-server")
        defer { try? FileManager.default.removeItem(at: folder) }
        for command in ["", "match", "merge", "bot", "replay", "serve", "load"] {
            let help = try server.run((command.isEmpty ? [] : [command]) + ["--help"])
            #expect(help.status == 0, "\(command): \(help.errorOutput)")
            #expect(Self.names("noughts-server", in: help.output), "\(command) --help: \(help.output)")
            #expect(!Self.names("duo-server", in: help.output), "\(command) --help: \(help.output)")
        }
        let usage = try server.run(["replay"])
        #expect(usage.status == 2)
        #expect(usage.errorOutput == "noughts-server replay: error: replay needs a FILE (see 'noughts-server replay --help')\n")
        // Its data has its name too: never duo-server's directory (and lock).
        let data = try server.run(["serve", "--port", "0"], environment: ["HOME": "/proc/nonexistent", "XDG_STATE_HOME": ""])
        #expect(data.status == 1)
        #expect(data.errorOutput.contains("/proc/nonexistent/.local/state/noughts-server"), "\(data.errorOutput)")
        let declarations = try server.run(["--dump-options"])
        #expect(declarations.output.contains(#""tool":"noughts-server match""#))
        #expect(!declarations.output.contains(#""tool":"duo-server"#))
    }

    @Test("The desktop program's commands, run as noughts, say noughts in help, examples, declarations and errors")
    func desktopNamesItself() throws {
        let (desktop, folder) = try Self.linked("duo", as: "noughts")
        defer { try? FileManager.default.removeItem(at: folder) }
        for command in ["", "inspect", "screenshot", "lint", "filmstrip"] {
            let help = try desktop.run((command.isEmpty ? [] : [command]) + ["--help"])
            #expect(help.status == 0, "\(command): \(help.errorOutput)")
            #expect(Self.names("noughts", in: help.output), "\(command) --help: \(help.output)")
            #expect(!Self.names("duo", in: help.output), "\(command) --help: \(help.output)")
        }
        // The server it points to is the package's own, named beside it.
        let window = try desktop.run(["--help"])
        #expect(window.output.contains("play on a noughts-server (noughts-server serve listens on"), "\(window.output)")
        // Its folders are its own too: the tickets of its seats, as the server's data are.
        #expect(window.output.contains("$XDG_STATE_HOME/noughts/tickets"), "\(window.output)")
        #expect(window.output.contains("noughts --resume ~/.local/state/noughts/tickets/"), "\(window.output)")
        #expect(!window.output.contains("duo-server"), "\(window.output)")
        let usage = try desktop.run(["lint", "--no-such-flag"])
        #expect(usage.status == 2)
        #expect(usage.errorOutput.hasPrefix("noughts lint: error: "), "\(usage.errorOutput)")
        let declarations = try desktop.run(["--dump-options"])
        #expect(declarations.output.contains(#""tool":"noughts screenshot""#))
    }
}
