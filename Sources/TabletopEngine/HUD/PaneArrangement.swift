import DuoPlatform

/// How the elements given to one panel share it. Internal to the HUD
/// helper: two arrangements are tried and the better one kept.
enum PaneArrangement: String, Sendable, Hashable, CaseIterable {
    /// Status strip on top, boards in the middle, controls strip at the bottom.
    case stacked
    /// Boards on the leading side; a column on the trailing side with the
    /// status on top and the controls at the bottom.
    case sideColumn
}

/// The elements one panel holds, grouped by role.
struct PaneContent: Sendable, Hashable {
    var status: [HUDElement] = []
    var controls: [HUDElement] = []
    /// Primary board(s) first, then secondary.
    var boards: [HUDElement] = []

    var isEmpty: Bool { status.isEmpty && controls.isEmpty && boards.isEmpty }
}

/// Where one panel's elements go, and how well that fits.
struct PanePlan: Sendable {
    var frames: [String: Rect] = [:]
    /// Points missing below minimum sizes, summed over elements (0 = everything fits).
    var shortfall: Double = 0
    /// Side of the largest primary board placed here (0 if none).
    var primarySide: Double = 0
    /// Side of the secondary board placed here (0 if none).
    var secondarySide: Double = 0
    var arrangement: PaneArrangement = .stacked
    /// Columns chosen for the status and controls strips (kept when the plan is redone on the real frame).
    var stripColumns: [HUDAnchor: Int] = [:]
    /// Side column only: whether the boards sit at the leading edge rather than
    /// centred (kept when the plan is redone on the real frame, like the columns).
    var boardsLead = false
}

/// Lays out panel content in an area (leading-based coordinates).
struct PaneLayouter {
    let rules: HUDLayoutRules
    /// Whether strips should prefer an even number of columns (a division exists in the scene).
    let prefersEvenColumns: Bool

    /// The better of the two arrangements, or the one asked for.
    /// - Parameters:
    ///   - columns: strip column counts to keep (from a plan made on the decision frame), so that
    ///     a fold that narrows a panel by a few points never rewraps a strip.
    ///   - boardsLead: where a side column's boards sit, to keep (from the same plan), for the same reason.
    func plan(
        _ content: PaneContent, in area: Rect, arrangement: PaneArrangement? = nil, columns: [HUDAnchor: Int] = [:],
        boardsLead: Bool? = nil
    ) -> PanePlan {
        if let arrangement, let boardsLead {
            return plan(content, in: area, as: arrangement, columns: columns, boardsLead: boardsLead)
        }
        if let arrangement { return plan(content, in: area, as: arrangement, columns: columns) }
        let stacked = plan(content, in: area, as: .stacked, columns: columns)
        guard !content.boards.isEmpty, !(content.status.isEmpty && content.controls.isEmpty) else { return stacked }
        let side = plan(content, in: area, as: .sideColumn, columns: columns)
        return Self.isBetter(side, than: stacked) ? side : stacked
    }

    /// Fewer missing points first, then a bigger primary board, then a bigger secondary one;
    /// a tie keeps the stacked arrangement.
    static func isBetter(_ a: PanePlan, than b: PanePlan) -> Bool {
        if abs(a.shortfall - b.shortfall) > 0.5 { return a.shortfall < b.shortfall }
        if abs(a.primarySide - b.primarySide) > 0.5 { return a.primarySide > b.primarySide }
        if abs(a.secondarySide - b.secondarySide) > 0.5 { return a.secondarySide > b.secondarySide }
        return false
    }

    private func plan(_ content: PaneContent, in area: Rect, as arrangement: PaneArrangement, columns: [HUDAnchor: Int]) -> PanePlan {
        guard arrangement == .sideColumn else { return plan(content, in: area, as: arrangement, columns: columns, boardsLead: false) }
        // Centred boards keep half their slack on the leading side, away from the column.
        // When the column is then too small for its strips, the boards move to the
        // leading edge and the column takes the whole slack.
        let centred = plan(content, in: area, as: arrangement, columns: columns, boardsLead: false)
        guard centred.shortfall > 0.5 else { return centred }
        let leading = plan(content, in: area, as: arrangement, columns: columns, boardsLead: true)
        return leading.shortfall < centred.shortfall - 0.5 ? leading : centred
    }

    private func plan(
        _ content: PaneContent, in area: Rect, as arrangement: PaneArrangement, columns: [HUDAnchor: Int], boardsLead: Bool
    ) -> PanePlan {
        var result = PanePlan(arrangement: arrangement)
        result.boardsLead = boardsLead
        let spacing = rules.spacing
        switch arrangement {
        case .stacked:
            let status = strip(content.status, width: area.width, columns: columns[.status])
            let controls = strip(content.controls, width: area.width, columns: columns[.controls])
            result.stripColumns = [.status: status.columns, .controls: controls.columns]
            place(status, at: Point(x: area.minX, y: area.minY), into: &result)
            place(controls, at: Point(x: area.minX, y: area.maxY - controls.height), into: &result)
            let top = area.minY + (status.height > 0 ? status.height + spacing : 0)
            let bottom = area.maxY - (controls.height > 0 ? controls.height + spacing : 0)
            let middle = Rect(x: area.minX, y: top, width: area.width, height: max(0, bottom - top))
            placeBoards(content.boards, in: middle, into: &result)
        case .sideColumn:
            let widest = (content.status + content.controls).map(\.minimumWidth).max() ?? 0
            let columnWidth = min(area.width, max(rules.minimumSideColumnWidth, widest))
            var boardArea = Rect(x: area.minX, y: area.minY, width: max(0, area.width - columnWidth - spacing), height: area.height)
            placeBoards(content.boards, in: boardArea, into: &result)
            if boardsLead, let first = content.boards.compactMap({ result.frames[$0.id]?.minX }).min(), first > area.minX {
                for board in content.boards { result.frames[board.id] = result.frames[board.id]?.offsetBy(dx: area.minX - first, dy: 0) }
            }
            // Give the column whatever the boards did not use.
            let used = content.boards.compactMap { result.frames[$0.id] }.map(\.maxX).max() ?? boardArea.minX
            boardArea.size.width = max(0, used - area.minX)
            let columnX = boardArea.width > 0 ? boardArea.maxX + spacing : area.minX
            let column = Rect(x: columnX, y: area.minY, width: max(0, area.maxX - columnX), height: area.height)
            let controls = strip(content.controls, width: column.width, columns: columns[.controls])
            // The status gets the rest of the column's height: a strip over it by
            // less than a point closes its row gaps that much instead of crossing
            // whatever bounds the column (a fold band, say) by a hair.
            let statusRoom = column.height - (controls.height > 0 ? controls.height + spacing : 0)
            let status = strip(content.status, width: column.width, columns: columns[.status], fitting: statusRoom)
            result.stripColumns = [.status: status.columns, .controls: controls.columns]
            place(status, at: Point(x: column.minX, y: column.minY), into: &result)
            place(controls, at: Point(x: column.minX, y: column.maxY - controls.height), into: &result)
            let stripsHeight = status.height + controls.height + (status.height > 0 && controls.height > 0 ? spacing : 0)
            result.shortfall += max(0, stripsHeight - column.height)
        }
        for block in [content.status, content.controls] {
            for element in block {
                if let frame = result.frames[element.id] { result.shortfall += max(0, element.minimumWidth - frame.width) }
            }
        }
        return result
    }

    // MARK: - Strips

    /// Cells laid out in rows, relative to the strip's top-left corner.
    struct Strip {
        var frames: [(id: String, frame: Rect)] = []
        var height: Double = 0
        var columns = 0
    }

    /// The strip of `cells` in rows across `width`. With `room`, rows that
    /// would be taller than it by less than ``slightOverflow`` are closed up
    /// (their gaps shrink by the excess, shared out) so that they fit.
    private func strip(_ cells: [HUDElement], width: Double, columns fixedColumns: Int?, fitting room: Double = .infinity) -> Strip {
        let loose = strip(cells, width: width, columns: fixedColumns, rowSpacing: rules.spacing)
        let gaps = Double((cells.count + max(1, loose.columns) - 1) / max(1, loose.columns) - 1)
        let excess = loose.height - room
        guard excess > 0, excess < Self.slightOverflow, gaps > 0 else { return loose }
        return strip(cells, width: width, columns: loose.columns, rowSpacing: max(0, rules.spacing - excess / gaps))
    }

    /// Less than this over its room (a rounding's worth), a strip closes up instead of overflowing.
    static let slightOverflow = 1.0

    private func strip(_ cells: [HUDElement], width: Double, columns fixedColumns: Int?, rowSpacing: Double) -> Strip {
        guard !cells.isEmpty else { return Strip() }
        let spacing = rules.spacing
        let minimum = cells.map(\.minimumWidth).max() ?? 0
        let columns = max(
            1,
            min(
                cells.count,
                fixedColumns
                    ?? HUDGrid.columnCount(
                        cellCount: cells.count, width: width, minimumCellWidth: minimum, spacing: spacing, prefersEven: prefersEvenColumns)))
        var result = Strip()
        result.columns = columns
        var y = 0.0
        var index = 0
        while index < cells.count {
            let row = Array(cells[index..<min(index + columns, cells.count)])
            let share = max(0, (width - Double(columns - 1) * spacing) / Double(columns))
            // A short last row shares the whole width among its cells (each up to its maximum).
            let rowShare = row.count < columns ? max(0, (width - Double(row.count - 1) * spacing) / Double(row.count)) : share
            let widths = row.map { min($0.maximumWidth, rowShare) }
            let rowWidth = widths.reduce(0, +) + Double(row.count - 1) * spacing
            // A short row (fewer cells than columns, or capped widths) is centred.
            var x = max(0, (width - rowWidth) / 2)
            let rowHeight = row.map(\.height).max() ?? 0
            for (cell, cellWidth) in zip(row, widths) {
                result.frames.append((cell.id, Rect(x: x, y: y + (rowHeight - cell.height) / 2, width: cellWidth, height: cell.height)))
                x += cellWidth + spacing
            }
            y += rowHeight + rowSpacing
            index += columns
        }
        result.height = y - rowSpacing
        return result
    }

    private func place(_ strip: Strip, at origin: Point, into plan: inout PanePlan) {
        for (id, frame) in strip.frames {
            plan.frames[id] = frame.offsetBy(dx: origin.x, dy: origin.y)
        }
    }

    // MARK: - Boards

    private func placeBoards(_ boards: [HUDElement], in area: Rect, into plan: inout PanePlan) {
        guard let first = boards.first else { return }
        guard boards.count > 1 else {
            record(first, fit(first, in: area), into: &plan)
            return
        }
        // Two boards (more are laid out the same way, in pairs of primary vs the rest):
        // split the room along whichever axis gives the primary board more.
        let primary = first
        let rest = Array(boards.dropFirst())
        var best: (frames: [(HUDElement, Rect)], primary: Double, secondary: Double, shortfall: Double)?
        for horizontal in [false, true] {
            let frames = split(primary, rest, in: area, horizontal: horizontal)
            let shortfall = frames.reduce(0) { $0 + max(0, $1.0.minimumSide - side(of: $1.1)) }
            let primarySide = side(of: frames[0].1)
            let secondarySide = frames.dropFirst().map { side(of: $0.1) }.min() ?? 0
            let candidate = (frames, primarySide, secondarySide, shortfall)
            if let current = best {
                let better =
                    abs(candidate.3 - current.shortfall) > 0.5
                    ? candidate.3 < current.shortfall
                    : abs(candidate.1 - current.primary) > 0.5
                        ? candidate.1 > current.primary
                        : candidate.2 > current.secondary + 0.5
                if better { best = candidate }
            } else {
                best = candidate
            }
        }
        for (element, frame) in best?.frames ?? [] { record(element, frame, into: &plan) }
    }

    /// Primary and the other boards side by side (`horizontal`) or stacked:
    /// stacked puts the others above (near the status), the primary below
    /// (near the controls); side by side puts the primary first.
    private func split(_ primary: HUDElement, _ others: [HUDElement], in area: Rect, horizontal: Bool) -> [(HUDElement, Rect)] {
        let spacing = rules.spacing
        let length = max(0, (horizontal ? area.width : area.height) - spacing * Double(others.count))
        let cross = horizontal ? area.height : area.width
        // The primary takes what it can use, leaving the others their minimum, and at least its share.
        let primaryNeeds = horizontal ? cross * primary.aspectRatio : cross / primary.aspectRatio
        let othersMinimum = others.reduce(0) { $0 + (horizontal ? $1.minimumSize.width : $1.minimumSize.height) }
        var primaryLength = min(primaryNeeds, length - othersMinimum)
        primaryLength = max(primaryLength, length * rules.primaryBoardShare)
        primaryLength = min(primaryLength, primaryNeeds, length)
        let otherLength = others.isEmpty ? 0 : max(0, (length - primaryLength) / Double(others.count))
        var result: [(HUDElement, Rect)] = []
        if horizontal {
            var x = area.minX
            result.append((primary, fit(primary, in: Rect(x: x, y: area.minY, width: primaryLength, height: area.height))))
            x += primaryLength + spacing
            for other in others {
                result.append((other, fit(other, in: Rect(x: x, y: area.minY, width: otherLength, height: area.height))))
                x += otherLength + spacing
            }
        } else {
            var y = area.minY
            var stacked: [(HUDElement, Rect)] = []
            for other in others {
                stacked.append((other, fit(other, in: Rect(x: area.minX, y: y, width: area.width, height: otherLength))))
                y += otherLength + spacing
            }
            result.append((primary, fit(primary, in: Rect(x: area.minX, y: y, width: area.width, height: max(0, area.maxY - y)))))
            result += stacked
        }
        return result
    }

    /// The largest frame of the board's aspect ratio inside `area` (up to its maximum), centred.
    private func fit(_ board: HUDElement, in area: Rect) -> Rect {
        var width = min(area.width, area.height * board.aspectRatio)
        if let maximum = board.maximumSide {
            width = min(width, board.aspectRatio >= 1 ? maximum * board.aspectRatio : maximum)
        }
        let height = width / board.aspectRatio
        return Rect(x: area.midX - width / 2, y: area.midY - height / 2, width: max(0, width), height: max(0, height))
    }

    private func side(of frame: Rect) -> Double { min(frame.width, frame.height) }

    private func record(_ board: HUDElement, _ frame: Rect, into plan: inout PanePlan) {
        plan.frames[board.id] = frame
        let boardSide = side(of: frame)
        plan.shortfall += max(0, board.minimumSide - boardSide)
        if board.anchor == .primaryBoard {
            plan.primarySide = max(plan.primarySide, boardSide)
        } else {
            plan.secondarySide = max(plan.secondarySide, boardSide)
        }
    }
}
