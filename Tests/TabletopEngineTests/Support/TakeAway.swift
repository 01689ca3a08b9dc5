import Foundation
import TabletopEngine

/// A tiny game for testing the engine with no game of the package: both
/// seats say `ready` (a simultaneous phase), then take turns taking 1...max
/// tokens from a pile; whoever takes the last token wins. A seat's own
/// `note` (set with its ready move) is its secret.
struct TakeAway: LoadableGame {
    struct Rules: Codable, Equatable, Sendable {
        var pile: Int
        var maximumTake: Int
    }

    struct State: Hashable, Sendable {
        var ready = SeatPair(false, false)
        var notes = SeatPair(0, 0)
        var pile: Int
        var turn: Seat
        var taken = SeatPair(0, 0)
        var winner: Seat?
    }

    enum Move: Codable, Hashable, Sendable {
        case ready(note: Int)
        case take(Int)
    }

    struct View: Codable, Equatable, Sendable {
        var seat: Seat
        var ready: Bool
        var opponentReady: Bool
        var note: Int
        var pile: Int
        var turn: Seat?
        var winner: Seat?
    }

    struct PublicView: Codable, Equatable, Sendable {
        var pile: Int
        var winner: Seat?
    }

    enum Rejection: MoveRejection {
        case notReadyYet, alreadyReady
        case badCount(Int)
        case notYourTurn, over
        var code: String { "\(self)".components(separatedBy: "(").first! }
        var message: String { "refused: \(self)" }
    }

    struct Player: Bot {
        typealias Game = TakeAway
        var greedy: Bool
        var generator: SeededGenerator
        let maximumTake: Int
        mutating func move(for view: View) -> Move? {
            if !view.ready { return .ready(note: generator.nextInt(below: 100)) }
            guard view.turn == view.seat, view.winner == nil else { return nil }
            let limit = min(maximumTake, view.pile)
            return .take(greedy ? limit : 1 + generator.nextInt(below: limit))
        }
    }

    static let name = "takeaway"
    static let defaultVariant = "small"
    static let summary = "take tokens from a pile; the last token wins"
    let variant: String
    let rules: Rules
    let rulesVersion = 1
    let botNames = ["random", "greedy"]

    init(variant: String, rulesData: Data) throws(GameDataError) {
        guard let rules = try? JSONDecoder().decode(Rules.self, from: rulesData) else {
            throw GameDataError(field: "", problem: "not valid JSON")
        }
        guard rules.pile > 0 else { throw GameDataError(field: "pile", problem: "must be positive") }
        self.variant = variant
        self.rules = rules
    }

    init(pile: Int = 21, maximumTake: Int = 3) {
        variant = "test"
        rules = Rules(pile: pile, maximumTake: maximumTake)
    }

    func makeInitialState(_ setup: MatchSetup) -> State { State(pile: rules.pile, turn: setup.firstSeat) }

    func seatsToMove(in state: State) -> SeatSet {
        if state.winner != nil { return .none }
        if !(state.ready.first && state.ready.second) {
            var seats = SeatSet.none
            if !state.ready.first { seats.insert(.first) }
            if !state.ready.second { seats.insert(.second) }
            return seats
        }
        return SeatSet(state.turn)
    }

    func validate(_ move: Move, by seat: Seat, in state: State) throws(Rejection) {
        guard state.winner == nil else { throw .over }
        switch move {
        case .ready:
            guard !state.ready[seat] else { throw .alreadyReady }
        case .take(let count):
            guard state.ready.first && state.ready.second else { throw .notReadyYet }
            guard state.turn == seat else { throw .notYourTurn }
            guard (1...min(rules.maximumTake, state.pile)).contains(count) else { throw .badCount(count) }
        }
    }

    func apply(_ move: Move, by seat: Seat, to state: inout State) {
        switch move {
        case .ready(let note):
            state.ready[seat] = true
            state.notes[seat] = note
        case .take(let count):
            state.pile -= count
            state.taken[seat] += 1
            if state.pile == 0 { state.winner = seat } else { state.turn = seat.opponent }
        }
    }

    func result(of state: State) -> MatchResult? {
        state.winner.map { MatchResult(winner: $0, reason: "lastToken", scores: state.taken) }
    }

    func scores(in state: State) -> SeatPair<Int> { state.taken }

    func seatView(of state: State, for seat: Seat) -> View {
        View(
            seat: seat, ready: state.ready[seat], opponentReady: state.ready[seat.opponent], note: state.notes[seat],
            pile: state.pile, turn: state.ready.first && state.ready.second ? state.turn : nil, winner: state.winner)
    }

    func publicView(of state: State) -> PublicView { PublicView(pile: state.pile, winner: state.winner) }

    func legalMoves(for seat: Seat, in state: State) -> [Move] {
        guard seatsToMove(in: state).contains(seat) else { return [] }
        if !state.ready[seat] { return [.ready(note: 0)] }
        return (1...min(rules.maximumTake, state.pile)).map { .take($0) }
    }

    func hash(_ state: State, into hasher: inout StableHasher) {
        hasher.combine(state.ready.first)
        hasher.combine(state.ready.second)
        hasher.combine(state.notes.first)
        hasher.combine(state.notes.second)
        hasher.combine(state.pile)
        hasher.combine(state.turn.rawValue)
        hasher.combine(state.taken.first)
        hasher.combine(state.taken.second)
    }

    func makeBot(named name: String, seat: Seat, seed: UInt64) throws(UnknownBotError) -> Player {
        guard botNames.contains(name) else { throw UnknownBotError(name: name, known: botNames) }
        return Player(greedy: name == "greedy", generator: SeededGenerator(seed: seed), maximumTake: rules.maximumTake)
    }

    /// Ready moves carry the secret note: the other seat sees none of it.
    func visibleMove(_ move: Move, by mover: Seat, to viewer: Seat?) -> Move? {
        if case .ready = move, viewer != mover { return nil }
        return move
    }

    static let catalogEntry = GameCatalogEntry(TakeAway.self)
}
