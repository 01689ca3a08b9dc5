import Broadside
import DuoDesktop
import DuoPlatform
import TabletopEngine

/// Draws a Broadside table into its HUD layout: status cells, boards, the
/// dock of ships to place and buttons (the engine draws the news, its
/// notices and the banner). Draws in scene points; knows nothing of the
/// window, the fold or the tilt.
struct BroadsidePainter {
    let canvas: Canvas
    let table: BroadsideNetworkTable
    let session: SeatSession
    let layout: HUDLayout

    typealias ID = BroadsideHUD.ElementID

    static let caption = TextStyle(size: 10.5, bold: true, color: Palette.statusCaption)
    static let value = TextStyle(size: 13.5, bold: true, color: Palette.statusText)
    static let buttonLabel = TextStyle(size: 14.5, bold: true, color: Palette.buttonText)
    static let buttonHint = TextStyle(size: 10.5, color: RGBAColor(hex: 0xCFE3F2))
    static let boardLabel = TextStyle(size: 11, bold: true, color: Palette.boardLabel)

    func draw() {
        for placement in layout.placements {
            let frame = placement.frame
            switch placement.id {
            case ID.turn:
                drawStatus(
                    frame, caption: "TURN", text: table.turnText(session: session),
                    highlighted: table.isViewerFiring(session))
            case ID.score: drawScore(frame)
            case ID.primaryBoard: drawPrimaryBoard(BroadsideBoardFrame(board: grid, in: frame))
            case ID.primaryBand:
                drawPrimaryBoard(BroadsideBoardFrame(board: grid, band: table.hud.bandGrid, rows: table.hud.bandRows(table.shownBand), in: frame))
            case ID.primaryOverview: drawOverview(frame)
            case ID.secondaryBoard: drawSecondaryBoard(frame)
            case ID.dock: drawDock(frame)
            case _ where VictoryPhotoScreen.paintedElementIDs.contains(placement.id): continue
            case _ where SeatSession.paintedElementIDs.contains(placement.id): continue
            default: drawButton(placement.id, frame)
            }
        }
    }

    // MARK: - Status and buttons

    private func drawStatus(_ frame: Rect, caption: String, text: String, parts: [String]? = nil, highlighted: Bool) {
        canvas.fillRoundedRect(
            x: frame.minX, y: frame.minY, width: frame.width, height: frame.height, radius: 8,
            color: highlighted ? Palette.yourTurn : Palette.statusBackground)
        let inner = frame.width - 16
        canvas.drawText(caption, x: frame.minX + 8, y: frame.minY + 4, style: Self.caption)
        // Two lines when the cell is tall enough. Words wrap, then shrink; they are never cut.
        let lineCount = frame.height >= 54 ? 2 : 1
        let whole = canvas.fitParagraph(text, maxWidth: inner, maxLines: lineCount, style: Self.value)
        if whole.lines.count > 1, let parts, parts.count == lineCount {
            // Text made of parts breaks between them, not inside one, all at one size.
            let fitted = parts.map { canvas.fitParagraph($0, maxWidth: inner, maxLines: 1, style: Self.value) }
            let size = fitted.map(\.size).min() ?? Self.value.size
            let style = TextStyle(size: size, bold: true, color: Self.value.color)
            for (index, part) in parts.enumerated() {
                canvas.drawText(part, x: frame.minX + 8, y: frame.minY + 18 + Double(index) * 17, style: style)
            }
        } else {
            canvas.drawParagraph(whole, x: frame.minX + 8, y: frame.minY + 18, style: Self.value, lineSpacing: 17 / whole.size)
        }
    }

    /// The score: its long form while that reads at ``BroadsideNetworkTable/legibleScoreSize``
    /// or more, else its short form (the words moved into the caption), else whichever reads larger.
    private func drawScore(_ frame: Rect) {
        let forms = table.scoreForms(session)
        let inner = frame.width - 16
        // The size drawStatus sets a form at: the whole on the cell's lines, or a part a line when it wraps.
        let lineCount = frame.height >= 54 ? 2 : 1
        func size(of parts: [String]) -> Double {
            let whole = canvas.fitParagraph(parts.joined(separator: " · "), maxWidth: inner, maxLines: lineCount, style: Self.value)
            guard whole.lines.count > 1, parts.count == lineCount else { return whole.size }
            return parts.map { canvas.fitParagraph($0, maxWidth: inner, maxLines: 1, style: Self.value).size }.min() ?? Self.value.size
        }
        let sized = forms.map { (form: $0, size: size(of: $0.parts)) }
        let fallback: (caption: String, parts: [String]) = ("SCORE", table.scoreParts(session))
        let chosen =
            sized.first { $0.size >= BroadsideNetworkTable.legibleScoreSize }?.form
            ?? sized.max { $0.size < $1.size }?.form ?? fallback
        drawStatus(frame, caption: chosen.caption, text: chosen.parts.joined(separator: " · "), parts: chosen.parts, highlighted: false)
    }

    private func drawButton(_ id: String, _ frame: Rect) {
        let (label, hint) = Self.buttonText(id, table: table)
        canvas.fillRoundedRect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height, radius: 10, color: Palette.button)
        canvas.fillRect(x: frame.minX + 10, y: frame.maxY - 3, width: frame.width - 20, height: 2, color: RGBAColor(hex: 0x000000, alpha: 60))
        let showsHint = frame.height >= 44 && !hint.isEmpty
        let labelY = showsHint ? frame.midY - 7 : frame.midY
        // The label shrinks to fit (never below the minimum), it is never cut.
        let fitted = canvas.fitParagraph(label, maxWidth: frame.width - 12, maxLines: 1, style: Self.buttonLabel)
        canvas.drawText(
            fitted.lines.joined(separator: " "), x: frame.midX, y: labelY,
            style: TextStyle(size: fitted.size, bold: true, color: Self.buttonLabel.color), alignment: .center)
        if showsHint {
            canvas.drawText(hint, x: frame.midX, y: frame.midY + 11, style: Self.buttonHint, alignment: .center)
        }
    }

    /// A control's label and its key.
    static func buttonText(_ id: String, table: BroadsideNetworkTable) -> (String, String) {
        let other = table.hud.bandRows(table.hud.otherBand(than: table.shownBand))
        return buttonText(id, heading: table.heading, otherRows: rowSpan(other))
    }

    /// The letters of a span of rows (`A–E`).
    static func rowSpan(_ rows: Range<Int>) -> String {
        guard let last = rows.last else { return "" }
        return rowLetter(rows.lowerBound) + (rows.count > 1 ? "–" + rowLetter(last) : "")
    }

    /// A row's letter, as the board's labels show it.
    static func rowLetter(_ row: Int) -> String { String(UnicodeScalar(UInt8(ascii: "A") + UInt8(row))) }

    /// A control's label and its key, with the ship heading `heading` and
    /// the rows the other band shows (`F–J`).
    static func buttonText(_ id: String, heading: Heading, otherRows: String = "") -> (String, String) {
        switch id {
        case ID.rotate: return (heading == .across ? "Rotate ↕" : "Rotate ↔", "Space")
        case ID.autoPlace: return ("Auto-place", "A")
        case ID.clear: return ("Start over", "Backspace")
        case ID.otherRows: return ("Rows \(otherRows)", "O")
        case ID.newGame: return ("New game", "N")
        case ID.help: return ("Help", "H")
        default: return (id, "")
        }
    }

    // MARK: - Boards

    private var grid: HUDElement.TouchGrid { table.hud.grid }

    private func drawPrimaryBoard(_ area: BroadsideBoardFrame) {
        let view = table.view
        let moment = table.moment(session)
        switch moment {
        case .placement:
            drawGrid(area, water: Palette.water)
            drawShips(view.fleet, in: area, sunk: FleetLayout(), color: table.shipColors[session.viewer])
            if let preview = table.placementPreview(session), let first = preview.cells.first,
                preview.cells.allSatisfy({ $0.row < grid.rows && $0.column < grid.columns })
            {
                // The ship itself where it would go, in the aim's colour, or red where it may not.
                let heading: Heading = preview.cells.count > 1 && preview.cells[1].row != first.row ? .down : .across
                clipped(to: area) {
                    drawShip(
                        length: preview.cells.count, heading: heading, at: first, in: area,
                        tint: preview.isLegal ? Palette.aim.withAlpha(150) : Palette.illegal)
                }
            }
        case .battle, .gameOver:
            drawGrid(area, water: Palette.targetWater)
            drawShips(view.target.sunk, in: area, sunk: view.target.sunk, color: Palette.sunkShip)
            drawShots(hits: view.target.hits, misses: view.target.misses, in: area)
            for cell in view.aimed { drawAim(cell, in: area, solid: true) }
            if moment == .battle, view.isMyTurn, let cell = table.hoverCell {
                drawAim(cell, in: area, solid: false)
            }
        }
    }

    /// The whole board acted on, on the upright half while the flat half shows
    /// a band of it: the same board, the band's rows outlined and the others dimmed.
    private func drawOverview(_ frame: Rect) {
        let area = BroadsideBoardFrame(board: grid, in: frame)
        drawPrimaryBoard(area)
        let cells = area.cellsFrame
        let side = area.cellSide
        let rows = table.hud.bandRows(table.shownBand)
        for hidden in [0..<rows.lowerBound, rows.upperBound..<grid.rows] where !hidden.isEmpty {
            canvas.fillRect(
                x: cells.minX, y: cells.minY + Double(hidden.lowerBound) * side, width: cells.width,
                height: Double(hidden.count) * side, color: Palette.curtain.withAlpha(110))
        }
        canvas.strokeRect(
            x: cells.minX - 1, y: cells.minY + Double(rows.lowerBound) * side - 1, width: cells.width + 2,
            height: Double(rows.count) * side + 2, color: Palette.aim, thickness: 2)
    }

    private func drawSecondaryBoard(_ frame: Rect) {
        let view = table.view
        let area = BroadsideBoardFrame(board: grid, in: frame)
        drawGrid(area, water: Palette.water)
        drawShips(view.fleet, in: area, sunk: view.ownBoard.sunk, color: table.shipColors[session.viewer])
        drawShots(hits: view.ownBoard.hits, misses: view.ownBoard.misses, in: area)
    }

    private func drawGrid(_ area: BroadsideBoardFrame, water: RGBAColor) {
        let side = area.cellSide
        let cells = area.cellsFrame
        let drawn = area.drawn
        canvas.fillRect(x: cells.minX, y: cells.minY, width: cells.width, height: cells.height, color: water)
        let label = TextStyle(size: min(Self.boardLabel.size, side * 0.45), bold: true, color: Palette.boardLabel)
        // A board too small for labels of the minimum size (the own fleet's, looked at, never aimed at) has none.
        let labelled = label.size >= FittedParagraph.minimumSize
        for column in 0...drawn.columns {
            let x = cells.minX + Double(column) * side
            canvas.fillRect(x: x - 0.5, y: cells.minY, width: 1, height: cells.height, color: Palette.gridLine)
            if labelled, column < drawn.columns {
                canvas.drawText(
                    String(column + 1), x: x + side / 2, y: cells.minY - side * drawn.labelCells / 2,
                    style: label, alignment: .center)
            }
        }
        for row in 0...drawn.rows {
            let y = cells.minY + Double(row) * side
            canvas.fillRect(x: cells.minX, y: y - 0.5, width: cells.width, height: 1, color: Palette.gridLine)
            if labelled, row < drawn.rows {
                canvas.drawText(
                    Self.rowLetter(area.firstRow + row), x: cells.minX - side * drawn.labelCells / 2, y: y + side / 2,
                    style: label, alignment: .center)
            }
        }
    }

    /// Draws with the band's cells as the clip, so a ship reaching past the
    /// band's rows shows only its part on them (the whole board needs no clip).
    private func clipped(to area: BroadsideBoardFrame, _ draw: () -> Void) {
        guard area.isBand else { return draw() }
        let cells = area.cellsFrame
        canvas.clip(x: cells.minX, y: cells.minY, width: cells.width, height: cells.height)
        draw()
        canvas.unclip()
    }

    private func drawShips(_ fleet: FleetLayout, in area: BroadsideBoardFrame, sunk: FleetLayout, color: RGBAColor) {
        let rules = table.game.rules
        clipped(to: area) {
            for placement in fleet {
                let isSunk = sunk.isPlaced(placement.ship) && sunk[placement.ship] == placement
                drawShip(
                    length: rules.fleet[placement.ship].length, heading: placement.heading, at: placement.origin, in: area,
                    tint: isSunk ? Palette.sunkShip : color)
            }
        }
    }

    /// A ship's sprite over the cells it covers from `origin` (the art keeps its own margin inside them).
    private func drawShip(length: Int, heading: Heading, at origin: Cell, in area: BroadsideBoardFrame, tint: RGBAColor) {
        let first = area.cellFrame(row: origin.row, column: origin.column)
        let side = first.width
        canvas.drawSprite(
            BroadsideSprites.ship(length: length, heading: heading), x: first.minX, y: first.minY,
            width: heading == .across ? side * Double(length) : side,
            height: heading == .down ? side * Double(length) : side, tint: tint)
    }

    private func drawShots(hits: CellSet, misses: CellSet, in area: BroadsideBoardFrame) {
        for cell in misses where area.shows(cell) {
            let rect = area.cellFrame(row: cell.row, column: cell.column)
            canvas.fillCircle(centerX: rect.midX, centerY: rect.midY, radius: rect.width * 0.14, color: Palette.miss)
        }
        for cell in hits where area.shows(cell) {
            let rect = area.cellFrame(row: cell.row, column: cell.column)
            let r = rect.width * 0.3
            canvas.line(
                fromX: rect.midX - r, y1: rect.midY - r, toX: rect.midX + r, y2: rect.midY + r, color: Palette.hit,
                thickness: max(2, rect.width * 0.12))
            canvas.line(
                fromX: rect.midX - r, y1: rect.midY + r, toX: rect.midX + r, y2: rect.midY - r, color: Palette.hit,
                thickness: max(2, rect.width * 0.12))
        }
    }

    private func drawAim(_ cell: Cell, in area: BroadsideBoardFrame, solid: Bool) {
        guard area.shows(cell) else { return }
        let rect = area.cellFrame(row: cell.row, column: cell.column)
        if solid {
            canvas.fillCircle(centerX: rect.midX, centerY: rect.midY, radius: rect.width * 0.3, color: Palette.aim.withAlpha(200))
        }
        canvas.strokeRect(x: rect.minX + 1, y: rect.minY + 1, width: rect.width - 2, height: rect.height - 2, color: Palette.aim, thickness: 2)
    }

    // MARK: - Dock and banner

    /// The smallest a ship's name is set in the dock: the drawn-text lint's
    /// minimum. A dock at its minimum height (110 pt, five ships) has rows of
    /// 16 pt, which hold a 10 pt line with room to spare.
    static let dockMinimumTextSize = 10.0

    private func drawDock(_ frame: Rect) {
        canvas.fillRoundedRect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height, radius: 10, color: Palette.statusBackground)
        let fleet = table.game.rules.fleet
        let placed = table.view.fleet
        let rowHeight = min(30, (frame.height - 28) / Double(max(1, fleet.count)))
        canvas.drawText("FLEET TO PLACE", x: frame.minX + 10, y: frame.minY + 8, style: Self.caption)
        let longest = fleet.map(\.length).max() ?? 1
        for (index, ship) in fleet.enumerated() {
            let y = frame.minY + 26 + Double(index) * rowHeight
            let isNext = table.shipToPlace(session) == index
            let style = TextStyle(
                size: min(13, max(Self.dockMinimumTextSize, rowHeight * 0.5)), bold: isNext,
                color: placed.isPlaced(index) ? Palette.statusCaption.withAlpha(140) : (isNext ? Palette.aim : Palette.statusText))
            let nameWidth = frame.width * 0.45
            canvas.drawText(
                canvas.fittedText(ship.name.capitalized, maxWidth: nameWidth - 12, style: style),
                x: frame.minX + 10, y: y + rowHeight / 2, style: style, alignment: .leading)
            let square = min(rowHeight * 0.6, (frame.width - nameWidth - 12) / Double(longest))
            // The ship's own sprite, as on the board, a square a cell.
            canvas.drawSprite(
                BroadsideSprites.ship(length: ship.length, heading: .across), x: frame.minX + nameWidth, y: y + (rowHeight - square) / 2,
                width: square * Double(ship.length), height: square,
                tint: placed.isPlaced(index) ? Palette.ship.withAlpha(70) : (isNext ? Palette.aim : Palette.ship))
        }
    }
}
