/// One square of a board: a row and a column, each 0...15.
///
/// Boards are at most 16 x 16, so a cell is one byte (`row * 16 + column`),
/// the same for every board size: a ``CellSet`` is then self-describing.
/// In JSON a cell is its name: the row as a letter (`A` is the top row) and
/// the column as a number from 1, as players call them: `"A1"`, `"J10"`.
public struct Cell: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The largest number of rows or columns a board may have.
    public static let maximumSide = 16

    /// `row * 16 + column`.
    public let index: UInt8

    /// The cell at `row`, `column` (each 0...15).
    public init(row: Int, column: Int) {
        precondition(
            (0..<Self.maximumSide).contains(row) && (0..<Self.maximumSide).contains(column),
            "a cell's row and column are 0...15")
        index = UInt8(row << 4 | column)
    }

    /// The cell with this index (`row * 16 + column`).
    public init(index: UInt8) { self.index = index }

    /// The row, 0 at the top.
    public var row: Int { Int(index >> 4) }
    /// The column, 0 at the left.
    public var column: Int { Int(index & 15) }

    /// The cell's name, e.g. `B7` (row letter, column number from 1).
    public var name: String {
        String(UnicodeScalar(UInt8(ascii: "A") + UInt8(row))) + String(column + 1)
    }

    /// Parses a name such as `B7` or `b7`; nil when it is not a cell of a 16 x 16 grid.
    public init?(name: String) {
        let scalars = Array(name.unicodeScalars)
        guard let letter = scalars.first, letter.isASCII, scalars.count >= 2, scalars.count <= 3 else { return nil }
        let upper = Int(Character(letter).uppercased().unicodeScalars.first!.value)
        let row = upper - Int(UInt8(ascii: "A"))
        guard (0..<Self.maximumSide).contains(row),
            scalars.dropFirst().allSatisfy({ $0.properties.numericType == .decimal && $0.isASCII }),
            let number = Int(String(String.UnicodeScalarView(scalars.dropFirst()))),
            (1...Self.maximumSide).contains(number)
        else { return nil }
        self.init(row: row, column: number - 1)
    }

    /// The name, e.g. `B7`.
    public var description: String { name }

    /// Orders cells row by row.
    public static func < (lhs: Cell, rhs: Cell) -> Bool { lhs.index < rhs.index }

    /// Decodes a cell name.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let cell = Cell(name: text) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "'\(text)' is not a cell name (row letter A-P, column 1-16, e.g. B7)"))
        }
        self = cell
    }

    /// Encodes the cell name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}
