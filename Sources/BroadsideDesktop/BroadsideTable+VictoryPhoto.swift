import Broadside
import DuoDesktop
import TabletopEngine

/// Broadside's victory photo: a person's win (either player in
/// pass-and-play, seat 0 against a bot) opens it on the game-over screen
/// with the preview where the own fleet was.
extension BroadsideTable: VictoryPhotoGame {
    /// The table's match index.
    public var matchNumber: Int { matchIndex }

    /// Whether a fleet is sunk.
    public var isMatchOver: Bool { state.phase == .over }

    /// `You win!` or `Player N wins!`, when a person won.
    public var personVictory: String? {
        guard state.phase == .over, let winner = state.winner else { return nil }
        switch mode {
        case .passAndPlay: return "\(name(of: winner)) wins!"
        case .versusBot: return winner == .first ? "You win!" : nil
        }
    }

    /// Ships afloat and matches won, the viewer's first.
    public var scoreLines: [String] { scoreParts }

    /// The game-over screen with the preview on the upright half.
    public var victoryPhotoScreen: HUDScreen { VictoryPhotoScreen.screen(for: hud) }
}
