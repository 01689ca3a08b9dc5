// The game of the TicTacToe example: rules, views, the search bot's hook and two bots (main.swift plays it).
import Foundation
import TabletopEngine

/// Noughts and crosses: seat 0 plays X, seat 1 plays O, three in a row wins.
struct TicTacToe: TabletopGame {
    struct Rules: Codable, Equatable, Sendable { var size = 3 }
    struct State: Sendable {
        var cells = [Seat?](repeating: nil, count: 9)
        var turn: Seat
        var winner: Seat?
        var moves = 0
    }
    struct Move: Codable, Hashable, Sendable { var cell: Int }
    /// Everyone sees the whole board: cells are -1 (empty), 0 (X) or 1 (O).
    struct View: Codable, Equatable, Sendable {
        var cells: [Int]
        var toMove: Seat?
        var seat: Seat?
    }
    enum Rejection: MoveRejection {
        case notYourTurn
        case offBoard(Int)
        case taken(Int)
        case over
        var code: String {
            switch self {
            case .notYourTurn: "notYourTurn"
            case .offBoard: "offBoard"
            case .taken: "cellTaken"
            case .over: "matchOver"
            }
        }
        var message: String {
            switch self {
            case .notYourTurn: "the other seat is to move"
            case .offBoard(let cell): "cell \(cell) is not in 0...8"
            case .taken(let cell): "cell \(cell) is already taken"
            case .over: "the game is over"
            }
        }
    }

    static let name = "tictactoe"
    static let lines = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]]
    let variant = "classic", rules = Rules(), rulesVersion = 1, botNames = ["random", "smart", SearchSettings.botName]

    func makeInitialState(_ setup: MatchSetup) -> State { State(turn: setup.firstSeat) }
    /// A line or a full board: what `result(of:)` says without building the result (the search asks often).
    func isOver(_ state: State) -> Bool { state.winner != nil || state.moves == 9 }
    func seatsToMove(in state: State) -> SeatSet { isOver(state) ? .none : SeatSet(state.turn) }
    func validate(_ move: Move, by seat: Seat, in state: State) throws(Rejection) {
        guard !isOver(state) else { throw .over }
        guard seat == state.turn else { throw .notYourTurn }
        guard (0..<9).contains(move.cell) else { throw .offBoard(move.cell) }
        guard state.cells[move.cell] == nil else { throw .taken(move.cell) }
    }
    func apply(_ move: Move, by seat: Seat, to state: inout State) {
        state.cells[move.cell] = seat
        state.moves += 1
        if Self.hasLine(state.cells, seat) { state.winner = seat }
        state.turn = seat.opponent
    }
    func result(of state: State) -> MatchResult? {
        guard isOver(state) else { return nil }
        if let winner = state.winner { return MatchResult(winner: winner, reason: "threeInARow", scores: scores(in: state)) }
        return MatchResult(winner: nil, reason: "boardFull", scores: scores(in: state))
    }
    func scores(in state: State) -> SeatPair<Int> {
        var counts = SeatPair(0, 0)
        for case let owner? in state.cells { counts[owner] += 1 }
        return counts
    }
    /// Whether `seat` holds one of the eight lines. Plain index checks: the search calls the rules in
    /// its inner loop, and a debug build runs closures over arrays as slow generic code.
    static func hasLine(_ cells: [Seat?], _ seat: Seat) -> Bool {
        for line in 0..<8 {
            let (a, b, c) = (lines[line][0], lines[line][1], lines[line][2])
            if cells[a] == seat && cells[b] == seat && cells[c] == seat { return true }
        }
        return false
    }
    func publicView(of state: State) -> View {
        View(cells: state.cells.map { $0?.rawValue ?? -1 }, toMove: seatsToMove(in: state).seats.first, seat: nil)
    }
    func seatView(of state: State, for seat: Seat) -> View {
        var view = publicView(of: state)
        view.seat = seat
        return view
    }
    func legalMoves(for seat: Seat, in state: State) -> [Move] {
        guard !isOver(state), seat == state.turn else { return [] }
        var moves: [Move] = []
        for cell in 0..<9 where state.cells[cell] == nil { moves.append(Move(cell: cell)) }
        return moves
    }
    func hash(_ state: State, into hasher: inout StableHasher) {
        for cell in state.cells { hasher.combine(cell?.rawValue ?? -1) }
        hasher.combine(state.turn.rawValue)
    }
    func makeBot(named name: String, seat: Seat, seed: UInt64) throws(UnknownBotError) -> Player {
        if let settings = try searchSettings(botName: name) {
            return Player(
                isSmart: false, generator: SeededGenerator(seed: seed),
                search: SearchPlayer(game: self, seat: seat, settings: settings, seed: seed))
        }
        guard botNames.contains(name) else { throw UnknownBotError(name: name, known: botNames) }
        return Player(isSmart: name == "smart", generator: SeededGenerator(seed: seed))
    }
    func describe(_ view: View) -> String {
        stride(from: 0, to: 9, by: 3).map { row in (row..<row + 3).map { ["X", "O"][safe: view.cells[$0]] ?? "." }.joined() }
            .joined(separator: "\n")
    }
}

/// The search bot's one hook: nothing is hidden, so the state is the board the seat sees.
extension TicTacToe: DeterminizableGame {
    func sampleState(consistentWith view: View, for seat: Seat, using generator: inout SeededGenerator) -> State {
        var state = State(turn: view.toMove ?? seat)
        state.cells = view.cells.map { Seat(index: $0) }
        for case .some in state.cells { state.moves += 1 }
        state.winner = Self.hasLine(state.cells, .first) ? .first : Self.hasLine(state.cells, .second) ? .second : nil
        return state
    }
}

/// The bots see only their view. `smart` wins if it can, blocks if it must,
/// then takes the centre, a corner, anything; `random` plays any empty cell;
/// `mcts` is the engine's search.
struct Player: Bot {
    typealias Game = TicTacToe
    let isSmart: Bool
    var generator: SeededGenerator
    var search: SearchPlayer<TicTacToe>?

    mutating func move(for view: TicTacToe.View) -> TicTacToe.Move? {
        // In place: a copy would share the search's tables with `search`,
        // and its first change would copy them all.
        if search != nil { return search!.move(for: view) }
        guard let me = view.seat?.rawValue else { return nil }
        let empty = (0..<9).filter { view.cells[$0] == -1 }
        guard !empty.isEmpty else { return nil }
        if isSmart {
            for player in [me, 1 - me] {
                for line in TicTacToe.lines {
                    let mine = line.filter { view.cells[$0] == player }
                    let open = line.filter { view.cells[$0] == -1 }
                    if mine.count == 2, let cell = open.first { return .init(cell: cell) }
                }
            }
            if let cell = [4, 0, 2, 6, 8].first(where: empty.contains) { return .init(cell: cell) }
        }
        return .init(cell: empty[generator.nextInt(below: empty.count)])
    }
}

extension Array { subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil } }
