import Foundation
import TabletopEngine
import Testing

@testable import Broadside

@Suite struct SweepShooterTests {
    /// Seat 0's shots over one whole match of `shooter` against `opponent`
    /// (placement, both seats, every move through the rules), each checked
    /// open when it is fired.
    func shots(_ game: Broadside, _ shooter: String, against opponent: String, match index: Int) throws -> [Cell] {
        let setup = MatchSetup(batchSeed: 11, matchIndex: index)
        var bots = SeatPair(
            try game.makeBot(named: shooter, seat: .first, seed: setup.botSeed(for: .first)),
            try game.makeBot(named: opponent, seat: .second, seed: setup.botSeed(for: .second)))
        var state = game.makeInitialState(setup)
        var fired: [Cell] = []
        while game.result(of: state) == nil, let seat = game.seatsToMove(in: state).seats.first {
            let view = game.seatView(of: state, for: seat)
            let move = try #require(seat == .first ? bots.first.move(for: view) : bots.second.move(for: view))
            if seat == .first, case .fire(let cell) = move {
                let open = game.board.subtracting(view.target.shots).subtracting(view.aimed)
                #expect(open.contains(cell), "\(cell) is not open")
                fired.append(cell)
            }
            try game.play(move, by: seat, in: &state)
        }
        return fired
    }

    @Test(arguments: ["classic", "salvo"])
    func theSweepShooterFiresOnlyAtOpenCellsAndNeverTwiceOverWholeMatches(variant: String) throws {
        let game = try Fixture.game(variant)
        for (index, opponent) in ["sweep", "density", "hunt:spread", "random:evasive"].enumerated() {
            let fired = try shots(game, "sweep", against: opponent, match: index)
            #expect(Set(fired).count == fired.count, "a cell fired at twice against \(opponent)")
            #expect(fired.count >= 17, "\(fired.count) shots against \(opponent)")
        }
    }

    @Test func theSweepShooterRepeatsItselfForASeed() throws {
        let game = try Fixture.game()
        for index in 0..<3 {
            let first = try shots(game, "sweep", against: "density", match: index)
            let again = try shots(game, "sweep", against: "density", match: index)
            #expect(first == again, "match \(index)")
        }
        let trials = try (0..<20).map { try SinkingTrial.shots(game, shooter: "sweep", seed: UInt64($0)) }
        let again = try (0..<20).map { try SinkingTrial.shots(game, shooter: "sweep", seed: UInt64($0)) }
        #expect(trials == again)
    }

    @Test func theSweepShooterSinksTheSameFleetsInFewerShotsThanDensity() throws {
        let game = try Fixture.game()
        // In release, seeds 0..<1000: sweep 43.94, density 44.10 (over
        // 100,000 other seeds, 0.20 shots fewer, se 0.02).
        var sweep = 0
        var density = 0
        for seed in 0..<1_000 {
            sweep += try SinkingTrial.shots(game, shooter: "sweep", seed: UInt64(seed))
            density += try SinkingTrial.shots(game, shooter: "density", seed: UInt64(seed))
        }
        #expect(sweep < density, "sweep \(sweep) shots, density \(density)")
    }

    @Test func everyShipCoversEveryLatticeOfItsLengthOrLessAndTheSparsestIsTheOneLeastInPlay() throws {
        let game = try Fixture.game()
        let lattices = game.data.lattices
        for spacing in 2...5 {
            #expect(lattices.lattices[spacing].count == 2 * spacing)
            for lattice in lattices.lattices[spacing] {
                for length in spacing...5 {
                    #expect(game.table.shapes[length].allSatisfy { $0.mask.intersects(lattice) }, "length \(length), spacing \(spacing)")
                }
            }
            // With nothing swept, the smallest (on 10 x 10, spaced 3 or 4 they differ by a cell).
            let fewest = lattices.lattices[spacing].map(\.count).min()
            #expect(lattices.sparsest(spacing: spacing, inPlay: game.board).count == fewest)
        }
        // Spaced 2, the two are alike and the first is taken: the lattice density favours.
        #expect(lattices.sparsest(spacing: 2, inPlay: game.board) == game.table.diagonals[2][0])
        // Half of the row-minus-column lattice 2 (mod 3) already swept: it is the sparsest.
        let swept = lattices.lattices[3][5]
        let half = CellSet(swept.prefix(swept.count / 2))
        #expect(lattices.sparsest(spacing: 3, inPlay: game.board.subtracting(half)) == swept)
    }
}
