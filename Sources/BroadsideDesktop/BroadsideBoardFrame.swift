import Broadside
import DuoPlatform
import TabletopEngine

/// Where the painter draws a board's cells: the whole board in an element's
/// frame, or a band of its rows (the flat half's band, see
/// `BroadsideHUD.bandRows(_:)`), with cells named by their row on the whole board.
struct BroadsideBoardFrame {
    /// The whole board's grid.
    let board: HUDElement.TouchGrid
    /// The grid drawn: the whole board's, or the band's.
    let drawn: HUDElement.TouchGrid
    /// The element's frame.
    let frame: Rect
    /// The board row drawn first (0 for the whole board).
    let firstRow: Int

    /// The whole board in `frame`.
    init(board: HUDElement.TouchGrid, in frame: Rect) {
        self.board = board
        drawn = board
        self.frame = frame
        firstRow = 0
    }

    /// The rows `rows` of the board, drawn with `band`'s grid in `frame`.
    init(board: HUDElement.TouchGrid, band: HUDElement.TouchGrid, rows: Range<Int>, in frame: Rect) {
        self.board = board
        drawn = band
        self.frame = frame
        firstRow = rows.lowerBound
    }

    /// The board rows drawn.
    var rows: Range<Int> { firstRow..<(firstRow + drawn.rows) }

    /// Whether only some of the board's rows are drawn.
    var isBand: Bool { drawn.rows < board.rows }

    /// One cell's side.
    var cellSide: Double { drawn.cellSide(in: frame) }

    /// The frame of a board cell (outside the drawn cells for a row the band does not show).
    func cellFrame(row: Int, column: Int) -> Rect {
        drawn.cellFrame(row: row - firstRow, column: column, in: frame)
    }

    /// Whether a board cell is drawn.
    func shows(_ cell: Cell) -> Bool {
        rows.contains(cell.row) && (0..<board.columns).contains(cell.column)
    }

    /// The drawn cells, labels excluded.
    var cellsFrame: Rect {
        let origin = drawn.cellFrame(row: 0, column: 0, in: frame)
        return Rect(x: origin.minX, y: origin.minY, width: cellSide * Double(drawn.columns), height: cellSide * Double(drawn.rows))
    }
}
