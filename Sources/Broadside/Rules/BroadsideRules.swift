import DuoPlatform
import DuoSupport
import Foundation
import TabletopEngine

/// The data of one Broadside variant, from `Assets/games/broadside/<variant>.json`:
/// board size, fleet and shot rule. Nothing of it is a constant in code.
///
/// ```json
/// { "title": "Broadside", "board": { "rows": 10, "columns": 10 },
///   "fleet": [ { "name": "carrier", "length": 5 }, ... ], "shots": "one" }
/// ```
public struct BroadsideRules: Codable, Equatable, Sendable {
    /// The board's size.
    public struct Board: Codable, Equatable, Sendable {
        /// Rows, 1...16 (named A, B, ...).
        public var rows: Int
        /// Columns, 1...16 (numbered 1, 2, ...).
        public var columns: Int

        /// Makes a board size.
        public init(rows: Int, columns: Int) {
            self.rows = rows
            self.columns = columns
        }
    }

    /// A name for people, e.g. "Broadside (salvo)".
    public var title: String
    /// The size of each seat's board.
    public var board: Board
    /// The ships each seat hides, in the order moves name them (`"ship": 0` is the first).
    public var fleet: [ShipClass]
    /// How many shots a turn has.
    public var shots: ShotRule

    /// Makes rules, unchecked; see ``validated()``.
    public init(title: String, board: Board, fleet: [ShipClass], shots: ShotRule) {
        self.title = title
        self.board = board
        self.fleet = fleet
        self.shots = shots
    }

    /// The most ships a fleet may have (a fleet's afloat set is 16 bits).
    public static let maximumShips = 16

    /// Decodes and checks rules data.
    /// - Throws: ``GameDataError`` naming the field and the problem.
    public static func load(from data: Data) throws(GameDataError) -> BroadsideRules {
        let rules: BroadsideRules
        do throws(DataFileError) {
            rules = try DataFileDecoder.decode(BroadsideRules.self, from: data)
        } catch let error where error.field == "shots" && error.kind == .invalidValue {
            throw GameDataError(field: "shots", problem: "must be one of \(ShotRule.allCases.map(\.rawValue).joined(separator: ", "))")
        } catch {
            throw GameDataError(error)
        }
        return try rules.validated()
    }

    /// The rules, checked: board 1...16 on each side, 1...16 ships with
    /// unique non-empty names and lengths that fit the board, and a fleet
    /// that can actually be placed without overlap.
    /// - Throws: ``GameDataError`` naming the field and the problem.
    public func validated() throws(GameDataError) -> BroadsideRules {
        let side = 1...Cell.maximumSide
        guard side.contains(board.rows) else {
            throw GameDataError(field: "board.rows", problem: "must be \(side.lowerBound)...\(side.upperBound), not \(board.rows)")
        }
        guard side.contains(board.columns) else {
            throw GameDataError(field: "board.columns", problem: "must be \(side.lowerBound)...\(side.upperBound), not \(board.columns)")
        }
        guard (1...Self.maximumShips).contains(fleet.count) else {
            throw GameDataError(field: "fleet", problem: "must have 1...\(Self.maximumShips) ships, not \(fleet.count)")
        }
        let longest = max(board.rows, board.columns)
        var names = Set<String>()
        for (index, ship) in fleet.enumerated() {
            guard !ship.name.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw GameDataError(field: "fleet[\(index)].name", problem: "must not be empty")
            }
            guard names.insert(ship.name).inserted else {
                throw GameDataError(field: "fleet[\(index)].name", problem: "'\(ship.name)' is used twice")
            }
            guard (1...longest).contains(ship.length) else {
                throw GameDataError(
                    field: "fleet[\(index)].length",
                    problem: "must be 1...\(longest) to fit a \(board.rows)x\(board.columns) board, not \(ship.length)")
            }
        }
        let cells = fleet.reduce(0) { $0 + $1.length }
        guard cells <= board.rows * board.columns else {
            throw GameDataError(field: "fleet", problem: "covers \(cells) cells, more than the board's \(board.rows * board.columns)")
        }
        guard PlacementTable(rules: self).fleetFits(fleet.map(\.length)) else {
            throw GameDataError(field: "fleet", problem: "cannot be placed on a \(board.rows)x\(board.columns) board without overlap")
        }
        return self
    }
}
