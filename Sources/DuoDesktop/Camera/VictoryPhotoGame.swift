import TabletopEngine

/// What the victory photo needs from a game, read-only: whether a person
/// has just won a match, what to say about it, and the HUD screen to show
/// while the camera is open. Broadside conforms in
/// `BroadsideNetworkTable+VictoryPhoto.swift` (and a ``LocalMatchGame`` of a table that
/// conforms takes the photo of the table shown); any desktop game can.
public protocol VictoryPhotoGame {
    /// Which match is played: it changes whenever a new one starts.
    var matchNumber: Int { get }
    /// Whether the current match is over.
    var isMatchOver: Bool { get }
    /// The headline of a person's victory (`You win!`, `Player 2 wins!`);
    /// nil while the match runs or when a bot won it (a bot has no view to
    /// photograph).
    var personVictory: String? { get }
    /// The score in a few short lines, for the capture accessory.
    var scoreLines: [String] { get }
    /// The HUD screen while the photo is open: the game's final screen with
    /// ``VictoryPhotoScreen/preview`` (on the upright half) and
    /// ``VictoryPhotoScreen/controls`` among its elements.
    var victoryPhotoScreen: HUDScreen { get }
}
