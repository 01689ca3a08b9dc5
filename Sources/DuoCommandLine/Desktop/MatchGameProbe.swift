import DuoNet
import Foundation

/// Which game a match on a server is, asked before the window opens, so
/// `duo --connect ... --join CODE` (or `--spectate`, `--resume`) with no
/// `--game` opens the match's own table: the server answers `watch` with
/// `watching`, which names the game. A name lookup waits the same way,
/// before the window; the window itself never waits on the network.
enum MatchGameProbe {
    /// How long the probe may take in all; past it the window opens with the default game.
    static let timeout = Duration.seconds(2)

    /// The game of match `code` on the server at `address`, or nil when the
    /// server does not say in time (unreachable, no such match, an old server):
    /// the window then opens as it would have, and says what it learns.
    static func game(of code: String, at address: SocketAddress, timeout: Duration = Self.timeout) -> String? {
        let deadline = ContinuousClock.now + timeout
        guard let socket = try? LineSocket(connectingTo: address, timeout: timeout) else { return nil }
        defer { socket.close() }
        let hello: [String: Any] = ["type": "hello", "version": 1, "client": "duo"]
        let watch: [String: Any] = ["type": "watch", "code": code]
        for message in [hello, watch] {
            guard let data = try? JSONSerialization.data(withJSONObject: message), let line = String(data: data, encoding: .utf8),
                (try? socket.send(line, timeout: timeout)) != nil
            else { return nil }
        }
        while ContinuousClock.now < deadline {
            guard let line = try? socket.receiveLine(timeout: deadline - ContinuousClock.now),
                let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any],
                let type = object["type"] as? String
            else { return nil }
            switch type {
            case "watching": return object["game"] as? String
            case "error": return nil
            default: continue
            }
        }
        return nil
    }
}
