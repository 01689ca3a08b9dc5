import Testing

@testable import DuoArguments

/// The manual page is the help in roff: a section per subcommand with the same
/// text and options, and roff's special characters written so that no word is
/// read as a request and lint finds nothing (scripts/test-install.sh runs
/// `mandoc -T lint` and `groff -ww` on the installed programs' pages).
@Suite struct ManualPageTests {
    static let program = ProgramDeclaration(
        name: "tool-server", summary: "a tool for tests", version: "1.2.3",
        subcommands: [
            .init(
                "match", summary: "play matches",
                command: CommandSpec(
                    "tool-server match",
                    sections: [
                        .usage,
                        .text("Plays matches."),
                        .text("Angles:\n  90\u{00B0} is a right angle\n.5 of a turn is 180\u{00B0}"),
                        .options(
                            "options:",
                            [OptionSpec("games", kind: .integer(1...9), placeholder: "N", help: "matches in the batch", defaultText: "9")]),
                        .text("exit status:\n  0 done\n  1 a failure"),
                        .list("examples:", ["tool-server match --games 3"]),
                    ])),
            .init("all", summary: "everything", command: nil),
        ])

    let page = ManualPage(program, environment: ["SOURCE_DATE_EPOCH": "1796083200"]).text

    @Test func theHeaderCarriesTheDateOfTheSourceAndTheVersion() {
        #expect(page.contains("\n.TH \"TOOL\\-SERVER\" \"1\" \"2026-12-01\" \"tool\\-server 1.2.3\" \"Duo tabletop engine\"\n"))
        #expect(page.contains(".SH \"NAME\"\ntool\\-server \\- a tool for tests\n"))
    }

    @Test func eachSubcommandHasASectionWithItsTextOptionsAndExamples() {
        #expect(page.contains(".SH \"TOOL\\-SERVER MATCH\"\nPlay matches.\\&\n"))
        #expect(page.contains(".SH \"TOOL\\-SERVER ALL\"\nEverything.\\&\n"))
        #expect(page.contains(".TP\n\\fB\\-\\-games\\fR\\~\\fIN\\fR\nmatches in the batch (1...9, default 9)\n"))
        #expect(page.contains(".SS \"Examples\"\n.RS\n.nf\ntool\\-server match \\-\\-games 3\n.fi\n.RE\n"))
        // An indented block keeps its lines; running text is filled.
        #expect(page.contains(".nf\nexit status:\n  0 done\n  1 a failure\n.fi\n"))
    }

    @Test func noLineIsARequestByAccidentAndNothingOutsideASCIIIsLeft() {
        #expect(page.contains(".nf\nAngles:\n  90\\[u00B0] is a right angle\n\\&.5 of a turn is 180\\[u00B0]\n.fi\n"))
        #expect(page.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(page.split(separator: "\n").filter { !$0.hasPrefix(".") }.allSatisfy { $0.utf8.count <= 78 })
    }

    @Test func aLongVerbatimLineIsSplitIntoInputLinesPrintedAsOne() {
        var roff = Roff()
        roff.verbatim([String(repeating: "word ", count: 30)])
        #expect(roff.lines.count == 4)
        #expect(roff.lines[1].hasSuffix("\\c") && roff.lines[2].hasPrefix(" word"))
        #expect(roff.lines.allSatisfy { $0.utf8.count <= Roff.width })
    }
}
