import TabletopEngine

/// The text picture of a table, for terminals (`duo-server replay --seat`, logs).
public enum MiniGolfText {
    /// A few lines: the hole, the last shot, each ball, and the scorecard.
    public static func describe(_ table: MiniGolfPublicView, rules: MiniGolfRules, viewer: Seat?) -> String {
        var lines: [String] = []
        if table.isOver {
            lines.append("\(rules.course): all \(table.holeCount) holes played")
        } else {
            let hole = rules.holes[table.hole]
            let toMove = table.toMove.map { "\($0) to play" } ?? ""
            lines.append("\(rules.course), hole \(table.hole + 1)/\(table.holeCount) \"\(hole.name)\" (par \(hole.par)): \(toMove)")
        }
        if let shot = table.lastShot {
            lines.append("last: \(shot.seat) played \(shot.shot) on hole \(shot.hole + 1): \(shot.end.rawValue), +\(shot.strokes)")
        }
        for seat in Seat.allCases {
            let you = seat == viewer ? " (you)" : ""
            let position = table.isOver ? "" : " ball at \(table.balls[seat]), \(table.progress[seat].rawValue),"
            lines.append("\(seat)\(you):\(position) \(table.totals[seat]) strokes")
        }
        let header = "hole   " + (1...max(1, table.holeCount)).map { pad(String($0)) }.joined() + " total"
        lines.append(header)
        for seat in Seat.allCases {
            let cells = (0..<table.holeCount).map { index in
                index < table.scorecard[seat].count ? pad(String(table.scorecard[seat][index])) : pad(".")
            }
            lines.append("seat \(seat.rawValue) " + cells.joined() + " " + String(table.totals[seat]))
        }
        return lines.joined(separator: "\n")
    }

    private static func pad(_ text: String) -> String {
        String(repeating: " ", count: max(0, 3 - text.count)) + text
    }
}
