import DuoPlatform

extension Palette {
    /// Behind the camera picture in the victory photo's preview.
    public static let viewfinder = RGBAColor(hex: 0x03070B)
    /// The outer display inset's caption in the window.
    public static let insetCaption = RGBAColor(hex: 0x9FB3C6)
}
