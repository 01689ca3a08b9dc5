import TabletopEngine

/// The shots of one turn, answered: which cells, which were hits, which
/// ships they sank. Public to both seats and spectators once answered.
///
/// Stored compactly (a turn has at most 16 shots, one per ship), because
/// every view carries the latest volley. Encoded in JSON as
/// `{"shooter", "cells", "hits", "sunk"}` with cell-name lists.
public struct Volley: Hashable, Sendable, Codable {
    /// The seat that fired.
    public var shooter: Seat
    /// The ships of the target's fleet that these shots sank.
    public var sunk: ShipSet
    /// The shots' cell indices, in increasing order: byte `i` of the two
    /// words (little end first) is shot `i`. Whole words, so a one-shot
    /// volley is built in registers and stored as it is later read (bytes
    /// stored one by one, then copied as words, stalled the match loop).
    private var shots: (UInt64, UInt64)
    /// How many of `shots` are used.
    private var shotCount: UInt8
    /// Bit `i` set: shot `i` hit a ship.
    private var hitBits: UInt16

    /// Shot `index` (0..<16).
    @inline(__always) private func shot(_ index: Int) -> Cell {
        let word = index < 8 ? shots.0 : shots.1
        return Cell(index: UInt8(truncatingIfNeeded: word >> UInt64((index & 7) * 8)))
    }

    /// Makes a volley; `hits` must be a subset of `cells`, which has at most 16 cells.
    public init(shooter: Seat, cells: CellSet, hits: CellSet, sunk: ShipSet) {
        self.shooter = shooter
        self.sunk = sunk
        shots = (0, 0)
        shotCount = 0
        hitBits = 0
        for cell in cells where shotCount < 16 {
            let byte = UInt64(cell.index) << UInt64((shotCount & 7) * 8)
            if shotCount < 8 { shots.0 |= byte } else { shots.1 |= byte }
            if hits.contains(cell) { hitBits |= 1 << UInt16(shotCount) }
            shotCount += 1
        }
    }

    /// A volley of one shot (the classic rule), made without building sets.
    init(shooter: Seat, shot: Cell, hit: Bool, sunk: ShipSet) {
        self.shooter = shooter
        self.sunk = sunk
        shots = (UInt64(shot.index), 0)
        shotCount = 1
        hitBits = hit ? 1 : 0
    }

    /// The cells fired at.
    public var cells: CellSet {
        var set = CellSet()
        for index in 0..<Int(shotCount) { set.insert(shot(index)) }
        return set
    }

    /// The cells that hit a ship.
    public var hits: CellSet {
        var set = CellSet()
        for index in 0..<Int(shotCount) where hitBits >> UInt16(index) & 1 == 1 { set.insert(shot(index)) }
        return set
    }

    /// Equal when shooter, cells, hits and sinkings are.
    public static func == (lhs: Volley, rhs: Volley) -> Bool {
        lhs.shooter == rhs.shooter && lhs.sunk == rhs.sunk && lhs.cells == rhs.cells && lhs.hits == rhs.hits
    }

    /// Hashes shooter, cells, hits and sinkings.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(shooter)
        hasher.combine(sunk)
        hasher.combine(cells)
        hasher.combine(hits)
    }

    enum CodingKeys: String, CodingKey { case shooter, cells, hits, sunk }

    /// Decodes `{"shooter", "cells", "hits", "sunk"}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let cells = try container.decode(CellSet.self, forKey: .cells)
        let hits = try container.decode(CellSet.self, forKey: .hits)
        guard cells.count <= 16, hits.isSubset(of: cells) else {
            throw DecodingError.dataCorruptedError(
                forKey: .hits, in: container,
                debugDescription: "a volley has at most 16 cells and hits among them")
        }
        self.init(
            shooter: try container.decode(Seat.self, forKey: .shooter), cells: cells, hits: hits,
            sunk: try container.decode(ShipSet.self, forKey: .sunk))
    }

    /// Encodes `{"shooter", "cells", "hits", "sunk"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(shooter, forKey: .shooter)
        try container.encode(cells, forKey: .cells)
        try container.encode(hits, forKey: .hits)
        try container.encode(sunk, forKey: .sunk)
    }
}
