import Testing

@testable import DuoArguments

@Suite struct SubcommandProgramTests {
    let program = SubcommandProgram(
        tool: "tool", noun: "command",
        commands: [
            .init("one", "does the first thing") { _ in 0 },
            .init("second", "does the next thing") { $0.isEmpty ? 3 : 4 },
        ], footer: "\nRun 'tool <command> --help'.\n")

    @Test func theUsageListsEverySubcommandInOrderWithItsSummary() {
        #expect(
            program.usage == """
                usage: tool <command> [options]

                commands:
                  one      does the first thing
                  second   does the next thing

                Run 'tool <command> --help'.

                """)
    }

    @Test func aSubcommandIsFoundByItsExactNameAndGetsTheWordsAfterIt() {
        #expect(program.command(named: "second")?.run([]) == 3)
        #expect(program.command(named: "second")?.run(["--flag"]) == 4)
        #expect(program.command(named: "Second") == nil)
        #expect(program.command(named: "--help") == nil)
    }
}
