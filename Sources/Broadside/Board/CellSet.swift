/// A set of cells of a board up to 16 x 16: a 256-bit bitboard in four
/// words, bit `row * 16 + column`. Set operations are a few word
/// instructions and never allocate, which is what keeps a match to microseconds.
///
/// Encoded in JSON as the sorted list of cell names.
public struct CellSet: Hashable, Sendable, Codable, Sequence, CustomStringConvertible {
    /// Bits 0-63 (rows 0-3), 64-127 (rows 4-7), 128-191 (rows 8-11), 192-255 (rows 12-15).
    public var words: (UInt64, UInt64, UInt64, UInt64)

    /// The empty set.
    public init() { words = (0, 0, 0, 0) }

    /// A set from its four words.
    public init(words: (UInt64, UInt64, UInt64, UInt64)) { self.words = words }

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
        let word = pattern &* 0x0001_0001_0001_0001
        self.init(words: (word, word, word, word))
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
        let low = i & 1 == 0 ? words.0 : words.1
        let high = i & 1 == 0 ? words.2 : words.3
        return i & 2 == 0 ? low : high
    }

    /// Whether `cell` is in the set.
    @inline(__always) public func contains(_ cell: Cell) -> Bool {
        word(Int(cell.index >> 6)) >> UInt64(cell.index & 63) & 1 == 1
    }

    /// Adds `cell`.
    @inline(__always) public mutating func insert(_ cell: Cell) {
        let bits = Self.word(1 << UInt64(cell.index & 63), at: Int(cell.index >> 6))
        words = (words.0 | bits.0, words.1 | bits.1, words.2 | bits.2, words.3 | bits.3)
    }

    /// Removes `cell`.
    @inline(__always) public mutating func remove(_ cell: Cell) {
        let bits = Self.word(1 << UInt64(cell.index & 63), at: Int(cell.index >> 6))
        words = (words.0 & ~bits.0, words.1 & ~bits.1, words.2 & ~bits.2, words.3 & ~bits.3)
    }

    /// The number of cells.
    @inline(__always) public var count: Int {
        words.0.nonzeroBitCount + words.1.nonzeroBitCount + words.2.nonzeroBitCount + words.3.nonzeroBitCount
    }

    /// Whether the set is empty.
    @inline(__always) public var isEmpty: Bool { (words.0 | words.1 | words.2 | words.3) == 0 }

    /// The cells in either set.
    @inline(__always) public func union(_ other: CellSet) -> CellSet {
        CellSet(words: (words.0 | other.words.0, words.1 | other.words.1, words.2 | other.words.2, words.3 | other.words.3))
    }

    /// The cells in both sets.
    @inline(__always) public func intersection(_ other: CellSet) -> CellSet {
        CellSet(words: (words.0 & other.words.0, words.1 & other.words.1, words.2 & other.words.2, words.3 & other.words.3))
    }

    /// The cells of this set not in `other`.
    @inline(__always) public func subtracting(_ other: CellSet) -> CellSet {
        CellSet(words: (words.0 & ~other.words.0, words.1 & ~other.words.1, words.2 & ~other.words.2, words.3 & ~other.words.3))
    }

    /// Whether the sets share a cell.
    @inline(__always) public func intersects(_ other: CellSet) -> Bool {
        (words.0 & other.words.0) | (words.1 & other.words.1) | (words.2 & other.words.2) | (words.3 & other.words.3) != 0
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

    /// The position of the `rank`-th set bit of `word`, by halving.
    @inline(__always) static func select(_ word: UInt64, _ rank: Int) -> Int {
        var w = word
        var k = rank
        var base = 0
        var width: UInt64 = 32
        while width > 0 {
            let low = (w & ((1 << width) - 1)).nonzeroBitCount
            if k >= low {
                k -= low
                w >>= width
                base += Int(width)
            }
            width >>= 1
        }
        return base
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
        lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1 && lhs.words.2 == rhs.words.2 && lhs.words.3 == rhs.words.3
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
