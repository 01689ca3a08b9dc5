/// One node of the search tree: a move and what the iterations through it earned.
///
/// The tree is single-observer information-set search: a node is reached by
/// a sequence of moves, whatever the hidden state drawn for the iteration,
/// so each node is visited only in the iterations whose drawn state allows
/// its move (`available` counts those, for the selection rule).
///
/// A node holds no storage of its own (no dictionary, no array): its
/// children are linked through indices into the tree, and a node of listed
/// moves finds them through its slot table in ``SearchTree``, so a node is
/// copied, added and dropped without reference counting or allocation.
@usableFromInline struct SearchNode<Move: Hashable & Sendable>: Sendable {
    /// The move that leads here from the parent (nil at the root).
    @usableFromInline var move: Move?
    /// The seat that made it: the rewards here are that seat's.
    @usableFromInline var mover: Seat
    /// The parent's index (-1 at the root).
    @usableFromInline var parent: Int
    /// The first child, in the order the children were added (-1: none).
    @usableFromInline var firstChild = -1
    /// The last child added (-1: none), where the next one is linked.
    @usableFromInline var lastChild = -1
    /// The parent's next child after this one (-1: the last).
    @usableFromInline var nextSibling = -1
    /// How many children the node has.
    @usableFromInline var childCount = 0
    /// The node's place in its parent's slot table (-1: not listed there).
    @usableFromInline var slot = -1
    /// Where this node's slot table starts in ``SearchTree/slotMoves`` (-1: none yet).
    @usableFromInline var slotStart = -1
    /// How many slots it has: the moves listed at its first visit.
    @usableFromInline var slotCount = 0
    /// Slots with no child yet.
    @usableFromInline var untried = 0
    /// Where the game's suggested moves start in ``SearchTree/suggestions`` (-1: not asked yet).
    @usableFromInline var suggestionStart = -1
    /// How many the game suggested.
    @usableFromInline var suggestionCount = 0
    /// How many of them the search has taken.
    @usableFromInline var suggestionsTaken = 0
    /// The rules' facts at this node in ``SearchTree/facts`` (-1: not kept).
    @usableFromInline var facts = -1
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
    /// Every line below is in the tree and ends the match there (or at a
    /// proven node), so an iteration through it can learn nothing new. Only
    /// trusted while the drawn states are all one state, like ``proven``.
    @usableFromInline var exhausted = false

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
