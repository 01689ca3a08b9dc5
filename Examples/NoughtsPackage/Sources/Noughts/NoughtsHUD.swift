import DuoPlatform
import TabletopEngine

/// The HUD, by role: whose turn and the news on the upright half, the board
/// and the buttons on the flat half (in tabletop); the layout helper does the
/// rest. The engine draws the news (and its notices, the match code too) in
/// the element named `news`.
public enum NoughtsHUD {
    /// The board's touch grid: 3 x 3 cells of at least 56 points.
    public static let grid = HUDElement.TouchGrid(columns: 3, rows: 3, minimumCellSide: 56)

    /// The same grid with smaller cells, still a comfortable touch.
    public static let compactGrid = HUDElement.TouchGrid(columns: 3, rows: 3, minimumCellSide: 40)

    /// The one screen. Where a tabletop fold leaves the flat half too short
    /// for the board (the fold moved towards it, and a camera in use takes
    /// room there), a smaller board keeps it under the thumbs.
    public static let screen = HUDScreen(
        name: "play",
        elements: elements(boardSide: 180, grid: grid),
        fallbacks: [elements(boardSide: 120, grid: compactGrid)])

    private static func elements(boardSide: Double, grid: HUDElement.TouchGrid) -> [HUDElement] {
        [
            .status("turn", minimumWidth: 160),
            .status("news", height: 96, minimumWidth: 160),
            .board("board", anchor: .primaryBoard, minimumSide: boardSide, touchGrid: grid),
            .control("new-game"),
            .control("help"),
        ]
    }
}

/// The HUD for headless checks: `duo-server match --posture-walk` lays it
/// out and checks it at every move, on a device that keeps changing.
extension Noughts: HUDGame {
    /// The one screen, whatever the state and the scene.
    public func hudScreen(for state: State, in context: LayoutContext) -> HUDScreen { NoughtsHUD.screen }
}
