import DuoNet
import Foundation
import TabletopEngine

extension MatchServer {
    /// Answers `resume` or `watch` of a match this server no longer holds in
    /// memory but finished within the retention period (after a restart, or
    /// once its players left), from its replay in `DATA/replays`.
    ///
    /// `watch` gets `watching`, the final public view and `ended`; `resume`
    /// gets `ended` alone. The result is public (any spectator sees it), so
    /// no token is checked: the replay keeps none. The connection stays in
    /// the lobby.
    /// - Returns: false when there is no such finished match (the caller
    ///   answers `unknownMatch`).
    func answerFromReplay(_ code: String, for request: String, to connection: ConnectionID) -> Bool {
        // The code becomes a file name: only well-formed codes get that far.
        guard MatchCodes.isWellFormed(code), let (session, game) = finishedSession(code), let result = session.result else { return false }
        if request == "watch" {
            let rules = (try? loadGame(named: game.game, variant: game.variant).get())?.rulesJSON ?? Data("{}".utf8)
            send(ServerLine.watching(code: code, game: game.game, variant: game.variant, rules: rules), to: connection)
            send(
                ServerLine.view(
                    code: code, seat: nil, moves: session.moveCount, toMove: session.seatsToMove,
                    view: session.publicViewJSON()), to: connection)
        }
        send(ServerLine.ended(code: code, result: result), to: connection)
        return true
    }

    /// Whether `code` is a match this server finished and still answers for
    /// (its replay is within the retention period).
    func isFinishedAndKept(_ code: String) -> Bool {
        MatchCodes.isWellFormed(code) && finishedSession(code) != nil
    }

    /// The finished match `code` rebuilt from its replay, if the replay is
    /// there, within the retention period, and readable.
    private func finishedSession(_ code: String) -> (session: any GameSession, header: ReplayHeader)? {
        let url = store.replayURL(code)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            let written = attributes[.modificationDate] as? Date
        else { return nil }
        if let retention = configuration.finishedRetention {
            let age = Date().timeIntervalSince(written)
            guard age <= Double(retention.components.seconds) else { return nil }
        }
        do {
            let replay = try Data(contentsOf: url)
            guard let first = ReplayLines.split(replay).first?.text else { return nil }
            let header = try JSONDecoder().decode(ReplayHeader.self, from: first)
            let game = try loadGame(named: header.game, variant: header.variant).get()
            let session = try game.resumeSession(from: replay)
            return session.result == nil ? nil : (session, header)
        } catch {
            log("replay \(url.lastPathComponent): cannot be read back: \(error)")
            return nil
        }
    }
}
