import Broadside
import DuoPlatform
import TabletopEngine

/// Paints what the victory photo adds to a scene, after the game: the
/// preview element (in the app's scene) and the capture accessory's cells
/// (in the outer display's scene). Elements of either that a layout does
/// not hold are simply not drawn.
struct VictoryPhotoPainter {
    let canvas: Canvas
    let content: SceneContent

    /// The ids this painter draws, which the game's painter leaves alone.
    static let ownElementIDs: Set<String> = [
        VictoryPhotoScreen.ElementID.preview, AccessoryScoreScene.ElementID.score,
    ]

    static let scoreText = TextStyle(size: 38, bold: true, color: Palette.statusText)
    static let caption = TextStyle(size: 22, bold: true, color: RGBAColor(hex: 0xBFE8CB))

    func draw() {
        if let preview = content.victoryPhoto {
            CameraPreviewPainter(canvas: canvas, layout: content.layout).draw(preview)
        }
        if let frame = content.layout.frame(of: AccessoryScoreScene.ElementID.score) {
            drawScore(frame)
        }
    }

    /// Who won, for the outer display's viewer.
    static func winnerLine(_ table: BroadsideTable) -> String {
        guard let winner = table.state.winner else { return "Match over" }
        if case .versusBot = table.mode, winner == .first { return "You win!" }
        return "\(table.name(of: winner)) wins!"
    }

    /// The winner's line as large as fits the cell (the outer display is
    /// narrow in portrait), then the score's parts one per line.
    private func drawScore(_ frame: Rect) {
        canvas.fillRoundedRect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height, radius: 16, color: Palette.yourTurn)
        canvas.drawText("VICTORY", x: frame.minX + 16, y: frame.minY + 12, style: Self.caption)
        let width = frame.width - 32
        let winner = Self.winnerLine(content.table)
        var size = 52.0
        while size > 24, canvas.measureText(winner, style: TextStyle(size: size, bold: true, color: Palette.statusText)).width > width {
            size -= 2
        }
        let winnerStyle = TextStyle(size: size, bold: true, color: Palette.statusText)
        var y = frame.minY + 44
        canvas.drawText(canvas.fittedText(winner, maxWidth: width, style: winnerStyle), x: frame.minX + 16, y: y, style: winnerStyle)
        y += size * 1.25
        for line in content.table.scoreParts where y + Self.scoreText.size * 1.2 <= frame.maxY {
            canvas.drawText(canvas.fittedText(line, maxWidth: width, style: Self.scoreText), x: frame.minX + 16, y: y, style: Self.scoreText)
            y += Self.scoreText.size * 1.2
        }
    }
}
