import TabletopEngine

/// `smart` wins if it can, blocks if it must, then takes the centre, a
/// corner, anything; `random` plays any empty cell; `mcts` is the engine's
/// search. Sees only its view.
public struct NoughtsBot: Bot, Sendable {
    /// The game the bot plays.
    public typealias Game = Noughts
    let isSmart: Bool
    var generator: SeededGenerator
    var search: SearchPlayer<Noughts>?

    /// The cell to play.
    public mutating func move(for view: Noughts.View) -> Noughts.Move? {
        // In place: a copy (`if var player = search`) would share the search's
        // tables with `search`, and its first change would copy them all.
        if search != nil { return search!.move(for: view) }
        guard let me = view.seat?.rawValue else { return nil }
        let empty = (0..<9).filter { view.cells[$0] == -1 }
        guard !empty.isEmpty else { return nil }
        if isSmart {
            for player in [me, 1 - me] {
                for line in Noughts.lines where line.filter({ view.cells[$0] == player }).count == 2 {
                    if let cell = line.first(where: { view.cells[$0] == -1 }) { return Noughts.Move(cell: cell) }
                }
            }
            if let cell = [4, 0, 2, 6, 8].first(where: empty.contains) { return Noughts.Move(cell: cell) }
        }
        return Noughts.Move(cell: empty[generator.nextInt(below: empty.count)])
    }
}
