import DuoTestSupport
import Foundation
import TabletopEngine

@testable import Broadside

/// Shared test material: the shipped rules, a known fleet layout, and
/// helpers that drive a state move by move.
enum Fixture {
    /// The package's `Assets/` folder.
    static let assets = PackageRoot.assets

    /// A shipped variant.
    static func game(_ variant: String = "classic") throws -> Broadside {
        let url = assets.appendingPathComponent("games/broadside/\(variant).json")
        return try Broadside(variant: variant, rulesData: Data(contentsOf: url))
    }

    /// Rules for small hand-made boards.
    static func rules(rows: Int, columns: Int, ships: [Int], shots: ShotRule = .one) -> BroadsideRules {
        BroadsideRules(
            title: "test", board: .init(rows: rows, columns: columns),
            fleet: ships.enumerated().map { ShipClass(name: "ship\($0.offset)", length: $0.element) },
            shots: shots)
    }

    static func cell(_ name: String) -> Cell { Cell(name: name)! }

    /// The fleet of the tests: every ship across from column 1 on rows A, C, E, G, I.
    static let rowsFleet: [ShipPlacement] = ["A1", "C1", "E1", "G1", "I1"].enumerated().map {
        ShipPlacement(ship: $0.offset, at: cell($0.element), heading: .across)
    }

    /// Plays `move` and fails the test (by throwing) if it is refused.
    static func play(_ game: Broadside, _ move: BroadsideMove, by seat: Seat, in state: inout BroadsideState) throws {
        try game.play(move, by: seat, in: &state)
    }

    /// A state in battle with both seats' fleets as `rowsFleet` (or the given ones).
    static func battle(
        _ game: Broadside, firstSeat: Seat = .first,
        fleets: SeatPair<[ShipPlacement]>? = nil
    ) throws -> BroadsideState {
        var state = game.makeInitialState(MatchSetup(seed: 1, firstSeat: firstSeat))
        let fleets = fleets ?? SeatPair(rowsFleet, rowsFleet)
        for seat in Seat.allCases {
            for placement in fleets[seat] { try play(game, .place(placement), by: seat, in: &state) }
        }
        return state
    }

    /// JSON with sorted keys: the bytes a view is sent as.
    static func bytes<Value: Encodable>(_ value: Value) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(value)
    }
}
