/// One node of the search tree: a move and what the rollouts through it earned.
///
/// The tree is single-observer information-set search: a node is reached by
/// a sequence of moves, whatever the hidden state drawn for the iteration,
/// so each node is visited only in the iterations whose drawn state allows
/// its move (`available` counts those, for the selection rule).
struct SearchNode<Move: Hashable> {
    /// The move that leads here from the parent (nil at the root).
    var move: Move?
    /// The seat that made it: the rewards here are that seat's.
    var mover: Seat
    /// The parent's index (-1 at the root).
    var parent: Int
    /// The children's indices, by move.
    var children: [Move: Int] = [:]
    /// The children in the order they were added (a fixed order, for determinism).
    var order: [Int] = []
    /// Iterations through this node.
    var visits = 0
    /// Iterations in which this node's move was legal at its parent.
    var available = 0
    /// The mover's total reward over those visits (win 1, draw 0.5, loss 0).
    var reward = 0.0

    /// The mean reward.
    var mean: Double { visits == 0 ? 0 : reward / Double(visits) }
}
