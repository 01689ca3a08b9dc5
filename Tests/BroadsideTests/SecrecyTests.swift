import Foundation
import TabletopEngine
import Testing

@testable import Broadside

/// A seat view must never carry the opponent's unrevealed ships: for many
/// seeded pairs of states that differ only in where the opponent's hidden
/// (never hit) ships lie, the bytes of the seat's view are identical.
@Suite struct SecrecyTests {
    /// Plays random bots from a seed and stops after `cut` moves (or at the end).
    func randomMoves(_ game: Broadside, seed: UInt64, cut: Int) -> [(Seat, BroadsideMove)] {
        let setup = MatchSetup(seed: seed, firstSeat: seed % 2 == 0 ? .first : .second)
        var bots = SeatPair(
            try! game.makeBot(named: "random", seat: .first, seed: seed &+ 1),
            try! game.makeBot(named: "hunt", seat: .second, seed: seed &+ 2))
        var state = game.makeInitialState(setup)
        var moves: [(Seat, BroadsideMove)] = []
        var last: Seat?
        while moves.count < cut, game.result(of: state) == nil {
            guard let seat = game.seatsToMove(in: state).nextMover(after: last) else { break }
            let move = bots[seat].move(for: game.seatView(of: state, for: seat))!
            try! game.play(move, by: seat, in: &state)
            moves.append((seat, move))
            last = seat
        }
        return moves
    }

    /// Replays `moves` with `hidden`'s placements replaced by `layout`.
    func replay(
        _ game: Broadside, _ moves: [(Seat, BroadsideMove)], seed: UInt64, hidden: Seat,
        layout: FleetLayout
    ) throws -> BroadsideState {
        var state = game.makeInitialState(MatchSetup(seed: seed, firstSeat: seed % 2 == 0 ? .first : .second))
        for (seat, move) in moves {
            var played = move
            if seat == hidden, case .place(let placement) = move { played = .place(layout[placement.ship]!) }
            try game.play(played, by: seat, in: &state)
        }
        return state
    }

    /// The hidden seat's fleet with every never-hit ship moved to another legal
    /// place that was never fired at; nil when nothing could move.
    func relocate(_ game: Broadside, state: BroadsideState, hidden: Seat, generator: inout SeededGenerator) -> FleetLayout? {
        let fired = state.shotsReceived[hidden].union(state.aimed)
        var layout = FleetLayout()
        var occupied = CellSet()
        var movable: [Int] = []
        for placement in state.fleets[hidden] {
            let cells = placement.cells(length: game.length(of: placement.ship))
            if cells.intersects(fired) {
                layout[placement.ship] = placement
                occupied.formUnion(cells)
            } else {
                movable.append(placement.ship)
            }
        }
        var moved = false
        for ship in movable {
            let original = state.fleets[hidden][ship]!
            let choices = game.table.shapes[game.length(of: ship)].filter { !$0.mask.intersects(occupied.union(fired)) }
            guard !choices.isEmpty else { return nil }
            let shape = choices[generator.nextInt(below: choices.count)]
            let placement = ShipPlacement(ship: ship, at: shape.origin, heading: shape.heading)
            moved = moved || placement != original
            layout[ship] = placement
            occupied.formUnion(shape.mask)
        }
        return moved ? layout : nil
    }

    @Test(arguments: ["classic", "salvo"])
    func aSeatsViewBytesDoNotDependOnTheOpponentsHiddenShips(variant: String) throws {
        let game = try Fixture.game(variant)
        var generator = SeededGenerator(seed: 2024)
        var compared = 0
        for seed in UInt64(0)..<150 {
            let cut = generator.nextInt(in: 1...120)
            let moves = randomMoves(game, seed: seed, cut: cut)
            let hidden: Seat = seed % 3 == 0 ? .first : .second
            let viewer = hidden.opponent
            var stateA = game.makeInitialState(MatchSetup(seed: seed, firstSeat: seed % 2 == 0 ? .first : .second))
            for (seat, move) in moves { try game.play(move, by: seat, in: &stateA) }
            guard game.result(of: stateA) == nil,
                let layout = relocate(game, state: stateA, hidden: hidden, generator: &generator)
            else { continue }
            let stateB = try replay(game, moves, seed: seed, hidden: hidden, layout: layout)
            #expect(stateA.fleets[hidden] != stateB.fleets[hidden])
            #expect(
                try Fixture.bytes(game.seatView(of: stateA, for: viewer)) == Fixture.bytes(game.seatView(of: stateB, for: viewer)),
                "seed \(seed): \(viewer)'s view shows where \(hidden)'s hidden ships are")
            #expect(
                try Fixture.bytes(game.publicView(of: stateA)) == Fixture.bytes(game.publicView(of: stateB)),
                "seed \(seed): the public view shows hidden ships")
            // The hidden seat's own view does show its ships: the comparison can fail.
            #expect(try Fixture.bytes(game.seatView(of: stateA, for: hidden)) != Fixture.bytes(game.seatView(of: stateB, for: hidden)))
            compared += 1
        }
        #expect(compared > 100)
    }

    @Test func anotherSeatsPlacementIsHiddenInReplaysOfTheMatch() throws {
        let game = try Fixture.game()
        let placement = BroadsideMove.place(Fixture.rowsFleet[0])
        #expect(game.visibleMove(placement, by: .first, to: .second) == nil)
        #expect(game.visibleMove(placement, by: .first, to: nil) == nil)
        #expect(game.visibleMove(placement, by: .first, to: .first) == placement)
        #expect(game.visibleMove(.fire(Fixture.cell("A1")), by: .first, to: .second) == .fire(Fixture.cell("A1")))
    }
}
