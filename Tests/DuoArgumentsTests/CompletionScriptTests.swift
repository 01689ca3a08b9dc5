import Foundation
import Testing

@testable import DuoArguments

/// The completion scripts of a small declared program, run in bash as bash's
/// programmable completion runs them (COMP_LINE and COMP_POINT, then COMPREPLY):
/// what a shell offers comes from the declarations, games and bots included.
/// (scripts/test-completions.py presses TAB in real bash, zsh and fish with the
/// installed programs' scripts.)
@Suite struct CompletionScriptTests {
    static let program: ProgramDeclaration = {
        let game = OptionSpec("game", kind: .text, placeholder: "NAME", help: "the game")
        let bots = OptionSpec("bots", kind: .text, placeholder: "A,B", help: "bot A and bot B")
        let json = OptionSpec("json", kind: .text, placeholder: "FILE", help: "also write the results as JSON")
        let pairs = OptionSpec("pairs", kind: .flag, help: "play each deal twice")
        let seat = OptionSpec("seat", kind: .choice(["0", "1"]), placeholder: "N", help: "as this seat saw it")
        let bySeat = ValueCompletion.dependingOn(
            option: "game", cases: ["golf": ["aim:easy", "aim"], "ships": ["hunt", "density"]], fallback: ["hunt"])
        return ProgramDeclaration(
            name: "tool", summary: "a tool", version: "1.2.3",
            subcommands: [
                .init(
                    "match", summary: "play matches", command: CommandSpec("tool match", sections: [.options("options:", [game, bots, json, pairs])])),
                .init(
                    "replay", summary: "check a replay",
                    command: CommandSpec("tool replay", positionals: "FILE", sections: [.options("options:", [seat])])),
                .init("all", summary: "everything", command: nil),
            ],
            completions: ["game": .words(["golf", "ships"]), "bots": .list(separator: ",", item: bySeat, limit: 2)])
    }()

    /// What bash's completion offers for `line` with the cursor at its end, in a folder holding `files`.
    func bashReplies(_ line: String, files: [String] = []) throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("completion-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for file in files { _ = FileManager.default.createFile(atPath: folder.appendingPathComponent(file).path, contents: nil) }
        let script = folder.appendingPathComponent("tool.bash")
        try CompletionScript(Self.program, shell: .bash).text.write(to: script, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [
            "--norc", "-c", #"source "$1"; COMP_LINE="$2"; COMP_POINT=${#2}; _tool; printf '%s\n' "${COMPREPLY[@]}""#, "bash",
            script.path, line,
        ]
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "bash completing '\(line)'")
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesSubcommandsOptionsAndTheirValues() throws {
        #expect(try bashReplies("tool ma") == ["match"])
        #expect(try bashReplies("tool ") == ["match", "replay", "all"])
        #expect(try bashReplies("tool --v") == ["--version"])
        #expect(try bashReplies("tool match --") == ["--game", "--bots", "--json", "--pairs", "--help"])
        #expect(try bashReplies("tool match --game ") == ["golf", "ships"])
        #expect(try bashReplies("tool replay --seat ") == ["0", "1"])
        #expect(try bashReplies("tool all --") == [])
    }

    @Test func bashCompletesListsByAnotherOptionsValueAcrossItsWordBreaks() throws {
        // The bots depend on --game; the list keeps its first item; bash's own word starts after '=' and ':'.
        #expect(try bashReplies("tool match --game golf --bots aim,a") == ["aim,aim:easy", "aim,aim"])
        #expect(try bashReplies("tool match --game golf --bots aim,aim:e") == ["easy"])
        #expect(try bashReplies("tool match --game ships --bots=hunt,d") == ["hunt,density"])
        #expect(try bashReplies("tool match --bots=hunt,d") == [], "no --game: the fallback's bots only")
        #expect(try bashReplies("tool match --bots h") == ["hunt"])
        #expect(try bashReplies("tool match --game=sh") == ["ships"])
    }

    @Test func bashCompletesFilesForFileValuesAndPositionals() throws {
        #expect(try bashReplies("tool match --json ou", files: ["out.json", "other.txt"]) == ["out.json"])
        #expect(try bashReplies("tool replay ma", files: ["match-000000.jsonl", "notes.txt"]) == ["match-000000.jsonl"])
    }

    @Test func zshAndFishScriptsOfferTheSameCommandsOptionsAndWords() {
        let zsh = CompletionScript(Self.program, shell: .zsh).text
        #expect(zsh.hasPrefix("#compdef tool\n"))
        #expect(zsh.contains("'match:play matches'") && zsh.contains("'replay:check a replay'"))
        #expect(zsh.contains("'--bots=[bot A and bot B]:A,B:_tool__match__bots'"))
        #expect(zsh.contains("_sequence -s ',' -n 2 compadd - \"${values[@]}\""))
        #expect(zsh.contains("'golf') values=('aim:easy' 'aim') ;;"))
        #expect(zsh.contains("'*:FILE:_files'"))
        let fish = CompletionScript(Self.program, shell: .fish).text
        #expect(fish.contains("complete -c tool -n __tool_first -a 'match' -d 'play matches'"))
        #expect(fish.contains("complete -c tool -n '__tool_using match' -l game -x -a 'golf ships' -d 'the game'"))
        #expect(fish.contains("complete -c tool -n '__tool_using match' -l json -r -F"))
        #expect(fish.contains("complete -c tool -n '__tool_using replay' -F"))
    }

    @Test func theProgramWordsPrintTheVersionScriptsAndPageOrSayWhatIsWrong() throws {
        #expect(try Self.program.output(for: ["--version"]) == "tool 1.2.3\n")
        #expect(try Self.program.output(for: ["match", "--version"]) == nil)
        #expect(try Self.program.output(for: ["--generate-completion-script", "fish"])?.contains("complete -c tool") == true)
        #expect(throws: ArgumentError("--generate-completion-script takes one of bash|zsh|fish, not 'tcsh'")) {
            try Self.program.output(for: ["--generate-completion-script", "tcsh"])
        }
        #expect(throws: ArgumentError("--generate-completion-script takes one of bash|zsh|fish")) {
            try Self.program.output(for: ["--generate-completion-script"])
        }
        #expect(throws: ArgumentError("--version takes no other word")) { try Self.program.output(for: ["--version", "x"]) }
    }

    @Test func eachScriptGoesWhereItsShellLooks() {
        #expect(CompletionScript(Self.program, shell: .bash).installPath == "share/bash-completion/completions/tool")
        #expect(CompletionScript(Self.program, shell: .zsh).installPath == "share/zsh/site-functions/_tool")
        #expect(CompletionScript(Self.program, shell: .fish).installPath == "share/fish/vendor_completions.d/tool.fish")
    }
}
