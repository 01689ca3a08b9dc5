import TabletopEngine

/// What the victory photo needs from a game, read-only: whether a person
/// has just won a match, what to say about it, and the HUD screen to show
/// while the camera is open. A ``NetworkGame`` of a ``VictoryPhotoTable`` is one
/// (Broadside's, in `BroadsideNetworkTable+VictoryPhoto.swift`), and a
/// ``LocalMatchGame`` of such a table takes the photo of the table shown; any desktop game can be.
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

/// A ``SeatTable`` that takes the victory photo: the engine knows from the
/// seat's session when a person won (a ``NetworkGame`` of it, and a
/// ``LocalMatchGame`` of the table shown, are ``VictoryPhotoGame``s); the table
/// gives the score to show and the screen with the preview.
public protocol VictoryPhotoTable: SeatTable {
    /// The score in a few short lines, for the capture accessory.
    func scoreLines(session: SeatSession) -> [String]
    /// The HUD screen while the photo is open (see ``VictoryPhotoGame/victoryPhotoScreen``).
    func victoryPhotoScreen(session: SeatSession) -> HUDScreen
}

extension NetworkGame: VictoryPhotoGame where Table: VictoryPhotoTable {
    /// The matches this table has been seated in.
    public var matchNumber: Int { session.matchesSeen }
    /// Whether the host sent the match's result.
    public var isMatchOver: Bool { session.result != nil }
    /// `You win!`, when this table's seat won.
    public var personVictory: String? {
        guard let result = session.result, let winner = result.winner, session.isYou(winner) else { return nil }
        return "You win!"
    }
    /// The table's score lines.
    public var scoreLines: [String] { table.scoreLines(session: session) }
    /// The table's photo screen.
    public var victoryPhotoScreen: HUDScreen { table.victoryPhotoScreen(session: session) }
}
