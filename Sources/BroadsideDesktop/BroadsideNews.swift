import Broadside
import DuoDesktop
import TabletopEngine

/// How Broadside's events are worded at the desktop table, for the local
/// and the networked table alike: one news line per volley, and the
/// banner a sinking or a victory gets.
enum BroadsideNews {
    /// What a table calls the seats.
    struct Names {
        /// A seat's name as a subject ("You", "The hunt bot", "Player 2").
        var subject: SeatPair<String>
        /// A seat's name as an owner ("your", "their", "Player 2's").
        var owner: SeatPair<String>
        /// The seat called "You", whose verbs take the plural form ("You fire"), if any.
        var you: Seat?

        /// A seat's name with a verb that agrees with it ("You fire", "Player 2 fires").
        func sentence(_ seat: Seat, _ plural: String, _ singular: String) -> String {
            "\(subject[seat]) \(seat == you ? plural : singular)"
        }
    }

    /// The news line of an answered volley, and the banner text when it sank a ship.
    static func volley(_ volley: Volley, rules: BroadsideRules, names: Names) -> (line: String, banner: String?) {
        let shooter = names.subject[volley.shooter]
        let target = volley.shooter.opponent
        let sunkNames = volley.sunk.map { rules.fleet[$0].name }
        let cells = volley.cells.map(\.name).joined(separator: ", ")
        var line: String
        if volley.hits.isEmpty {
            line = "\(shooter) fired at \(cells): miss"
        } else if volley.cells.count == 1 {
            line = "\(shooter) fired at \(cells): hit"
        } else {
            line = "\(shooter) fired at \(cells): \(volley.hits.count) hit\(volley.hits.count == 1 ? "" : "s")"
        }
        guard !sunkNames.isEmpty else { return (line, nil) }
        let sunk = "\(names.owner[target]) \(sunkNames.joined(separator: " and "))"
        line += ", sank \(sunk)!"
        return (line, "\(shooter) sank \(sunk)!")
    }

    /// The headline of a match won by `winner`: who sank whose fleet, and,
    /// for the player at the table, whether they won or lost.
    static func victory(of winner: Seat, names: Names) -> String {
        let sank = "\(names.subject[winner]) sank \(names.owner[winner.opponent]) whole fleet"
        switch names.you {
        case winner: return sank + ": you win!"
        case winner.opponent: return sank + ": you lose"
        default: return sank + " and wins!"
        }
    }

    /// The score cell's first part, whose ships are afloat in words: the
    /// viewer's and the other side's, or both seats by number for a spectator
    /// (`viewer` nil). Short enough for the narrowest status cell (`duo lint`).
    static func afloat(_ counts: SeatPair<Int>, viewer: Seat?) -> String {
        guard let viewer else { return "Afloat: P1 \(counts[.first]), P2 \(counts[.second])" }
        return "Afloat: yours \(counts[viewer]), theirs \(counts[viewer.opponent])"
    }

}
