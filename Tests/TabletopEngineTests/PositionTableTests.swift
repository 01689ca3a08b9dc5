import Testing

@testable import TabletopEngine

/// The search's table of positions by digest (``PositionTable``).
@Suite struct PositionTableTests {
    @Test func everyKeptPositionIsFoundAndNoOther() {
        var table = PositionTable<Int>(limit: 10_000)
        // Digests that share their low bits, and runs of neighbours: both
        // crowd slots together if the slot came from the low bits alone.
        let keys = (0..<3_000).map { UInt64($0) << 40 } + (1..<3_000).map { UInt64($0) }
        for (index, key) in keys.enumerated() { table.insert(index, for: StableHash(key)) }
        #expect(table.count == keys.count)
        for (index, key) in keys.enumerated() { #expect(table[StableHash(key)] == index) }
        #expect(table[StableHash(0xDEAD_BEEF_0000_0001)] == nil)
        #expect(table[StableHash(3_000)] == nil)
    }

    @Test func aFullTableIsEmptiedAndKeepsWorking() {
        var table = PositionTable<String>(limit: 100)
        for key in UInt64(1)...100 { table.insert("\(key)", for: StableHash(key &* 0x1234_5678_9ABC_DEF1)) }
        #expect(table.count == 100)
        // The 101st entry empties it first: what it held is asked again.
        table.insert("new", for: StableHash(7))
        #expect(table.count == 1)
        #expect(table[StableHash(7)] == "new")
        #expect(table[StableHash(1 &* 0x1234_5678_9ABC_DEF1)] == nil)
    }

    @Test func thePoolLendsATableToOneSearchAtATimeAndOnlyForItsRules() throws {
        let pool = PositionTablePool()
        let rules = PositionTablePool.Key(SearchingTakeAway(base: TakeAway(pile: 21, maximumTake: 3)))
        let otherRules = PositionTablePool.Key(SearchingTakeAway(base: TakeAway(pile: 22, maximumTake: 3)))
        #expect(pool.take(Int.self, for: rules) == nil)
        var table = PositionTable<Int>(limit: 100)
        table.insert(7, for: StableHash(1))
        pool.give(table, for: rules)
        #expect(pool.take(Int.self, for: otherRules) == nil)
        let lent = try #require(pool.take(Int.self, for: rules))
        #expect(lent[StableHash(1)] == 7)
        // Lent: no other search gets it until it is given back.
        #expect(pool.take(Int.self, for: rules) == nil)
        // Idle tables beyond one per search moving at once are dropped,
        // those of the rules lent least recently first.
        pool.give(lent, for: otherRules)
        for _ in 0..<20 { pool.give(PositionTable<Int>(limit: 1), for: rules) }
        #expect(pool.idleCount(for: rules) == PositionTablePool.idleLimit)
        #expect(pool.idleCount(for: otherRules) == 0)
    }

    @Test func anEmptyTableFindsNothing() {
        let table = PositionTable<Int>(limit: 8)
        #expect(table[StableHash(0)] == nil)
        #expect(table.count == 0)
    }
}
