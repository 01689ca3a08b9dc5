import TabletopEngine

/// The search bot's hook. Golf has no secrets: the state is the table a
/// seat sees, but for the honour (who tees off first on the hole just
/// started, which decides the next tee when the hole is tied), which no view
/// shows and is drawn at random.
extension MiniGolf: DeterminizableGame {
    /// The state behind `view`.
    public func sampleState(consistentWith view: MiniGolfSeatView, for seat: Seat,
                            using generator: inout SeededGenerator) -> MiniGolfState {
        let table = view.table
        return MiniGolfState(hole: table.hole, turn: table.toMove ?? seat, honour: generator.nextBool() ? .first : .second,
                             balls: table.balls, progress: table.progress, scorecard: table.scorecard,
                             lastShot: table.lastShot)
    }
}
