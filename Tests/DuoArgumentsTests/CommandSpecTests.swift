import Foundation
import Testing

@testable import DuoArguments

/// The declaration types: one declaration gives the parse, the typed reads, the help and the errors.
@Suite struct CommandSpecTests {
    enum Moves: String, CaseIterable, Sendable { case hint, legal }

    static let games: Option<Int> = .integer("games", in: 1...1_000, default: 100, help: "matches in all")
    static let jobs: Option<Int?> = .integer("jobs", in: 1...256, defaultText: "the number of cores", help: "worker threads")
    static let seed: Option<UInt64> = .unsigned("seed", "S", default: 1, help: "the seed")
    static let scale: Option<Double?> = .decimal("scale", "S", in: 0.25...4, help: "pixels per point")
    static let moves: Option<Moves> = .choice("moves", "SOURCE", default: .hint, help: "where moves come from")
    static let json: Option<String?> = .text("json", "FILE", help: "also write JSON")
    static let expect: Option<[String]> = .repeatable("expect", "EXPR", help: "fail unless EXPR holds")
    static let quiet: Option<Bool> = .flag("quiet", help: "no progress\non standard error")
    static let undeclared: Option<Bool> = .flag("verbose", help: "not part of the command")

    static let command = CommandSpec(
        "tool run", positionals: "FILE...",
        sections: [
            .usage,
            .text("Runs things."),
            .options("options:", [games.spec, jobs.spec, seed.spec, scale.spec, moves.spec, json.spec, expect.spec, quiet.spec]),
            .list("examples:", ["tool run --games 5 a.json"]),
        ])

    static func parsed(_ arguments: [String]) throws -> ParsedOptions {
        try #require(try command.parse(arguments).options, "\(arguments) asked for help")
    }

    @Test func typedReadsGiveTheValueOrTheDeclaredDefault() throws {
        let given = try Self.parsed([
            "--games", "7", "--jobs=3", "--seed", "18446744073709551615", "--scale", "0.5", "--moves", "legal",
            "--json", "-", "--expect", "a", "--expect", "b", "--quiet", "f.json",
        ])
        #expect(given[Self.games] == 7 && given[Self.jobs] == 3 && given[Self.seed] == UInt64.max && given[Self.scale] == 0.5)
        #expect(given[Self.moves] == .legal && given[Self.json] == "-" && given[Self.expect] == ["a", "b"] && given[Self.quiet])
        #expect(given.positionals == ["f.json"])
        #expect(given.isGiven(Self.games) && given.raw(Self.games) == "7")
        let absent = try Self.parsed([])
        #expect(absent[Self.games] == 100 && absent[Self.jobs] == nil && absent[Self.seed] == 1 && absent[Self.scale] == nil)
        #expect(absent[Self.moves] == .hint && absent[Self.json] == nil && absent[Self.expect].isEmpty && !absent[Self.quiet])
        #expect(!absent.isGiven(Self.games))
    }

    @Test(arguments: [
        (["--games", "0"], "--games must be a whole number in 1...1000, not '0'"),
        (["--games", "x"], "--games must be a whole number in 1...1000, not 'x'"),
        (["--seed", "-1"], "--seed must be a whole number in 0...18446744073709551615, not '-1'"),
        (["--scale", "5"], "--scale must be a number in 0.25...4.0, not '5'"),
        (["--scale", "inf"], "--scale must be a number in 0.25...4.0, not 'inf'"),
        (["--moves", "both"], "--moves must be one of hint|legal, not 'both'"),
        (["--games"], "--games needs a value"),
        (["--games", "1", "--games", "2"], "--games given twice"),
        (["--quiet=yes"], "--quiet takes no value"),
        (["--verbose"], "unknown option --verbose"),
    ])
    func misusesAreOneSentenceNamingTheOption(arguments: [String], message: String) {
        #expect(throws: ArgumentError(message)) { try Self.command.parse(arguments) }
    }

    @Test func helpIsAskedForAfterTheValuesAreChecked() throws {
        #expect(try Self.command.parse(["--games", "5", "--help"]).options == nil, "--help was not recognised")
        #expect(throws: ArgumentError("--games must be a whole number in 1...1000, not '0'")) { try Self.command.parse(["--games", "0", "--help"]) }
    }

    @Test func aCommandWithoutPositionalsRefusesOne() {
        let bare = CommandSpec("tool bare", sections: [.options("options:", [Self.quiet.spec])])
        #expect(throws: ArgumentError("unexpected argument 'extra'")) { try bare.parse(["extra"]) }
        #expect(bare.option(named: "help") != nil, "--help is declared for every command")
    }

    @Test func helpHasTheUsageLineAndAnOptionsTableWithRangesAndDefaults() {
        let help = Self.command.help
        #expect(
            help.hasPrefix(
                """
                usage: tool run FILE... [--games N] [--jobs N] [--seed S] [--scale S] [--moves SOURCE] [--json FILE]
                                [--expect EXPR]... [--quiet]

                Runs things.

                options:
                  --games N       matches in all (1...1000, default 100)
                  --jobs N        worker threads (1...256, default: the number of cores)
                  --seed S        the seed (default 1)
                  --scale S       pixels per point (0.25...4)
                  --moves SOURCE  where moves come from (hint | legal, default hint)
                  --json FILE     also write JSON
                  --expect EXPR   fail unless EXPR holds (repeatable)
                  --quiet         no progress
                                  on standard error
                  --help          show this help

                examples:
                  tool run --games 5 a.json

                """), "\(help)")
    }

    @Test func aLongSynopsisStandsAboveItsDescription() {
        let long: Option<Int> = .integer("max-waiting-per-address", in: 1...10, default: 4, help: "of those, from one address")
        #expect(
            CommandSpec.table([long.spec, Self.quiet.spec], width: 8) == [
                "  --max-waiting-per-address N", "            of those, from one address (1...10, default 4)",
                "  --quiet   no progress", "            on standard error",
            ])
    }

    @Test func theDeclarationRoundTripsAsJSON() throws {
        let declaration = CommandDeclaration(Self.command)
        #expect(declaration.tool == "tool run")
        #expect(declaration.options.map(\.name) == ["games", "jobs", "seed", "scale", "moves", "json", "expect", "quiet", "help"])
        let data = try JSONEncoder().encode(declaration)
        #expect(try JSONDecoder().decode(CommandDeclaration.self, from: data) == declaration)
    }

    @Test func readingAnUndeclaredOptionTraps() async throws {
        await #expect(processExitsWith: .failure) {
            let parsed = try Self.parsed([])
            _ = parsed[Self.undeclared]
        }
    }

    @Test func declaringAnOptionTwiceTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = CommandSpec("tool twice", sections: [.options("options:", [Self.quiet.spec, Self.quiet.spec])])
        }
    }
}
