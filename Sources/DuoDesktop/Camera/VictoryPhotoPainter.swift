import DuoPlatform
import TabletopEngine

/// Paints what the victory photo adds to a scene, after the game: the
/// preview and its two buttons (in the app's scene) and the capture
/// accessory's score (in the outer display's scene). Elements a layout does
/// not hold are simply not drawn.
struct VictoryPhotoPainter {
    let canvas: Canvas
    let content: SceneContent

    /// The ids this painter draws, which a game's painter leaves alone.
    static let ownElementIDs = VictoryPhotoScreen.paintedElementIDs

    static let buttonLabel = TextStyle(size: 14.5, bold: true, color: Palette.buttonText)
    static let buttonHint = TextStyle(size: 10.5, color: RGBAColor(hex: 0xCFE3F2))
    static let scoreText = TextStyle(size: 38, bold: true, color: Palette.statusText)
    static let caption = TextStyle(size: 22, bold: true, color: RGBAColor(hex: 0xBFE8CB))

    func draw() {
        guard let photo = content.victoryPhoto else { return }
        let layout = content.layout
        if let preview = photo.preview {
            CameraPreviewPainter(canvas: canvas, layout: layout).draw(preview)
            if let frame = layout.frame(of: VictoryPhotoScreen.ElementID.takePhoto) { drawButton(frame, label: "Take photo", hint: "T") }
            if let frame = layout.frame(of: VictoryPhotoScreen.ElementID.closePhoto) { drawButton(frame, label: "Close camera", hint: "Esc") }
        }
        if let score = photo.score, let frame = layout.frame(of: AccessoryScoreScene.ElementID.score) {
            drawScore(score, in: frame)
        }
    }

    /// A button in the games' style: a raised face, the label, the key under it.
    private func drawButton(_ frame: Rect, label: String, hint: String) {
        canvas.fillRoundedRect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height, radius: 10, color: Palette.button)
        canvas.fillRect(x: frame.minX + 10, y: frame.maxY - 3, width: frame.width - 20, height: 2, color: RGBAColor(hex: 0x000000, alpha: 60))
        let showsHint = frame.height >= 44
        canvas.drawText(
            canvas.fittedText(label, maxWidth: frame.width - 12, style: Self.buttonLabel),
            x: frame.midX, y: showsHint ? frame.midY - 7 : frame.midY, style: Self.buttonLabel, alignment: .center)
        if showsHint {
            canvas.drawText(hint, x: frame.midX, y: frame.midY + 11, style: Self.buttonHint, alignment: .center)
        }
    }

    /// The headline as large as fits the cell (the outer display is narrow in
    /// portrait), then the score's lines one under the other.
    private func drawScore(_ score: AccessoryScore, in frame: Rect) {
        canvas.fillRoundedRect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height, radius: 16, color: Palette.yourTurn)
        canvas.drawText("VICTORY", x: frame.minX + 16, y: frame.minY + 12, style: Self.caption)
        let width = frame.width - 32
        var size = 52.0
        while size > 24, canvas.measureText(score.headline, style: TextStyle(size: size, bold: true, color: Palette.statusText)).width > width {
            size -= 2
        }
        let headline = TextStyle(size: size, bold: true, color: Palette.statusText)
        var y = frame.minY + 44
        canvas.drawText(canvas.fittedText(score.headline, maxWidth: width, style: headline), x: frame.minX + 16, y: y, style: headline)
        y += size * 1.25
        // The score's lines at one size, as large as lets every one fit whole (never cut, none left out).
        var lines = TextStyle(size: Self.scoreText.size, bold: true, color: Self.scoreText.color)
        func fits(_ style: TextStyle) -> Bool {
            y + Double(score.lines.count) * style.size * 1.2 <= frame.maxY
                && score.lines.allSatisfy { canvas.measureText($0, style: style).width <= width }
        }
        while lines.size > Self.smallestScoreSize, !fits(lines) { lines.size -= 2 }
        for line in score.lines where y + lines.size * 1.2 <= frame.maxY {
            canvas.drawText(canvas.fittedText(line, maxWidth: width, style: lines), x: frame.minX + 16, y: y, style: lines)
            y += lines.size * 1.2
        }
    }

    /// The smallest the score's lines shrink to: the outer display is read from across the table.
    static let smallestScoreSize = 16.0
}
