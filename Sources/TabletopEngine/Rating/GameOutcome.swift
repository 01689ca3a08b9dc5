/// How one match of a batch ended for bot A (the first of `--bots A,B`),
/// whichever seat A sat in: the unit the rating and the SPRT count.
///
/// Written one character per match (`W`, `D`, `L`) into ``BatchReport/outcomes``
/// when an SPRT runs, so that shards can be merged into the same sequential test.
public enum GameOutcome: Character, Sendable, Codable, CaseIterable {
    /// A won.
    case win = "W"
    /// Neither won.
    case draw = "D"
    /// B won.
    case loss = "L"

    /// A's points: 1, 0.5 or 0, in half points (2, 1, 0) so sums stay integers.
    @inlinable public var halfPoints: Int {
        switch self {
        case .win: 2
        case .draw: 1
        case .loss: 0
        }
    }

    /// The outcome for A of a match whose result is `winner` (nil: a draw)
    /// when A sat in `seatOfA`.
    @inlinable public init(winner: Seat?, seatOfA: Seat) {
        guard let winner else {
            self = .draw
            return
        }
        self = winner == seatOfA ? .win : .loss
    }
}
