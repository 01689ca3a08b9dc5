import DuoPlatform

/// The colours of the desktop front end, in one place so the look is
/// consistent and the pixel tests can name what they look for.
public enum Palette {
    /// Behind the device in the window.
    public static let windowBackground = RGBAColor(hex: 0x16191E)
    /// The device's body around the display.
    public static let bezel = RGBAColor(hex: 0x07080A)
    /// A thin highlight on the bezel's edge.
    public static let bezelEdge = RGBAColor(hex: 0x2C3038)

    /// Background of the upright (or leading) panel.
    public static let uprightSea = RGBAColor(hex: 0x0F2437)
    /// Background of the flat (or trailing, or only) panel.
    public static let flatSea = RGBAColor(hex: 0x0B2F45)
    /// The swell's wave lines.
    public static let swell = RGBAColor(hex: 0x4C8DB8, alpha: 90)
    /// The glare's brightest colour.
    public static let glare = RGBAColor(hex: 0xFFFFFF)

    /// Water of a board's cells.
    public static let water = RGBAColor(hex: 0x1C5B82)
    /// Water of the target board (the opponent's, fired at).
    public static let targetWater = RGBAColor(hex: 0x164A6E)
    /// Grid lines.
    public static let gridLine = RGBAColor(hex: 0x3A86B5)
    /// Row and column labels.
    public static let boardLabel = RGBAColor(hex: 0xA7C8DF)
    /// A ship afloat.
    public static let ship = RGBAColor(hex: 0x9AA6B2)
    /// A ship's outline.
    public static let shipEdge = RGBAColor(hex: 0x4E5964)
    /// A sunk ship.
    public static let sunkShip = RGBAColor(hex: 0x6E2A22)
    /// A hit.
    public static let hit = RGBAColor(hex: 0xF0582F)
    /// A miss.
    public static let miss = RGBAColor(hex: 0xD9E7F1)
    /// The cell or ship under the pointer.
    public static let aim = RGBAColor(hex: 0xFFD84A)
    /// A placement that is not allowed.
    public static let illegal = RGBAColor(hex: 0xE04040, alpha: 150)
    /// Advice about a refused move in the news (light red, readable on the status background).
    public static let adviceText = RGBAColor(hex: 0xFF9F8F)

    /// Status cell background.
    public static let statusBackground = RGBAColor(hex: 0x08141F, alpha: 220)
    /// Status cell caption.
    public static let statusCaption = RGBAColor(hex: 0x7FA8C8)
    /// Status text.
    public static let statusText = RGBAColor(hex: 0xF2F6FA)
    /// A status cell that says it is the viewer's turn.
    public static let yourTurn = RGBAColor(hex: 0x1F6B3A, alpha: 235)
    /// Button face.
    public static let button = RGBAColor(hex: 0x2C6E9C)
    /// Button label.
    public static let buttonText = RGBAColor(hex: 0xFFFFFF)
    /// The privacy screen's curtain.
    public static let curtain = RGBAColor(hex: 0x101418)
    /// Banner background.
    public static let banner = RGBAColor(hex: 0x000000, alpha: 190)
    /// The notice strip (a networked game's connection), all is well.
    public static let notice = RGBAColor(hex: 0x10324B, alpha: 240)
    /// The notice strip reporting trouble (reconnecting, lost).
    public static let noticeWarning = RGBAColor(hex: 0x4A2412, alpha: 240)
    /// The notice's headline (the match code).
    public static let noticeHeadline = RGBAColor(hex: 0xFFD84A)
    /// The notice's headline when reporting trouble.
    public static let noticeWarningText = RGBAColor(hex: 0xFFB48A)

    /// The crease at the centre of an active fold.
    public static let crease = RGBAColor(hex: 0x050607)
    /// The margins of an active fold band.
    public static let creaseShadow = RGBAColor(hex: 0x000000, alpha: 110)
    /// Camera holes.
    public static let cameraHole = RGBAColor(hex: 0x000000)
    /// The outer display's status strip.
    public static let statusArea = RGBAColor(hex: 0x15181D)

    /// Debug overlay: an active region.
    public static let activeRegion = RGBAColor(hex: 0xFF2BD6, alpha: 90)
    /// Debug overlay: an active region's outline and label.
    public static let activeRegionEdge = RGBAColor(hex: 0xFF2BD6)
    /// Debug overlay: an inactive region's outline and label.
    public static let inactiveRegionEdge = RGBAColor(hex: 0x35E0FF)

    /// The status line under the device.
    public static let statusLine = RGBAColor(hex: 0xC9D3DD)
    /// The help overlay's background.
    public static let helpBackground = RGBAColor(hex: 0x05070A, alpha: 225)
}
