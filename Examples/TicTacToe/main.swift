// Example: a whole game on the engine protocol, played headless by two bots.
//
//   swift run ExampleTicTacToe [--games 200] [--seed 1] [--bots smart,random] [--screenshot FILE.png]
//
// `TicTacToe` conforms to `TabletopGame`: rules data, state, moves, typed
// rejections, seat views, a stable state hash and bots. Nothing else is
// needed for the engine's match driver, replays and batch runner to play it.
// One more hook (`DeterminizableGame.sampleState`) and it gets the engine's
// search bot too: `--bots mcts,smart`, `--bots mcts:200,random`.
import DuoPlatform
import DuoArguments
import DuoDesktop
import Foundation
import TabletopEngine

/// Noughts and crosses: seat 0 plays X, seat 1 plays O, three in a row wins.
struct TicTacToe: TabletopGame {
    struct Rules: Codable, Equatable, Sendable { var size = 3 }
    struct State: Sendable { var cells = [Seat?](repeating: nil, count: 9); var turn: Seat; var winner: Seat?; var moves = 0 }
    struct Move: Codable, Hashable, Sendable { var cell: Int }
    /// Everyone sees the whole board: cells are -1 (empty), 0 (X) or 1 (O).
    struct View: Codable, Equatable, Sendable { var cells: [Int]; var toMove: Seat?; var seat: Seat? }
    enum Rejection: MoveRejection {
        case notYourTurn, offBoard(Int), taken(Int), over
        var code: String { switch self { case .notYourTurn: "notYourTurn"; case .offBoard: "offBoard"; case .taken: "cellTaken"; case .over: "matchOver" } }
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
    func seatsToMove(in state: State) -> SeatSet { result(of: state) == nil ? SeatSet(state.turn) : .none }
    func validate(_ move: Move, by seat: Seat, in state: State) throws(Rejection) {
        guard result(of: state) == nil else { throw .over }
        guard seat == state.turn else { throw .notYourTurn }
        guard (0..<9).contains(move.cell) else { throw .offBoard(move.cell) }
        guard state.cells[move.cell] == nil else { throw .taken(move.cell) }
    }
    func apply(_ move: Move, by seat: Seat, to state: inout State) {
        state.cells[move.cell] = seat
        state.moves += 1
        if Self.lines.contains(where: { $0.allSatisfy { state.cells[$0] == seat } }) { state.winner = seat }
        state.turn = seat.opponent
    }
    func result(of state: State) -> MatchResult? {
        let scores = scores(in: state)
        if let winner = state.winner { return MatchResult(winner: winner, reason: "threeInARow", scores: scores) }
        return state.moves == 9 ? MatchResult(winner: nil, reason: "boardFull", scores: scores) : nil
    }
    func scores(in state: State) -> SeatPair<Int> {
        SeatPair(state.cells.filter { $0 == .first }.count, state.cells.filter { $0 == .second }.count)
    }
    func publicView(of state: State) -> View {
        View(cells: state.cells.map { $0?.rawValue ?? -1 }, toMove: seatsToMove(in: state).seats.first, seat: nil)
    }
    func seatView(of state: State, for seat: Seat) -> View { var view = publicView(of: state); view.seat = seat; return view }
    func legalMoves(for seat: Seat, in state: State) -> [Move] {
        seatsToMove(in: state).contains(seat) ? (0..<9).filter { state.cells[$0] == nil }.map(Move.init) : []
    }
    func hash(_ state: State, into hasher: inout StableHasher) {
        for cell in state.cells { hasher.combine(cell?.rawValue ?? -1) }
        hasher.combine(state.turn.rawValue)
    }
    func makeBot(named name: String, seat: Seat, seed: UInt64) throws(UnknownBotError) -> Player {
        if let settings = try searchSettings(botName: name) {
            return Player(isSmart: false, generator: SeededGenerator(seed: seed),
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
        state.moves = state.cells.filter { $0 != nil }.count
        state.winner = Seat.allCases.first { player in Self.lines.contains { $0.allSatisfy { state.cells[$0] == player } } }
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
        if var player = search {
            let move = player.move(for: view)
            search = player
            return move
        }
        guard let me = view.seat?.rawValue else { return nil }
        let empty = (0..<9).filter { view.cells[$0] == -1 }
        guard !empty.isEmpty else { return nil }
        if isSmart {
            for player in [me, 1 - me] {
                for line in TicTacToe.lines {
                    let mine = line.filter { view.cells[$0] == player }, open = line.filter { view.cells[$0] == -1 }
                    if mine.count == 2, let cell = open.first { return .init(cell: cell) }
                }
            }
            if let cell = [4, 0, 2, 6, 8].first(where: empty.contains) { return .init(cell: cell) }
        }
        return .init(cell: empty[generator.nextInt(below: empty.count)])
    }
}

extension Array { subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil } }

// MARK: - Headless: one recorded match, its replay verified, then a batch.

let tool = "ExampleTicTacToe"
let gamesOption: Option<Int> = .integer("games", in: 1...1_000_000, default: 200, help: "matches played")
let seedOption: Option<Int> = .integer("seed", in: 0...Int.max, default: 1, help: "seed of the batch")
let botsOption: Option<String> = .text("bots", "A,B", default: "smart,random", help: "the two bots")
let screenshotOption: Option<String?> = .text("screenshot", "FILE.png", help: "also render the last match's final board offscreen to this PNG file")
let command = CommandSpec(tool, sections: [
    .usage,
    .text("""
        A whole game on the engine protocol, played headless by two bots: rules
        data, state, moves, typed rejections, seat views, a stable state hash and
        bots; with DeterminizableGame.sampleState it gets the search bot too
        (--bots mcts,smart, --bots mcts:200,random).
        """),
    .options("options:", [gamesOption.spec, seedOption.spec, botsOption.spec, screenshotOption.spec]),
])
let options = command.parseOrExit(Array(CommandLine.arguments.dropFirst()))
let games = options[gamesOption]
let seed = options[seedOption]
let bots = options[botsOption].split(separator: ",").map(String.init)
if bots.count != 2 { CommandExit.usage("--bots takes two names, e.g. smart,random", tool: tool) }
let game = TicTacToe()
do {
    var seat0 = try game.makeBot(named: bots[0], seat: .first, seed: 1)
    var seat1 = try game.makeBot(named: bots[1], seat: .second, seed: 2)
    var recorder = ReplayRecorder<TicTacToe>(players: SeatPair(bots[0], bots[1]))
    let played = try MatchDriver.play(game, setup: MatchSetup(seed: UInt64(seed)), seat0: &seat0, seat1: &seat1, observer: &recorder)
    print(game.describe(game.publicView(of: played.finalState)))
    print("result: \(played.result.winner.map { "\($0) wins" } ?? "draw") (\(played.result.reason)) in \(played.moveCount) moves")
    let summary = try ReplaySummary(verifying: recorder.data, game: game)
    print("replay: \(ReplayLines.split(recorder.data).count) lines, verified, \(summary.moveCount) moves")
    var refused = played.finalState
    do { try game.play(.init(cell: 4), by: .first, in: &refused) } catch { print("a move after the end: \(error.code): \(error.message)") }

    let report = try BatchRunner.run(game, configuration: BatchConfiguration(games: games, seed: UInt64(seed), bots: SeatPair(bots[0], bots[1])))
    print("\(games) games, \(bots[0]) vs \(bots[1]): wins \(report.wins.first)-\(report.wins.second), draws \(report.draws)")

    if let path = options[screenshotOption] {
        let image = try OffscreenRenderer(width: 300, height: 340)
        defer { image.close() }
        let canvas = image.canvas
        canvas.clear(RGBAColor(hex: 0xF4F1E8))
        let ink = RGBAColor(hex: 0x2B2B2B)
        for step in 1...2 {
            canvas.line(fromX: 30 + Double(step) * 80, y1: 30, toX: 30 + Double(step) * 80, y2: 270, color: ink, thickness: 4)
            canvas.line(fromX: 30, y1: 30 + Double(step) * 80, toX: 270, y2: 30 + Double(step) * 80, color: ink, thickness: 4)
        }
        for (cell, owner) in played.finalState.cells.enumerated() {
            let x = 70 + Double(cell % 3) * 80, y = 70 + Double(cell / 3) * 80
            if owner == .first {
                canvas.line(fromX: x - 25, y1: y - 25, toX: x + 25, y2: y + 25, color: RGBAColor(hex: 0xC0392B), thickness: 6)
                canvas.line(fromX: x - 25, y1: y + 25, toX: x + 25, y2: y - 25, color: RGBAColor(hex: 0xC0392B), thickness: 6)
            } else if owner == .second {
                canvas.strokeCircle(centerX: x, centerY: y, radius: 26, color: RGBAColor(hex: 0x2E6DB4), thickness: 6)
            }
        }
        _ = canvas.drawText(played.result.winner.map { "\($0) wins" } ?? "draw", x: 150, y: 300,
                            style: TextStyle(size: 18, bold: true, color: ink), alignment: .top)
        try image.readPixels().writePNG(to: URL(fileURLWithPath: path))
        print("screenshot: \(path)")
    }
} catch {
    CommandExit.failure("\(error)", tool: tool)
}
