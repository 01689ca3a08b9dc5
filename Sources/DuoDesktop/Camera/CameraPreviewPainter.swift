import DuoPlatform
import TabletopEngine

/// Draws the victory photo's preview element in scene points: a dark
/// viewfinder, the camera picture fitted inside (drawn as delivered: the
/// connection has already levelled and mirrored it), the shutter's flash,
/// and the camera's name underneath.
struct CameraPreviewPainter {
    let canvas: Canvas
    let layout: HUDLayout

    static let caption = TextStyle(size: 11.5, bold: true, color: Palette.statusCaption)
    static let placeholder = TextStyle(size: 13, color: Palette.statusText)

    func draw(_ preview: VictoryPhotoPreview) {
        guard let frame = layout.frame(of: VictoryPhotoScreen.ElementID.preview) else { return }
        canvas.fillRoundedRect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height, radius: 10, color: Palette.viewfinder)
        if let image = preview.image {
            let picture = VictoryPhotoPreview.pictureFrame(imageWidth: image.width, imageHeight: image.height, in: frame)
            canvas.drawCameraFrame(image, x: picture.minX, y: picture.minY, width: picture.width, height: picture.height)
            let alpha = UInt8((preview.flash * 255).rounded())
            if alpha > 0 {
                canvas.fillRect(
                    x: picture.minX, y: picture.minY, width: picture.width, height: picture.height,
                    color: RGBAColor(hex: 0xFFFFFF, alpha: alpha))
            }
        } else {
            let lines = canvas.wrappedLines(preview.placeholder, maxWidth: frame.width - 24, style: Self.placeholder, maxLines: 5)
            let top = frame.midY - VictoryPhotoPreview.captionHeight / 2 - Double(lines.count - 1) * 9
            for (index, line) in lines.enumerated() {
                canvas.drawText(line, x: frame.midX, y: top + Double(index) * 18, style: Self.placeholder, alignment: .center)
            }
        }
        canvas.drawText(
            canvas.fittedText(preview.caption, maxWidth: frame.width - 16, style: Self.caption),
            x: frame.midX, y: frame.maxY - VictoryPhotoPreview.captionHeight / 2 - 2, style: Self.caption, alignment: .center)
    }
}
