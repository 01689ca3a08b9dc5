/// Where one ship lies: which ship of the fleet, its first (top or left)
/// cell and its heading.
///
/// JSON: `{"ship": 0, "at": "A1", "heading": "across"}` (the ship is its
/// index in the variant's fleet list).
public struct ShipPlacement: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The ship's index in the fleet.
    public var ship: Int
    /// The ship's first cell (leftmost when across, topmost when down).
    public var origin: Cell
    /// Which way it lies.
    public var heading: Heading

    /// Makes a placement.
    public init(ship: Int, at origin: Cell, heading: Heading) {
        self.ship = ship
        self.origin = origin
        self.heading = heading
    }

    /// Whether a ship of `length` placed so lies inside a board of `rows` x `columns`.
    public func fits(length: Int, rows: Int, columns: Int) -> Bool {
        switch heading {
        case .across: return origin.row < rows && origin.column + length <= columns
        case .down: return origin.column < columns && origin.row + length <= rows
        }
    }

    /// The cells a ship of `length` covers; the placement must fit a 16 x 16 grid.
    public func cells(length: Int) -> CellSet {
        var set = CellSet()
        if heading == .across {
            // A row is one 16-bit lane of one word: the ship is a run of bits in it.
            let run: UInt64 = (1 << UInt64(length) - 1) << UInt64(origin.index & 63)
            set.words = CellSet.word(run, at: Int(origin.index >> 6))
        } else {
            // One column of the rows the ship spans.
            set = CellSet.rowBand(origin.row, origin.row + length)
                .intersection(CellSet(lanePattern: 1 << UInt64(origin.column)))
        }
        return set
    }

    /// Whether a ship of `length` placed so covers `cell`.
    public func covers(_ cell: Cell, length: Int) -> Bool {
        switch heading {
        case .across: return cell.row == origin.row && cell.column >= origin.column && cell.column < origin.column + length
        case .down: return cell.column == origin.column && cell.row >= origin.row && cell.row < origin.row + length
        }
    }

    /// "ship 0 at A1 across".
    public var description: String { "ship \(ship) at \(origin) \(heading.rawValue)" }

    enum CodingKeys: String, CodingKey { case ship, at, heading }

    /// Decodes `{"ship", "at", "heading"}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        ship = try container.decode(Int.self, forKey: .ship)
        origin = try container.decode(Cell.self, forKey: .at)
        heading = try container.decode(Heading.self, forKey: .heading)
    }

    /// Encodes `{"ship", "at", "heading"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(ship, forKey: .ship)
        try container.encode(origin, forKey: .at)
        try container.encode(heading, forKey: .heading)
    }
}
