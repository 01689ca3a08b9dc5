import DuoPlatform

/// One thing a game puts on screen, declared by role and size, never by
/// position: the layout helper decides where it goes.
///
/// Strip elements (status, controls) keep a constant height in points and
/// take a share of their strip's width between `minimumWidth` and
/// `maximumWidth`, so text and control sizes never change with the window.
/// Boards keep their aspect ratio and take as much room as their panel
/// gives, never less than `minimumSide`.
public struct HUDElement: Sendable, Hashable, Codable, Identifiable {
    /// A grid of equal touch cells inside an element (a game board), with
    /// an optional band of labels (row letters, column numbers) along its top
    /// and leading edges that takes room but is not touched.
    public struct TouchGrid: Sendable, Hashable, Codable {
        /// Cells across.
        public var columns: Int
        /// Cells down.
        public var rows: Int
        /// The smallest acceptable cell side in points (checked by `duo lint`).
        public var minimumCellSide: Double
        /// The label band's thickness, in cells (0 for none).
        public var labelCells: Double

        /// A grid from its cell counts, minimum cell side and label band.
        public init(columns: Int, rows: Int, minimumCellSide: Double, labelCells: Double = 0) {
            self.columns = max(1, columns)
            self.rows = max(1, rows)
            self.minimumCellSide = minimumCellSide
            self.labelCells = max(0, labelCells)
        }

        /// Width divided by height of the whole grid, labels included.
        public var aspectRatio: Double { (Double(columns) + labelCells) / (Double(rows) + labelCells) }

        /// The side of one cell when the grid fills `frame`.
        public func cellSide(in frame: Rect) -> Double {
            min(frame.width / (Double(columns) + labelCells), frame.height / (Double(rows) + labelCells))
        }

        /// The frame of the cell at `row`, `column` (0-based, from the top left) inside `frame`.
        public func cellFrame(row: Int, column: Int, in frame: Rect) -> Rect {
            let side = cellSide(in: frame)
            return Rect(
                x: frame.minX + (labelCells + Double(column)) * side, y: frame.minY + (labelCells + Double(row)) * side,
                width: side, height: side)
        }

        /// The cell under `point`, or nil on the labels or outside.
        public func cell(at point: Point, in frame: Rect) -> (row: Int, column: Int)? {
            let side = cellSide(in: frame)
            guard side > 0 else { return nil }
            let column = Int(((point.x - frame.minX) / side - labelCells).rounded(.down))
            let row = Int(((point.y - frame.minY) / side - labelCells).rounded(.down))
            guard (0..<columns).contains(column), (0..<rows).contains(row) else { return nil }
            return (row, column)
        }
    }

    /// A name unique within one HUD (`"turn"`, `"fire"`, `"target-board"`).
    public var id: String
    /// The role that decides where it goes.
    public var anchor: HUDAnchor
    /// Strips: the constant height. Boards: unused.
    public var height: Double
    /// Strips: the narrowest acceptable cell. Boards: unused.
    public var minimumWidth: Double
    /// Strips: the widest a cell grows. Boards: unused.
    public var maximumWidth: Double
    /// Boards: width divided by height.
    public var aspectRatio: Double
    /// Boards: the shorter side may not be less than this.
    public var minimumSide: Double
    /// Boards: the shorter side never grows past this (nil: as big as the room allows).
    public var maximumSide: Double?
    /// Whether a person touches it (then it must be at least a touch target, 44 pt, each way).
    public var isInteractive: Bool
    /// Whether it may be left out when there is no room (it is then listed in ``HUDLayout/hiddenElements``).
    public var isOptional: Bool
    /// The touch cells inside it, when it is a grid.
    public var touchGrid: TouchGrid?

    /// A status cell: text that must stay readable, never interactive.
    public static func status(_ id: String, height: Double = 44, minimumWidth: Double = 120, maximumWidth: Double = 10_000) -> HUDElement {
        HUDElement(
            id: id, anchor: .status, height: height, minimumWidth: minimumWidth, maximumWidth: maximumWidth,
            aspectRatio: 1, minimumSide: 0, maximumSide: nil, isInteractive: false, isOptional: false, touchGrid: nil)
    }

    /// A button (or other control), at least 44 x 44 points.
    public static func control(_ id: String, height: Double = 48, minimumWidth: Double = 96, maximumWidth: Double = 220) -> HUDElement {
        HUDElement(
            id: id, anchor: .controls, height: max(height, 44), minimumWidth: max(minimumWidth, 44), maximumWidth: maximumWidth,
            aspectRatio: 1, minimumSide: 0, maximumSide: nil, isInteractive: true, isOptional: false, touchGrid: nil)
    }

    /// A board: scales to its panel, keeps its aspect ratio.
    public static func board(
        _ id: String, anchor: HUDAnchor = .primaryBoard, aspectRatio: Double = 1, minimumSide: Double, maximumSide: Double? = nil,
        touchGrid: TouchGrid? = nil, isInteractive: Bool = true, isOptional: Bool = false
    ) -> HUDElement {
        HUDElement(
            id: id, anchor: anchor, height: 0, minimumWidth: 0, maximumWidth: 0, aspectRatio: max(0.05, aspectRatio),
            minimumSide: minimumSide, maximumSide: maximumSide.map { max($0, minimumSide) },
            isInteractive: isInteractive, isOptional: isOptional, touchGrid: touchGrid)
    }

    /// The smallest size at which the element is still acceptable.
    var minimumSize: Size {
        if anchor.isStrip { return Size(width: minimumWidth, height: height) }
        return aspectRatio >= 1
            ? Size(width: minimumSide * aspectRatio, height: minimumSide)
            : Size(width: minimumSide, height: minimumSide / aspectRatio)
    }
}
