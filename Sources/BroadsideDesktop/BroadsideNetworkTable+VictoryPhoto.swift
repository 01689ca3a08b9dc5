import Broadside
import DuoDesktop
import TabletopEngine

/// Broadside's victory photo: the seat's own win (against a bot, or either
/// player passing the device) opens it on the game-over screen with the
/// preview where the own fleet was. The engine knows the win from the seat's session.
extension BroadsideNetworkTable: VictoryPhotoTable {
    /// Ships afloat and matches won, the viewer's first.
    public func scoreLines(session: SeatSession) -> [String] { scoreParts(session) }

    /// The game-over screen with the preview on the upright half.
    public func victoryPhotoScreen(session: SeatSession) -> HUDScreen { VictoryPhotoScreen.screen(for: hud) }
}
