import DuoArguments
import DuoDesktop
import Foundation

/// `duo screenshot --victory-photo`: the match played to its end by bots on
/// both seats, as `--shots` plays it, and the victory photo that opens for
/// the winner, when a person won. Any game that conforms to
/// ``VictoryPhotoGame`` has one.
enum VictoryPhotoScreenshot {
    /// More turns than any match lasts: playing stops at the match's end, so
    /// this only bounds a game whose bots cannot finish.
    static let turnLimit = 10_000

    /// Plays the session's match to its end and checks the victory photo opened.
    /// - Throws: ``ArgumentError`` when the game has no victory photo;
    ///   ``DesktopError`` when no person won (a bot has no view to
    ///   photograph) or the photo could not open.
    static func prepare(_ session: DesktopSession) throws {
        guard session.game is any VictoryPhotoGame else {
            throw ArgumentError("--victory-photo needs a game with a victory photo, and \(session.game.title) has none")
        }
        session.playDemoTurns(turnLimit)
        if let error = session.victoryPhotos.lastError {
            throw DesktopError(cause: error.description, fix: "use a profile with a camera rig in Assets/cameras")
        }
        guard !session.victoryPhotos.flow.isOpen else { return }
        let ended = (session.game as? any VictoryPhotoGame)?.isMatchOver ?? false
        throw DesktopError(
            cause: ended
                ? "the match of this seed ends with a bot winning: no person won, so no victory photo opens"
                : "the match of this seed did not end in \(turnLimit) turns, so no victory photo opens",
            fix: "add --pass-and-play, or try another --seed")
    }
}
