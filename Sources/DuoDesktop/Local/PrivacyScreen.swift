import DuoPlatform
import TabletopEngine

/// The privacy screen between two people's turns on one device
/// (``LocalMatchGame``): a curtain over every pane, who is to take the
/// device, and the control they press once they hold it. It draws nothing
/// of either seat: it is given no view to draw.
public enum PrivacyScreen {
    /// The element saying who takes the device.
    public static let message = "privacy-message"
    /// The control the next player presses once they hold the device.
    public static let takeDevice = "take-device"

    /// The privacy screen: the message, the control and help; nothing of either seat.
    public static let screen = HUDScreen(
        name: "privacy",
        elements: [
            .status(message, height: 56, minimumWidth: 200),
            .control(takeDevice, height: 64, minimumWidth: 200, maximumWidth: 360),
            .control(DesktopElementID.help),
        ])

    static let caption = TextStyle(size: 10.5, bold: true, color: Palette.statusCaption)
    static let value = TextStyle(size: 13.5, bold: true, color: Palette.statusText)
    static let buttonLabel = TextStyle(size: 14.5, bold: true, color: Palette.buttonText)
    static let buttonHint = TextStyle(size: 10.5, color: RGBAColor(hex: 0xCFE3F2))
    static let detail = TextStyle(size: 15, color: Palette.statusCaption)

    /// The headline for the player who is to take the device (`Player 2, take the device`).
    public static func headline(for player: String) -> String { "\(player), take the device" }
    /// The line in the middle of the curtain.
    public static func detail(for player: String) -> String { "Only \(player) should look now" }
    /// The take-the-device control's label.
    public static let buttonText = "I have the device"

    /// The texts the privacy screen sets in its elements, as it sets them, for `duo lint`'s text-fit rule.
    /// - Parameter players: every name a player is given (`Player 1`, `Player 2`).
    public static func lintTexts(players: [String]) -> [HUDText] {
        players.map {
            HUDText(
                element: message, text: headline(for: $0), size: value.size, maxLines: 2, topInset: 18, bottomInset: 4, lineSpacing: 17 / value.size)
        } + [
            HUDText(element: takeDevice, text: buttonText, size: buttonLabel.size, horizontalInset: 6),
            HUDText(element: takeDevice, text: "Enter", size: buttonHint.size, bold: false, horizontalInset: 6),
        ]
    }

    /// Paints the curtain, `headline` in the message cell, `detail` in the middle of the first pane and `button` on the control.
    static func paint(on canvas: Canvas, layout: HUDLayout, headline: String, detail: String, button: String) {
        for pane in layout.panes {
            canvas.fillRect(x: pane.frame.minX, y: pane.frame.minY, width: pane.frame.width, height: pane.frame.height, color: Palette.curtain)
        }
        if let pane = layout.panes.first {
            // In a narrow pane (a book's short half) the words wrap and shrink: they are never cut.
            let frame = pane.contentFrame
            let fitted = canvas.fitParagraph(detail, maxWidth: frame.width, maxLines: 2, style: Self.detail)
            let style = TextStyle(size: fitted.size, color: Self.detail.color)
            let lineHeight = fitted.size * 1.25
            let top = frame.midY - Double(fitted.lines.count) * lineHeight / 2
            for (index, line) in fitted.lines.enumerated() {
                canvas.drawText(line, x: frame.midX, y: top + (Double(index) + 0.5) * lineHeight, style: style, alignment: .center)
            }
        }
        for placement in layout.placements {
            let frame = placement.frame
            switch placement.id {
            case Self.message:
                canvas.fillRoundedRect(
                    x: frame.minX, y: frame.minY, width: frame.width, height: frame.height, radius: 8, color: Palette.statusBackground)
                canvas.drawText("PRIVACY", x: frame.minX + 8, y: frame.minY + 4, style: Self.caption)
                let fitted = canvas.fitParagraph(headline, maxWidth: frame.width - 16, maxLines: 2, style: Self.value)
                canvas.drawParagraph(fitted, x: frame.minX + 8, y: frame.minY + 18, style: Self.value, lineSpacing: 17 / fitted.size)
            case Self.takeDevice:
                drawButton(on: canvas, button, hint: "Enter", in: frame)
            case DesktopElementID.help:
                drawButton(on: canvas, "Help", hint: "H", in: frame)
            default:
                continue
            }
        }
    }

    private static func drawButton(on canvas: Canvas, _ label: String, hint: String, in frame: Rect) {
        canvas.fillRoundedRect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height, radius: 10, color: Palette.button)
        let showsHint = frame.height >= 44
        let fitted = canvas.fitParagraph(label, maxWidth: frame.width - 12, maxLines: 1, style: Self.buttonLabel)
        canvas.drawText(
            fitted.lines.joined(separator: " "), x: frame.midX, y: showsHint ? frame.midY - 7 : frame.midY,
            style: TextStyle(size: fitted.size, bold: true, color: Self.buttonLabel.color), alignment: .center)
        if showsHint { canvas.drawText(hint, x: frame.midX, y: frame.midY + 11, style: Self.buttonHint, alignment: .center) }
    }
}
