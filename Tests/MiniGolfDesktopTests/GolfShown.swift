import DuoDesktop
import DuoPlatform
import MiniGolf
import MiniGolfDesktop
import TabletopEngine

/// A golf seat as the tests read it: its table's course and roll (any of
/// `MiniGolfTable`'s properties), with the session's news, wins and result.
@dynamicMemberLookup
struct GolfShown {
    let seat: NetworkGame<MiniGolfNetworkTable>

    init(_ seat: NetworkGame<MiniGolfNetworkTable>) { self.seat = seat }

    subscript<Value>(dynamicMember path: KeyPath<MiniGolfTable, Value>) -> Value { seat.table.table[keyPath: path] }

    /// The caddie camera in a viewport.
    func caddieCamera(in viewport: Rect) -> CaddieCamera { seat.table.table.caddieCamera(in: viewport) }

    /// The news, newest first.
    var news: [String] { seat.session.feed.lines }
    /// The matches each seat won at this table.
    var wins: SeatPair<Int> { seat.session.wins }
    /// The score cell.
    var scoreText: String { seat.table.scoreText(session: seat.session) }
    /// Whether the person may strike now.
    var acceptsStroke: Bool { seat.table.mayStrike(seat.session) }
}
