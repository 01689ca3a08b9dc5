import DuoSupport
import Foundation

extension TabletopGame {
    /// Reads a move from the JSON a player sent, as every host does (the
    /// server's `move`, an outside bot's answer): the game's own reader,
    /// else the decoder. JSON that is not a move of the game is refused with
    /// the game's own refusal when it has one (``rejection(ofUndecodableMove:)``),
    /// else with `badMove` naming what did not decode.
    /// - Throws: the ``SessionRejection`` a host answers with.
    public func move(fromJSON json: Data) throws(SessionRejection) -> Move {
        if let move = decodeMove(canonicalJSON: json) { return move }
        do throws(DataFileError) {
            return try DataFileDecoder.decodeIgnoringUnknownFields(Move.self, from: json)
        } catch {
            if let refusal = rejection(ofUndecodableMove: json) { throw SessionRejection(code: refusal.code, message: refusal.message) }
            throw SessionRejection(code: SessionRejection.badMoveCode, message: "not a \(Self.name) move: \(error)")
        }
    }
}
