import Foundation
import TabletopEngine

/// A small connection game for the search's tactics tests, written as a
/// game developer would from the guide: a gravity board (`columns` x `rows`,
/// at most 64 cells), a move drops a disc into a column, `connect` in a line
/// (across, down or diagonal) wins, a full board draws. Nothing is hidden.
///
/// Bots: `random` (any column), `rule` (the one-ply rule bot: win if it can,
/// block if it must, never hand over a win, else at random) and the
/// engine's `mcts`. No search code of its own: the search gets only the one
/// hook (the state is the board the view shows).
struct FourInARow: TabletopGame, DeterminizableGame {
    struct Rules: Codable, Equatable, Sendable {
        var columns: Int
        var rows: Int
        var connect: Int
    }

    struct State: Sendable {
        /// Bit `column * rows + row` of `discs[seat]`: that seat's disc (row 0 at the bottom).
        var discs = SeatPair<UInt64>(0, 0)
        var turn: Seat
        var winner: Seat?
        var played = 0
    }

    struct Move: Codable, Hashable, Sendable {
        var column: Int
    }

    struct View: Codable, Equatable, Sendable {
        var discs: SeatPair<UInt64>
        var toMove: Seat?
        var winner: Seat?
        var seat: Seat?
    }

    enum Rejection: MoveRejection {
        case notYourTurn, columnFull, offBoard, over
        var code: String { "\(self)" }
        var message: String { "refused: \(self)" }
    }

    struct Player: Bot {
        typealias Game = FourInARow
        let game: FourInARow
        let name: String
        var generator: SeededGenerator
        var search: SearchPlayer<FourInARow>?

        mutating func move(for view: View) -> Move? {
            // In place: a copy would share the search's tables with `search`,
            // and its first change would copy them all.
            if search != nil { return search!.move(for: view) }
            guard let seat = view.seat, view.toMove == seat else { return nil }
            let state = game.state(of: view, for: seat)
            if name == "rule" { return game.ruleMove(in: state, for: seat, generator: &generator) }
            let moves = game.legalMoves(for: seat, in: state)
            return moves.isEmpty ? nil : moves[generator.nextInt(below: moves.count)]
        }
    }

    static let name = "fourinarow"
    let variant = "standard"
    let rules: Rules
    var rulesVersion: Int { 1 }
    var botNames: [String] { ["random", "rule", SearchSettings.botName] }

    init(columns: Int = 7, rows: Int = 6, connect: Int = 4) {
        precondition(columns * rows <= 64)
        rules = Rules(columns: columns, rows: rows, connect: connect)
    }

    func makeInitialState(_ setup: MatchSetup) -> State { State(turn: setup.firstSeat) }
    /// Whether the match is over (a line, or a full board): what `result(of:)` says without building the result.
    func isOver(_ state: State) -> Bool { state.winner != nil || state.played == rules.columns * rules.rows }
    func seatsToMove(in state: State) -> SeatSet { isOver(state) ? .none : SeatSet(state.turn) }

    func height(of column: Int, in state: State) -> Int {
        let all = state.discs.first | state.discs.second
        let columnBits = (all >> UInt64(column * rules.rows)) & ((1 << UInt64(rules.rows)) - 1)
        return columnBits.nonzeroBitCount
    }

    func validate(_ move: Move, by seat: Seat, in state: State) throws(Rejection) {
        guard !isOver(state) else { throw .over }
        guard seat == state.turn else { throw .notYourTurn }
        guard (0..<rules.columns).contains(move.column) else { throw .offBoard }
        guard height(of: move.column, in: state) < rules.rows else { throw .columnFull }
    }

    func apply(_ move: Move, by seat: Seat, to state: inout State) {
        let bit = UInt64(1) << UInt64(move.column * rules.rows + height(of: move.column, in: state))
        state.discs[seat] |= bit
        state.played += 1
        if connects(state.discs[seat], through: bit) { state.winner = seat }
        state.turn = seat.opponent
    }

    /// Whether `discs` has `connect` in a line through `bit`. Plain loops: the search calls this
    /// for every move it tries, and a debug build runs tuple arrays and ranges as generic code.
    func connects(_ discs: UInt64, through bit: UInt64) -> Bool {
        let index = bit.trailingZeroBitCount
        let column = index / rules.rows
        let row = index % rules.rows
        return run(discs, column, row, 1, 0) >= rules.connect || run(discs, column, row, 0, 1) >= rules.connect
            || run(discs, column, row, 1, 1) >= rules.connect || run(discs, column, row, 1, -1) >= rules.connect
    }

    /// The discs in the line through (`column`, `row`) along (`dc`, `dr`), both ways, that cell included.
    func run(_ discs: UInt64, _ column: Int, _ row: Int, _ dc: Int, _ dr: Int) -> Int {
        var count = 1
        var sign = 1
        while sign >= -1 {
            var c = column + sign * dc
            var r = row + sign * dr
            while c >= 0, c < rules.columns, r >= 0, r < rules.rows, discs >> UInt64(c * rules.rows + r) & 1 == 1 {
                count += 1
                c += sign * dc
                r += sign * dr
            }
            sign -= 2
        }
        return count
    }

    func result(of state: State) -> MatchResult? {
        guard isOver(state) else { return nil }
        if let winner = state.winner { return MatchResult(winner: winner, reason: "connected", scores: scores(in: state)) }
        return MatchResult(winner: nil, reason: "boardFull", scores: scores(in: state))
    }

    func scores(in state: State) -> SeatPair<Int> { SeatPair(state.discs.first.nonzeroBitCount, state.discs.second.nonzeroBitCount) }
    func seatView(of state: State, for seat: Seat) -> View {
        View(discs: state.discs, toMove: seatsToMove(in: state).seats.first, winner: state.winner, seat: seat)
    }
    func publicView(of state: State) -> View { View(discs: state.discs, toMove: seatsToMove(in: state).seats.first, winner: state.winner, seat: nil) }

    func legalMoves(for seat: Seat, in state: State) -> [Move] {
        guard !isOver(state), seat == state.turn else { return [] }
        var moves: [Move] = []
        moves.reserveCapacity(rules.columns)
        var column = 0
        while column < rules.columns {
            if height(of: column, in: state) < rules.rows { moves.append(Move(column: column)) }
            column += 1
        }
        return moves
    }

    func hash(_ state: State, into hasher: inout StableHasher) {
        hasher.combine(state.discs.first)
        hasher.combine(state.discs.second)
        hasher.combine(state.turn.rawValue)
    }

    func makeBot(named name: String, seat: Seat, seed: UInt64) throws(UnknownBotError) -> Player {
        if let settings = try searchSettings(botName: name) {
            return Player(
                game: self, name: name, generator: SeededGenerator(seed: seed),
                search: SearchPlayer(game: self, seat: seat, settings: settings, seed: seed))
        }
        guard name == "random" || name == "rule" else { throw UnknownBotError(name: name, known: botNames) }
        return Player(game: self, name: name, generator: SeededGenerator(seed: seed))
    }

    /// The board the view shows: nothing is hidden.
    func sampleState(consistentWith view: View, for seat: Seat, using generator: inout SeededGenerator) -> State {
        state(of: view, for: seat)
    }

    func state(of view: View, for seat: Seat) -> State {
        State(
            discs: view.discs, turn: view.toMove ?? seat, winner: view.winner,
            played: view.discs.first.nonzeroBitCount + view.discs.second.nonzeroBitCount)
    }

    /// The one-ply rule bot: a winning move; else the cell the opponent
    /// would win on; else a move after which the opponent cannot win at
    /// once; else any move.
    func ruleMove(in state: State, for seat: Seat, generator: inout SeededGenerator) -> Move? {
        let moves = legalMoves(for: seat, in: state)
        guard !moves.isEmpty else { return nil }
        func wins(_ move: Move, by mover: Seat, from start: State) -> Bool {
            var next = start
            next.turn = mover
            apply(move, by: mover, to: &next)
            return next.winner == mover
        }
        if let win = moves.first(where: { wins($0, by: seat, from: state) }) { return win }
        if let block = moves.first(where: { wins($0, by: seat.opponent, from: state) }) { return block }
        let safe = moves.filter { move in
            var next = state
            apply(move, by: seat, to: &next)
            return !legalMoves(for: seat.opponent, in: next).contains { wins($0, by: seat.opponent, from: next) }
        }
        let pool = safe.isEmpty ? moves : safe
        return pool[generator.nextInt(below: pool.count)]
    }
}
