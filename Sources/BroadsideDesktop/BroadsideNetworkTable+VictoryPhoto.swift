import Broadside
import DuoDesktop
import TabletopEngine

/// Broadside's victory photo at a view-painted table: the seat's own win
/// (against a bot, or either player passing the device) opens it on the
/// game-over screen with the preview where the own fleet was. A
/// `LocalMatchGame` of this table takes the photo of the table shown.
extension BroadsideNetworkTable: VictoryPhotoGame {
    /// The matches this table has been seated in.
    public var matchNumber: Int { matchesSeen }

    /// Whether a fleet is sunk (or the match ended otherwise).
    public var isMatchOver: Bool { result != nil || view.phase == .over }

    /// `You win!`, when this table's seat won.
    public var personVictory: String? {
        guard isMatchOver, !isSpectator, let seat, (result?.winner ?? view.winner) == seat else { return nil }
        return "You win!"
    }

    /// Ships afloat and matches won, the viewer's first.
    public var scoreLines: [String] { scoreParts }

    /// The game-over screen with the preview on the upright half.
    public var victoryPhotoScreen: HUDScreen { VictoryPhotoScreen.screen(for: hud) }
}
