import Broadside
import DuoDesktop
import TabletopEngine

extension VictoryPhotoScreen {
    /// Broadside's screen: turn, score and news, the preview, the final
    /// boards (optional: worth showing, not worth hiding the photo for; only
    /// looked at, since the match is over), the photo's buttons and a new game.
    public static func screen(for hud: BroadsideHUD) -> HUDScreen {
        let grid = hud.grid
        let board = grid.minimumCellSide * (Double(max(hud.rows, hud.columns)) + grid.labelCells)
        let elements: [HUDElement] =
            [
                .status(BroadsideHUD.ElementID.turn, height: 56, minimumWidth: 150),
                .status(BroadsideHUD.ElementID.score, height: 56, minimumWidth: 150),
                .status(BroadsideHUD.ElementID.news, height: BroadsideHUD.newsHeight, minimumWidth: 150),
                preview,
                .board(
                    BroadsideHUD.ElementID.primaryBoard, anchor: .primaryBoard, aspectRatio: grid.aspectRatio,
                    minimumSide: board, touchGrid: grid, isInteractive: false, isOptional: true),
            ] + controls + [.control(BroadsideHUD.ElementID.newGame)]
        return HUDScreen(name: "victory photo", elements: elements)
    }
}
