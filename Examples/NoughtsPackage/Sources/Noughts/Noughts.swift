import DuoSupport
import Foundation
import TabletopEngine

/// Noughts and crosses: seat 0 plays X, seat 1 plays O, three in a row wins.
public struct Noughts: LoadableGame {
    /// The rules data: `Assets/games/noughts/classic.json`.
    public struct Rules: Codable, Equatable, Sendable {
        /// Cells on a side (3; the file makes it data, the checks keep it 3).
        public var size: Int
    }
    /// The board, whose turn, and the winner once there is one.
    public struct State: Sendable {
        /// Nine cells, row by row: the seat that played there, or nil.
        public var cells = [Seat?](repeating: nil, count: 9)
        /// The seat to move.
        public var turn: Seat
        /// The winner, once three are in a row.
        public var winner: Seat?
    }
    /// A move: the cell played, 0...8 row by row. JSON: `{"cell": 4}`.
    public struct Move: Codable, Hashable, Sendable {
        /// The cell.
        public var cell: Int
        /// A move at `cell`.
        public init(cell: Int) { self.cell = cell }
    }
    /// What everyone sees (nothing is secret): cells -1 (empty), 0 (X), 1 (O).
    public struct View: Codable, Equatable, Sendable {
        /// The cells.
        public var cells: [Int]
        /// The seat to move; nil once over.
        public var toMove: Seat?
        /// The seat looking; nil for a spectator.
        public var seat: Seat?
    }
    /// Why a move is refused.
    public enum Rejection: MoveRejection {
        /// The other seat is to move.
        case notYourTurn
        /// The cell is not on the board.
        case offBoard(Int)
        /// The cell is taken.
        case taken(Int)
        /// The game is over.
        case over

        /// The stable code.
        public var code: String {
            switch self {
            case .notYourTurn: "notYourTurn"
            case .offBoard: "offBoard"
            case .taken: "cellTaken"
            case .over: "matchOver"
            }
        }
        /// A sentence.
        public var message: String {
            switch self {
            case .notYourTurn: "the other seat is to move"
            case .offBoard(let cell): "cell \(cell) is not in 0...8"
            case .taken(let cell): "cell \(cell) is already taken"
            case .over: "the game is over"
            }
        }
    }

    /// `noughts`.
    public static let name = "noughts"
    /// `classic`.
    public static let defaultVariant = "classic"
    /// For listings.
    public static let summary = "noughts and crosses: three in a row wins"
    /// The entry of the game catalog.
    public static let catalogEntry = GameCatalogEntry(Noughts.self)
    /// The eight lines of three.
    public static let lines = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]]

    /// The variant.
    public let variant: String
    /// The rules data.
    public let rules: Rules
    /// Bumped when the same data plays differently.
    public let rulesVersion = 1
    /// Weakest first; `mcts` is the engine's search (``Noughts+DeterminizableGame.swift``).
    public let botNames = ["random", "smart", SearchSettings.botName]

    /// Loads a variant from its file's bytes.
    public init(variant: String, rulesData: Data) throws(GameDataError) {
        do {
            // Strict: a missing, mistyped or misspelt field is named.
            rules = try DataFileDecoder.decode(Rules.self, from: rulesData)
        } catch {
            throw GameDataError(error)
        }
        guard rules.size == 3 else { throw GameDataError(field: "size", problem: "must be 3, not \(rules.size)") }
        self.variant = variant
    }

    /// An empty board; the setup's first seat plays first.
    public func makeInitialState(_ setup: MatchSetup) -> State { State(turn: setup.firstSeat) }
    /// The seat to move, or none once there is a result.
    public func seatsToMove(in state: State) -> SeatSet { result(of: state) == nil ? SeatSet(state.turn) : .none }
    /// Refuses a move out of turn, off the board, on a taken cell or after the end.
    public func validate(_ move: Move, by seat: Seat, in state: State) throws(Rejection) {
        guard result(of: state) == nil else { throw .over }
        guard seat == state.turn else { throw .notYourTurn }
        guard (0..<9).contains(move.cell) else { throw .offBoard(move.cell) }
        guard state.cells[move.cell] == nil else { throw .taken(move.cell) }
    }
    /// Marks the cell, notes a line of three, passes the turn.
    public func apply(_ move: Move, by seat: Seat, to state: inout State) {
        state.cells[move.cell] = seat
        if Self.lines.contains(where: { $0.allSatisfy { state.cells[$0] == seat } }) { state.winner = seat }
        state.turn = seat.opponent
    }
    /// Three in a row wins; a full board without one is a draw.
    public func result(of state: State) -> MatchResult? {
        let scores = scores(in: state)
        if let winner = state.winner { return MatchResult(winner: winner, reason: "threeInARow", scores: scores) }
        return state.cells.allSatisfy { $0 != nil } ? MatchResult(winner: nil, reason: "boardFull", scores: scores) : nil
    }
    /// Marks each seat has made.
    public func scores(in state: State) -> SeatPair<Int> {
        SeatPair(state.cells.filter { $0 == .first }.count, state.cells.filter { $0 == .second }.count)
    }
    /// The board and who moves.
    public func publicView(of state: State) -> View {
        View(cells: state.cells.map { $0?.rawValue ?? -1 }, toMove: seatsToMove(in: state).seats.first, seat: nil)
    }
    /// The public view, and which seat is looking (nothing is secret).
    public func seatView(of state: State, for seat: Seat) -> View {
        var view = publicView(of: state)
        view.seat = seat
        return view
    }
    /// Every empty cell, for the seat to move.
    public func legalMoves(for seat: Seat, in state: State) -> [Move] {
        seatsToMove(in: state).contains(seat) ? (0..<9).filter { state.cells[$0] == nil }.map(Move.init) : []
    }
    /// Feeds the cells and the turn.
    public func hash(_ state: State, into hasher: inout StableHasher) {
        for cell in state.cells { hasher.combine(cell?.rawValue ?? -1) }
        hasher.combine(state.turn.rawValue)
    }
    /// `random`, `smart`, or the engine's search (`mcts`, `mcts:2000`, `mcts:50ms`,
    /// `mcts:2000:smart`), whose name `searchSettings(botName:)` checks.
    public func makeBot(named name: String, seat: Seat, seed: UInt64) throws(UnknownBotError) -> NoughtsBot {
        if let settings = try searchSettings(botName: name) {
            return NoughtsBot(
                isSmart: false, generator: SeededGenerator(seed: seed),
                search: SearchPlayer(game: self, seat: seat, settings: settings, seed: seed))
        }
        guard botNames.contains(name) else { throw UnknownBotError(name: name, known: botNames) }
        return NoughtsBot(isSmart: name == "smart", generator: SeededGenerator(seed: seed))
    }
}
