import Broadside
import TabletopEngine

/// The HUD screen of the victory photo: the game-over screen with the
/// camera preview where the own fleet was (the secondary-board role, so
/// the fold-aware layout puts it on the upright half), and the shutter and
/// close buttons with the other controls under the thumbs. Declared by
/// role, like every Broadside screen, so `duo lint` checks it too.
public enum VictoryPhotoScreen {
    /// Element ids of the victory photo, next to Broadside's own.
    public enum ElementID {
        /// The live camera preview.
        public static let preview = "photo-preview"
        /// The shutter: takes the photo.
        public static let takePhoto = "take-photo"
        /// Closes the camera and goes back to the game-over screen.
        public static let closePhoto = "close-photo"
    }

    /// The smallest preview side in points: the simulated sensor's short side
    /// (120 px) and a caption line, so the picture is never shrunk below one
    /// screen point per sensor pixel.
    public static let minimumPreviewSide = 150.0

    /// The screen for a game's HUD. Square, because the picture turns
    /// between landscape and portrait with the angles while the layout must
    /// not depend on them; the picture is fitted inside.
    public static func screen(for hud: BroadsideHUD) -> HUDScreen {
        let grid = hud.grid
        let board = grid.minimumCellSide * (Double(max(hud.rows, hud.columns)) + grid.labelCells)
        let elements: [HUDElement] = [
            .status(BroadsideHUD.ElementID.turn, height: 56, minimumWidth: 150),
            .status(BroadsideHUD.ElementID.score, height: 56, minimumWidth: 150),
            .status(BroadsideHUD.ElementID.news, height: 56, minimumWidth: 150),
            .board(ElementID.preview, anchor: .secondaryBoard, aspectRatio: 1, minimumSide: minimumPreviewSide,
                   isInteractive: false),
            // The final boards are worth showing, not worth hiding the photo for.
            .board(BroadsideHUD.ElementID.primaryBoard, anchor: .primaryBoard, aspectRatio: grid.aspectRatio,
                   minimumSide: board, touchGrid: grid, isOptional: true),
            .control(ElementID.takePhoto, minimumWidth: 120),
            .control(ElementID.closePhoto),
            .control(BroadsideHUD.ElementID.newGame),
        ]
        return HUDScreen(name: "victory photo", elements: elements)
    }
}
