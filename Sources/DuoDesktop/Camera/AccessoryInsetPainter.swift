import DuoPlatform

/// Draws the capture accessory's inset in window pixels: a caption, the
/// outer display's body, and its scene painted by the same painter as the
/// main scene, scaled down and clipped to the display.
struct AccessoryInsetPainter {
    let canvas: Canvas

    static let title = TextStyle(size: 11.5, bold: true, color: Palette.insetCaption)
    static let subtitle = TextStyle(size: 11, color: Palette.insetCaption)

    func draw(_ inset: AccessoryInset) {
        let layout = inset.layout
        let frame = layout.inset
        let bezel = AccessoryInsetLayout.bezel
        canvas.transform = .identity
        let room = max(frame.width + 2 * bezel, 80)
        canvas.drawText(
            canvas.fittedText("OUTER DISPLAY", maxWidth: room, style: Self.title),
            x: layout.captionOrigin.x, y: layout.captionOrigin.y, style: Self.title)
        canvas.drawText(
            canvas.fittedText("the capture accessory", maxWidth: room, style: Self.subtitle),
            x: layout.captionOrigin.x, y: layout.captionOrigin.y + 15, style: Self.subtitle)
        canvas.fillRoundedRect(
            x: frame.minX - bezel, y: frame.minY - bezel, width: frame.width + 2 * bezel, height: frame.height + 2 * bezel,
            radius: bezel * 2, color: Palette.bezel)
        canvas.clip(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height)
        canvas.transform = CanvasTransform(scale: layout.scale, offsetX: frame.minX, offsetY: frame.minY)
        ScenePainter(canvas: canvas, content: inset.content).draw()
        canvas.transform = .identity
        canvas.unclip()
    }
}
