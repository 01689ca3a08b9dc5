import Testing

@testable import DuoArguments

@Suite struct ParsedArgumentsTests {
    @Test func optionsTakeTheNextWordOrAnInlineValue() throws {
        let parsed = try ParsedArguments(["--seed", "7", "--bots=random,hunt", "file"], options: ["seed", "bots"], flags: [])
        #expect(parsed.value("seed") == "7")
        #expect(parsed.value("bots") == "random,hunt")
        #expect(parsed.positionals == ["file"])
    }

    @Test func unknownOptionIsAnErrorNamingIt() {
        #expect(throws: ArgumentError("unknown option --sed")) {
            try ParsedArguments(["--sed", "7"], options: ["seed"], flags: [])
        }
    }

    @Test func missingValueIsAnError() {
        #expect(throws: ArgumentError("--seed needs a value")) {
            try ParsedArguments(["--seed"], options: ["seed"], flags: [])
        }
    }

    @Test func flagWithValueAndRepeatedOptionAreErrors() {
        #expect(throws: ArgumentError("--fixed takes no value")) {
            try ParsedArguments(["--fixed=yes"], options: [], flags: ["fixed"])
        }
        #expect(throws: ArgumentError("--seed given twice")) {
            try ParsedArguments(["--seed", "1", "--seed", "2"], options: ["seed"], flags: [])
        }
    }

    @Test func numbersAreCheckedAgainstTheirRange() throws {
        let parsed = try ParsedArguments(["--games", "0", "--angle", "200"], options: ["games", "angle"], flags: [])
        #expect(throws: ArgumentError.self) { try parsed.integer("games", default: 1, in: 1...1_000) }
        #expect(throws: ArgumentError.self) { try parsed.decimal("angle", in: 0...180) }
        #expect(try parsed.integer("absent", default: 5) == 5)
    }

    enum Direction: String, CaseIterable { case ltr, rtl }

    @Test func choicesListTheAllowedValues() throws {
        let parsed = try ParsedArguments(["--direction", "up"], options: ["direction"], flags: [])
        #expect(throws: ArgumentError("--direction must be one of ltr|rtl, not 'up'")) {
            try parsed.choice("direction", as: Direction.self)
        }
    }
}

@Suite struct RepeatableOptionAndOutputPathTests {
    @Test func aRepeatableOptionKeepsEveryValueInOrder() throws {
        let parsed = try ParsedArguments(
            ["--expect", "elo>=0", "--expect=score(A)>=0.9", "--seed", "1"],
            options: ["expect", "seed"], flags: [], repeatable: ["expect"])
        #expect(parsed.values("expect") == ["elo>=0", "score(A)>=0.9"])
        #expect(parsed.values("seed") == ["1"])
        #expect(parsed.values("missing") == [])
        #expect(throws: ArgumentError("--seed given twice")) {
            try ParsedArguments(["--seed", "1", "--seed", "2"], options: ["seed", "expect"], flags: [], repeatable: ["expect"])
        }
    }

    @Test func anOutputPathIsCheckedBeforeAnyWork() throws {
        let parsed = try ParsedArguments(
            ["--json", "/nonexistent-folder/x.json", "--junit", "-", "--out", "/tmp"],
            options: ["json", "junit", "out"], flags: [])
        #expect(throws: ArgumentError("--json: cannot write '/nonexistent-folder/x.json': the folder '/nonexistent-folder' does not exist")) {
            try parsed.outputPath("json")
        }
        #expect(try parsed.outputPath("junit") == "-")
        #expect(throws: ArgumentError("--out: '/tmp' is a folder, not a file")) { try parsed.outputPath("out") }
        #expect(try parsed.outputPath("absent") == nil)
    }
}
