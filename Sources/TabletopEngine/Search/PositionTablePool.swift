import Foundation

/// The process's tables of positions (``PositionTable``), lent to the search
/// bots one move at a time, so that every search of one game's rules starts
/// from what the others have learnt.
///
/// What a table holds of a position (how it ended, who moves, the listed
/// moves, a move that wins at once) is the rules' answer for that state, and
/// the rules are pure functions of the game's rules data and the state (the
/// contract of ``TabletopGame``): a fact learnt in one match holds in every
/// match of the same rules. A batch of a small game meets the same positions
/// in every match, and each new search bot learnt them all again (the
/// Noughts package's search spent most of a move doing so). A table is
/// found by the game's type and its ``TabletopGame/rulesHash``, the key a
/// replay already trusts to name the rules, so other variants (another board
/// size, other data) never share one.
///
/// A table is held by one search at a time: taken at the start of a move,
/// given back at its end, so searches on several threads each hold their
/// own and none waits on another during a move. Which table a search gets
/// changes nothing it does: every table answers every position the same.
@usableFromInline final class PositionTablePool: @unchecked Sendable {  // its one mutable field is behind `lock`
    /// The process's pool.
    @usableFromInline static let shared = PositionTablePool()
    /// The most idle tables kept, of all rules together: one per search
    /// moving at once (a batch's workers). Beyond it, the table of the rules
    /// lent least recently is dropped (a full table is some megabytes).
    static let idleLimit = 8

    /// Which tables a search may take: its game's type and rules.
    @usableFromInline struct Key: Hashable, Sendable {
        @usableFromInline let game: ObjectIdentifier
        @usableFromInline let rules: UInt64

        @inlinable init<Game: TabletopGame>(_ game: Game) {
            self.game = ObjectIdentifier(Game.self)
            rules = game.rulesHash.value
        }
    }

    private let lock = NSLock()
    /// Each key's idle tables (each a `PositionTable`, of the key's game's
    /// facts; never none), the key lent or given most recently last.
    private var idle: [(key: Key, tables: [Any])] = []

    /// An idle table for `key`, now the caller's alone; nil when none is idle.
    @usableFromInline func take<Value>(_: Value.Type, for key: Key) -> PositionTable<Value>? {
        lock.withLock {
            guard let index = idle.firstIndex(where: { $0.key == key }) else { return nil }
            var entry = idle.remove(at: index)
            let table = entry.tables.popLast()
            if !entry.tables.isEmpty { idle.append(entry) }
            // The key's tables were all given as `PositionTable<Value>`: the
            // key names the game, and a game has one type of facts.
            return table.map { $0 as! PositionTable<Value> }
        }
    }

    /// Keeps `table` for the next search of `key`'s rules. The caller should
    /// let go of its own copy, or its next insertion copies the whole table.
    @usableFromInline func give<Value>(_ table: PositionTable<Value>, for key: Key) {
        lock.withLock {
            var entry = idle.firstIndex { $0.key == key }.map { idle.remove(at: $0) } ?? (key: key, tables: [])
            entry.tables.append(table)
            idle.append(entry)
            var count = idle.reduce(0) { $0 + $1.tables.count }
            while count > Self.idleLimit {
                idle[0].tables.removeFirst()
                if idle[0].tables.isEmpty { idle.removeFirst() }
                count -= 1
            }
        }
    }

    /// The idle tables kept for `key` (for tests).
    func idleCount(for key: Key) -> Int {
        lock.withLock { idle.first { $0.key == key }?.tables.count ?? 0 }
    }
}
