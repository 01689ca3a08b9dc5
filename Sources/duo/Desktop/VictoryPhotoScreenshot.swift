import DuoDesktop
import Foundation

/// `duo screenshot --victory-photo`: the match played to its end by bots on
/// both seats, as `--shots` plays it, and the victory photo that opens for
/// the winner, when a person won.
enum VictoryPhotoScreenshot {
    /// Plays the session's match to its end and checks the victory photo opened.
    /// - Throws: ``DesktopError`` when no person won (a bot has no view to
    ///   photograph) or the photo could not open.
    static func prepare(_ session: DesktopSession) throws {
        // No match lasts more turns than both boards have cells; playing stops at its end anyway.
        let board = session.table.game.rules.board
        session.playDemoTurns(2 * board.rows * board.columns + 2)
        if let error = session.victoryPhotos.lastError {
            throw DesktopError(cause: error.description, fix: "use a profile with a camera rig in Assets/cameras")
        }
        guard !session.victoryPhotos.flow.isOpen else { return }
        let winner = session.table.state.winner.map { session.table.name(of: $0) } ?? "nobody"
        throw DesktopError(cause: "the match of this seed ends with \(winner) winning: no person won, so no victory photo opens",
                           fix: "add --pass-and-play, or try another --seed")
    }
}
