import TabletopEngine

/// The engine's search bot (`mcts`) needs one hook: a whole state that
/// agrees with what a seat sees. Nothing is hidden in noughts, so it is the
/// board the view shows.
extension Noughts: DeterminizableGame {
    /// The state the view shows.
    public func sampleState(consistentWith view: View, for seat: Seat, using generator: inout SeededGenerator) -> State {
        var state = State(turn: view.toMove ?? seat)
        state.cells = view.cells.map { Seat(index: $0) }
        state.winner = Seat.allCases.first { player in Self.lines.contains { $0.allSatisfy { state.cells[$0] == player } } }
        return state
    }
}
