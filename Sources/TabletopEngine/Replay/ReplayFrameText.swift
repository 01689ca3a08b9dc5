import Foundation

/// One step of a replay, as one seat (or a spectator) saw it, in text: what
/// `duo-server replay --seat N` prints.
public struct ReplayFrameText: Equatable, Sendable {
    /// The replay line of the move.
    public var line: Int
    /// The move's number, from 1.
    public var number: Int
    /// Who moved.
    public var mover: Seat
    /// The move's JSON when the viewer could see it; nil when it was secret.
    public var move: String?
    /// The viewer's view after the move, as JSON with sorted keys.
    public var viewJSON: String
    /// The viewer's view after the move, as the game draws it in text.
    public var picture: String

    /// Makes a frame.
    public init(line: Int, number: Int, mover: Seat, move: String?, viewJSON: String, picture: String) {
        self.line = line
        self.number = number
        self.mover = mover
        self.move = move
        self.viewJSON = viewJSON
        self.picture = picture
    }

    /// Verifies `data` and returns each move as `viewer` saw it; a nil viewer
    /// is a spectator (public view, public moves only).
    /// - Throws: ``ReplayError`` naming the first line that disagrees.
    public static func frames<Game: TabletopGame>(of data: Data, game: Game, viewer: Seat?) throws(ReplayError) -> [ReplayFrameText] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        func json<Value: Encodable>(_ value: Value) -> String {
            (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
        }
        var frames: [ReplayFrameText] = []
        _ = try ReplayPlayback(data, game: game) { line, seat, move, state in
            let visible = game.visibleMove(move, by: seat, to: viewer).map(json)
            if let viewer {
                let view = game.seatView(of: state, for: viewer)
                frames.append(
                    ReplayFrameText(
                        line: line, number: frames.count + 1, mover: seat, move: visible,
                        viewJSON: json(view), picture: game.describe(view)))
            } else {
                let view = json(game.publicView(of: state))
                frames.append(
                    ReplayFrameText(
                        line: line, number: frames.count + 1, mover: seat, move: visible,
                        viewJSON: view, picture: view))
            }
        }
        return frames
    }
}
