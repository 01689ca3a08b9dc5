/// A set of cells of a board up to 16 x 16: a 256-bit bitboard in four
/// words, bit `row * 16 + column`. Set operations are a few word
/// instructions and never allocate, which is what keeps a match to microseconds.
///
/// Encoded in JSON as the sorted list of cell names.
public struct CellSet: Hashable, Sendable, Codable, Sequence, CustomStringConvertible {
    /// Words 0 and 1 (bits 0-127, rows 0-7) and words 2 and 3 (bits 128-255,
    /// rows 8-15), each pair one 16-byte vector. A set is always loaded and
    /// stored 16 bytes at a time, so a set written (a shot into a board, a
    /// board into a view) is read back from the store that wrote it: a wide
    /// read of words written one by one waits for them to reach the cache,
    /// which cost a tenth of a match.
    @usableFromInline var low: SIMD2<UInt64>
    @usableFromInline var high: SIMD2<UInt64>

    /// Bits 0-63 (rows 0-3), 64-127 (rows 4-7), 128-191 (rows 8-11), 192-255 (rows 12-15).
    public var words: (UInt64, UInt64, UInt64, UInt64) {
        @inline(__always) get { (low.x, low.y, high.x, high.y) }
        @inline(__always) set {
            low = SIMD2(newValue.0, newValue.1)
            high = SIMD2(newValue.2, newValue.3)
        }
    }

    /// The empty set.
    @inline(__always) public init() {
        low = .zero
        high = .zero
    }

    /// A set from its four words.
    @inline(__always) public init(words: (UInt64, UInt64, UInt64, UInt64)) {
        low = SIMD2(words.0, words.1)
        high = SIMD2(words.2, words.3)
    }

    @inline(__always) init(low: SIMD2<UInt64>, high: SIMD2<UInt64>) {
        self.low = low
        self.high = high
    }

    /// A set of the given cells.
    public init<Cells: Sequence>(_ cells: Cells) where Cells.Element == Cell {
        self.init()
        for cell in cells { insert(cell) }
    }

    /// Every cell of a board `columns` wide and `rows` high.
    public static func board(columns: Int, rows: Int) -> CellSet {
        let row: UInt64 = columns >= 16 ? 0xFFFF : (1 << UInt64(columns)) - 1
        return rowBand(0, rows).intersection(CellSet(lanePattern: row))
    }

    /// The cells of rows `from..<to` (0...16), every column.
    @inline(__always) static func rowBand(_ from: Int, _ to: Int) -> CellSet {
        @inline(__always) func word(_ index: Int) -> UInt64 {
            let low = Swift.max(from, index * 4)
            let high = Swift.min(to, index * 4 + 4)
            guard low < high else { return 0 }
            let bits = UInt64(high - low) * 16
            let run: UInt64 = bits == 64 ? ~0 : (1 << bits) - 1
            return run << (UInt64(low - index * 4) * 16)
        }
        return CellSet(words: (word(0), word(1), word(2), word(3)))
    }

    /// The set with the 16-bit `pattern` in every row (bit `c` of the pattern is column `c`).
    @inline(__always) init(lanePattern pattern: UInt64) {
        let word = SIMD2(repeating: pattern &* 0x0001_0001_0001_0001)
        self.init(low: word, high: word)
    }

    /// Four words that are zero but for `value` at position `index` (0...3).
    @inline(__always) static func word(_ value: UInt64, at index: Int) -> (UInt64, UInt64, UInt64, UInt64) {
        (index == 0 ? value : 0, index == 1 ? value : 0, index == 2 ? value : 0, index == 3 ? value : 0)
    }

    /// Word `i` (0...3), chosen by selects the compiler makes conditional
    /// moves: a `switch` would mispredict on most lookups (cells being
    /// random), and reading the words back from memory at an offset
    /// (as before) made every lookup wait for the stores of the set.
    @inline(__always) func word(_ i: Int) -> UInt64 {
        let pair = i & 2 == 0 ? low : high
        return i & 1 == 0 ? pair.x : pair.y
    }

    /// Whether `cell` is in the set.
    @inline(__always) public func contains(_ cell: Cell) -> Bool {
        word(Int(cell.index >> 6)) >> UInt64(cell.index & 63) & 1 == 1
    }

    /// Adds `cell`.
    @inline(__always) public mutating func insert(_ cell: Cell) {
        let (inLow, inHigh) = Self.bit(cell)
        low |= inLow
        high |= inHigh
    }

    /// The one bit of `cell`, in the pair of words that holds it.
    @inline(__always) static func bit(_ cell: Cell) -> (low: SIMD2<UInt64>, high: SIMD2<UInt64>) {
        let bit = UInt64(1) << UInt64(cell.index & 63)
        let pair = cell.index & 64 == 0 ? SIMD2(bit, 0) : SIMD2(0, bit)
        return cell.index & 128 == 0 ? (pair, .zero) : (.zero, pair)
    }

    /// Removes `cell`.
    @inline(__always) public mutating func remove(_ cell: Cell) {
        let (inLow, inHigh) = Self.bit(cell)
        low &= ~inLow
        high &= ~inHigh
    }

    /// The number of cells.
    @inline(__always) public var count: Int {
        words.0.nonzeroBitCount + words.1.nonzeroBitCount + words.2.nonzeroBitCount + words.3.nonzeroBitCount
    }

    /// Whether the set is empty.
    @inline(__always) public var isEmpty: Bool {
        let any = low | high
        return any.x | any.y == 0
    }

    /// The cells in either set.
    @inline(__always) public func union(_ other: CellSet) -> CellSet {
        CellSet(low: low | other.low, high: high | other.high)
    }

    /// The cells in both sets.
    @inline(__always) public func intersection(_ other: CellSet) -> CellSet {
        CellSet(low: low & other.low, high: high & other.high)
    }

    /// The cells of this set not in `other`.
    @inline(__always) public func subtracting(_ other: CellSet) -> CellSet {
        CellSet(low: low & ~other.low, high: high & ~other.high)
    }

    /// Whether the sets share a cell.
    @inline(__always) public func intersects(_ other: CellSet) -> Bool {
        !intersection(other).isEmpty
    }

    /// Whether every cell of this set is in `other`.
    @inline(__always) public func isSubset(of other: CellSet) -> Bool { subtracting(other).isEmpty }

    /// Adds every cell of `other`.
    @inline(__always) public mutating func formUnion(_ other: CellSet) { self = union(other) }

    /// The cell of rank `rank` (0-based) in row-by-row order; `rank` must be below ``count``.
    public func cell(atRank rank: Int) -> Cell {
        var remaining = rank
        for i in 0..<4 {
            let w = word(i)
            let c = w.nonzeroBitCount
            if remaining < c { return Cell(index: UInt8(i * 64 + Self.select(w, remaining))) }
            remaining -= c
        }
        preconditionFailure("rank \(rank) is not below the set's count \(count)")
    }

    /// The position of the `rank`-th set bit of `word` (0-based), a byte at a
    /// time and all bytes at once: every byte's count, their running sums by
    /// one multiplication, the byte holding the bit found by comparing all
    /// eight sums with the rank in one subtraction, then the bit within that
    /// byte from a table (Vigna, "Broadword implementation of rank/select
    /// queries", 2008). Halving the word instead took six population counts,
    /// each a dozen instructions on a processor without one: a quarter of a
    /// `hunt` match.
    @inline(__always) static func select(_ word: UInt64, _ rank: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        var counts = word &- ((word >> 1) & 0x5555_5555_5555_5555)
        counts = (counts & 0x3333_3333_3333_3333) &+ ((counts >> 2) & 0x3333_3333_3333_3333)
        counts = (counts &+ (counts >> 4)) & 0x0F0F_0F0F_0F0F_0F0F
        // Byte i: the set bits of bytes 0...i (at most 64, so no carry between bytes).
        let sums = counts &* ones
        // Byte i's high bit: its running sum is at most `rank`, so the bit lies past it.
        let passed = ((UInt64(rank) &* ones | 0x8080_8080_8080_8080) &- sums) & 0x8080_8080_8080_8080
        let place = Int(((passed >> 7) &* ones) >> 56) &* 8
        let before = Int(truncatingIfNeeded: ((sums << 8) >> UInt64(place)) & 0xFF)
        let byte = Int(truncatingIfNeeded: (word >> UInt64(place)) & 0xFF)
        return place &+ Int(ByteSelect.table[(rank &- before) &<< 8 | byte])
    }

    /// The first cell in row-by-row order, or nil when empty.
    public var first: Cell? {
        for i in 0..<4 where word(i) != 0 {
            return Cell(index: UInt8(i * 64 + word(i).trailingZeroBitCount))
        }
        return nil
    }

    /// The set moved `amount` (1...63) bit positions towards higher indices
    /// (right by 1, down by 16); bits moved past the end are lost. Callers
    /// mask the result to drop cells that wrapped into the next row.
    @inline(__always) public func shiftedForward(by amount: Int) -> CellSet {
        let n = UInt64(amount)
        let back = 64 - n
        return CellSet(
            words: (
                words.0 << n,
                words.1 << n | words.0 >> back,
                words.2 << n | words.1 >> back,
                words.3 << n | words.2 >> back
            ))
    }

    /// The set moved `amount` (1...63) bit positions towards lower indices
    /// (left by 1, up by 16); bits moved past the start are lost.
    @inline(__always) public func shiftedBackward(by amount: Int) -> CellSet {
        let n = UInt64(amount)
        let back = 64 - n
        return CellSet(
            words: (
                words.0 >> n | words.1 << back,
                words.1 >> n | words.2 << back,
                words.2 >> n | words.3 << back,
                words.3 >> n
            ))
    }

    /// Iterates the cells in row-by-row order: word by word, the lowest bit
    /// of the current word first (no search of the set for each cell).
    public struct Iterator: IteratorProtocol {
        var set: CellSet
        /// The word being walked, its cells already given cleared.
        var current: UInt64
        /// Its index (0...3).
        var index = 0

        init(set: CellSet) {
            self.set = set
            current = set.words.0
        }

        /// The next cell, clearing it from the word being walked.
        @inline(__always) public mutating func next() -> Cell? {
            while current == 0 {
                index += 1
                guard index < 4 else { return nil }
                current = set.word(index)
            }
            let bit = current.trailingZeroBitCount
            current &= current &- 1
            return Cell(index: UInt8(truncatingIfNeeded: index &* 64 &+ bit))
        }
    }

    /// Iterates the cells in row-by-row order.
    @inline(__always) public func makeIterator() -> Iterator { Iterator(set: self) }

    /// Equal when the same cells are in both.
    public static func == (lhs: CellSet, rhs: CellSet) -> Bool {
        CellSet(low: lhs.low ^ rhs.low, high: lhs.high ^ rhs.high).isEmpty
    }

    /// Hashes the four words.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }

    /// The cell names, e.g. `{A1, B7}`.
    public var description: String { "{" + map(\.name).joined(separator: ", ") + "}" }

    /// Decodes a list of cell names.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode([Cell].self))
    }

    /// Encodes the sorted list of cell names.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Array(self))
    }
}

/// `table[rank << 8 | byte]`: the position of the `rank`-th set bit of
/// `byte` (0 where it has no such bit), for ``CellSet/select(_:_:)``.
enum ByteSelect {
    static let table: [UInt8] = (0..<2048).map { entry in
        var bits = entry & 0xFF
        for _ in 0..<(entry >> 8) { bits &= bits &- 1 }
        return UInt8(bits == 0 ? 0 : bits.trailingZeroBitCount)
    }
}
