import Foundation
import TabletopEngine
import Testing

@testable import Broadside

@Suite struct RulesDataTests {
    @Test func theShippedVariantsLoadWithTheClassicFleet() throws {
        let classic = try Fixture.game("classic")
        #expect(classic.rules.board == .init(rows: 10, columns: 10))
        #expect(classic.rules.fleet.map(\.length) == [5, 4, 3, 3, 2])
        #expect(classic.rules.fleet.map(\.name) == ["carrier", "battleship", "cruiser", "submarine", "destroyer"])
        #expect(classic.rules.shots == .one)
        #expect(try Fixture.game("salvo").rules.shots == .perShipAfloat)
        #expect(classic.rulesHash != (try Fixture.game("salvo")).rulesHash)
    }

    @Test(arguments: [
        (#"{"title":"t","board":{"rows":10,"columns":10},"fleet":[],"shots":"one"}"#, "fleet: must have 1...16 ships, not 0"),
        (#"{"title":"t","board":{"rows":0,"columns":10},"fleet":[{"name":"a","length":1}],"shots":"one"}"#, "board.rows: must be 1...16, not 0"),
        (#"{"title":"t","board":{"rows":10,"columns":17},"fleet":[{"name":"a","length":1}],"shots":"one"}"#, "board.columns: must be 1...16, not 17"),
        (
            #"{"title":"t","board":{"rows":4,"columns":4},"fleet":[{"name":"a","length":5}],"shots":"one"}"#,
            "fleet[0].length: must be 1...4 to fit a 4x4 board, not 5"
        ),
        (
            #"{"title":"t","board":{"rows":4,"columns":4},"fleet":[{"name":"a","length":2},{"name":"a","length":2}],"shots":"one"}"#,
            "fleet[1].name: 'a' is used twice"
        ),
        (#"{"title":"t","board":{"rows":4,"columns":4},"fleet":[{"name":" ","length":2}],"shots":"one"}"#, "fleet[0].name: must not be empty"),
        (
            #"{"title":"t","board":{"rows":2,"columns":2},"fleet":[{"name":"a","length":2},{"name":"b","length":2},{"name":"c","length":1}],"shots":"one"}"#,
            "fleet: covers 5 cells, more than the board's 4"
        ),
        // Nine cells of ships on ten, yet three 3-ships never fit a 2x5 board.
        (
            #"{"title":"t","board":{"rows":2,"columns":5},"fleet":[{"name":"a","length":3},{"name":"b","length":3},{"name":"c","length":3}],"shots":"one"}"#,
            "fleet: cannot be placed on a 2x5 board without overlap"
        ),
        (
            #"{"title":"t","board":{"rows":4,"columns":4},"fleet":[{"name":"a","length":2}],"shots":"many"}"#,
            "shots: must be one of one, perShipAfloat"
        ),
        (#"{"title":"t","board":{"rows":4},"fleet":[{"name":"a","length":2}],"shots":"one"}"#, "board.columns: is missing"),
        (
            #"{"title":"t","board":{"rows":"4","columns":4},"fleet":[{"name":"a","length":2}],"shots":"one"}"#,
            #"board.rows: must be a whole number, not "4""#
        ),
        (#"{"title":"t", "board""#, "not valid JSON"),
        (
            #"{"title":"t","board":{"rows":4,"columns":4},"fleet":[{"name":"a","length":2}],"shots":"one","shot":"one"}"#,
            "shot: is not a known field (misspelt?)"
        ),
    ])
    func badRulesDataIsRefusedNamingTheFieldAndTheProblem(json: String, expected: String) {
        #expect {
            try BroadsideRules.load(from: Data(json.utf8))
        } throws: { error in
            (error as? GameDataError)?.description == expected
        }
    }

    @Test func cellNamesAreARowLetterAndAColumnNumber() {
        #expect(Cell(name: "A1") == Cell(row: 0, column: 0))
        #expect(Cell(name: "j10") == Cell(row: 9, column: 9))
        #expect(Cell(name: "P16") == Cell(row: 15, column: 15))
        #expect(Cell(row: 2, column: 6).name == "C7")
        for bad in ["", "A", "Q1", "A0", "A17", "1A", "AA1", "A1x", "Ä1"] { #expect(Cell(name: bad) == nil, "\(bad)") }
    }

    @Test func cellSetsShiftWithoutWrappingAroundRows() {
        let edge = CellSet([Fixture.cell("B16"), Fixture.cell("C1")])
        #expect(edge.movedRight == CellSet([Fixture.cell("C2")]))
        #expect(edge.movedLeft == CellSet([Fixture.cell("B15")]))
        #expect(CellSet([Fixture.cell("A5")]).movedUp.isEmpty)
        #expect(CellSet([Fixture.cell("P5")]).movedDown.isEmpty)
        #expect(CellSet([Fixture.cell("D4")]).orthogonalNeighbours.count == 4)
        #expect(CellSet.board(columns: 16, rows: 16).count == 256)
        #expect(CellSet.board(columns: 10, rows: 10).count == 100)
        #expect(!CellSet.board(columns: 10, rows: 10).contains(Fixture.cell("A11")))
        let cells = CellSet([Fixture.cell("A3"), Fixture.cell("E9"), Fixture.cell("P16")])
        #expect((0..<3).map { cells.cell(atRank: $0) } == Array(cells))
    }

    /// `cell(atRank:)` finds a cell a byte at a time, all bytes at once:
    /// every rank of seeded random sets of every density (each word empty,
    /// sparse, dense, full) gives the cell the plain walk through the set gives.
    @Test func theCellOfEachRankIsTheOneAPlainWalkFinds() {
        var generator = SeededGenerator(seed: 5)
        for trial in 0..<400 {
            // Bits kept with chance 1/16, 1/2, 15/16 or 1, a choice per word.
            func word() -> UInt64 {
                switch generator.nextInt(below: 5) {
                case 0: return 0
                case 1: return generator.next() & generator.next() & generator.next() & generator.next()
                case 2: return generator.next()
                case 3: return generator.next() | generator.next() | generator.next() | generator.next()
                default: return ~0
                }
            }
            let cells = CellSet(words: (word(), word(), word(), word()))
            let walked = Array(cells)
            #expect(walked.count == cells.count, "trial \(trial)")
            for rank in walked.indices where cells.cell(atRank: rank) != walked[rank] {
                Issue.record("trial \(trial): rank \(rank) gave \(cells.cell(atRank: rank)), the walk \(walked[rank])")
            }
        }
    }

    @Test func aShipCoversItsCellsWhicheverWayItLies() {
        let across = ShipPlacement(ship: 0, at: Fixture.cell("D7"), heading: .across)
        #expect(Array(across.cells(length: 4)).map(\.name) == ["D7", "D8", "D9", "D10"])
        let down = ShipPlacement(ship: 0, at: Fixture.cell("C2"), heading: .down)
        #expect(Array(down.cells(length: 5)).map(\.name) == ["C2", "D2", "E2", "F2", "G2"])
        #expect(down.covers(Fixture.cell("G2"), length: 5))
        #expect(!down.covers(Fixture.cell("H2"), length: 5))
    }

    @Test func movesHaveAOneKeyJSONFormThatRoundTrips() throws {
        let moves: [BroadsideMove] = [
            .fire(Fixture.cell("B7")), .reset,
            .place(ShipPlacement(ship: 2, at: Fixture.cell("A1"), heading: .down)),
        ]
        let json = try moves.map { String(decoding: try Fixture.bytes($0), as: UTF8.self) }
        #expect(json == [#"{"fire":"B7"}"#, #"{"reset":true}"#, #"{"place":{"at":"A1","heading":"down","ship":2}}"#])
        for (move, text) in zip(moves, json) {
            #expect(try JSONDecoder().decode(BroadsideMove.self, from: Data(text.utf8)) == move)
        }
        for bad in [#"{}"#, #"{"fire":"Z9"}"#, #"{"fire":"A1","reset":true}"#, #"{"reset":false}"#, #"{"place":{"ship":0,"at":"A1"}}"#] {
            #expect(throws: DecodingError.self, "\(bad)") { try JSONDecoder().decode(BroadsideMove.self, from: Data(bad.utf8)) }
        }
    }
}
