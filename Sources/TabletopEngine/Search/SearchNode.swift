/// One node of the search tree: a move and what the rollouts through it earned.
///
/// The tree is single-observer information-set search: a node is reached by
/// a sequence of moves, whatever the hidden state drawn for the iteration,
/// so each node is visited only in the iterations whose drawn state allows
/// its move (`available` counts those, for the selection rule).
@usableFromInline struct SearchNode<Move: Hashable> {
    /// The move that leads here from the parent (nil at the root).
    @usableFromInline var move: Move?
    /// The seat that made it: the rewards here are that seat's.
    @usableFromInline var mover: Seat
    /// The parent's index (-1 at the root).
    @usableFromInline var parent: Int
    /// The children's indices, by move.
    @usableFromInline var children: [Move: Int] = [:]
    /// The children in the order they were added (a fixed order, for determinism).
    @usableFromInline var order: [Int] = []
    /// Iterations through this node.
    @usableFromInline var visits = 0
    /// Iterations in which this node's move was legal at its parent.
    @usableFromInline var available = 0
    /// The mover's total reward over those visits (win 1, draw 0.5, loss 0).
    @usableFromInline var reward = 0.0
    /// 1 or 0 once the search has proven that the mover wins or loses from
    /// here whatever the other seat does (MCTS-Solver): the move wins or loses
    /// at once, or a reply below wins for the seat to move, or every reply
    /// loses for it. Draws are left to the rollouts (a drawn line may still
    /// win against a fallible opponent). Only trusted while the drawn states
    /// are all one state (see ``SearchPlayer``).
    @usableFromInline var proven: Double?
    /// Every move legal after this node's move has a child (so the children's
    /// proofs decide this node's).
    @usableFromInline var complete = false

    /// A node for `move`, made by `mover`, under `parent`.
    @inlinable init(move: Move?, mover: Seat, parent: Int, available: Int = 0) {
        self.move = move
        self.mover = mover
        self.parent = parent
        self.available = available
    }

    /// The mean reward.
    @inlinable var mean: Double { visits == 0 ? 0 : reward / Double(visits) }
}
