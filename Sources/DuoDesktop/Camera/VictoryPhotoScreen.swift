import TabletopEngine

/// The victory photo's part of a HUD screen: the camera preview, declared
/// with the secondary-board role so the fold-aware layout puts it on the
/// upright half, and the shutter and close buttons, under the thumbs with
/// the other controls. A game adds them to its final screen
/// (``VictoryPhotoGame/victoryPhotoScreen``); `duo lint` checks the result.
public enum VictoryPhotoScreen {
    /// Element ids of the victory photo (drawn and handled by the photo, not the game).
    public enum ElementID {
        /// The live camera preview.
        public static let preview = "photo-preview"
        /// The shutter: takes the photo.
        public static let takePhoto = "take-photo"
        /// Closes the camera and goes back to the game's own screen.
        public static let closePhoto = "close-photo"

        /// Every id of the photo's elements.
        public static let all: Set<String> = [preview, takePhoto, closePhoto]
    }

    /// Every id the victory photo paints itself, in the app's scene and in the
    /// capture accessory's: a game's painter (``DesktopGame/paint(on:layout:context:effect:)``)
    /// leaves these alone rather than drawing them as its own controls.
    public static let paintedElementIDs: Set<String> = ElementID.all.union([AccessoryScoreScene.ElementID.score])

    /// The smallest preview side in points: the simulated sensor's short side
    /// (120 px) and the caption band, so the picture is never shrunk below
    /// one point per sensor pixel.
    public static let minimumPreviewSide = 150.0

    /// The preview. Square, because the picture turns between landscape and
    /// portrait with the angles while the layout must not depend on them;
    /// the picture is fitted inside.
    public static let preview = HUDElement.board(
        ElementID.preview, anchor: .secondaryBoard, aspectRatio: 1,
        minimumSide: minimumPreviewSide, isInteractive: false)

    /// The shutter and close buttons.
    public static let controls: [HUDElement] = [.control(ElementID.takePhoto, minimumWidth: 120), .control(ElementID.closePhoto)]
}
