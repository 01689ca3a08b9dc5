import TabletopEngine

/// Draws a seat view as text: the seat's own board and its target board side
/// by side. Own board: ship letters (`#` once hit), `o` a miss. Target:
/// `x` a hit, `o` a miss, the ship's letter once sunk, `*` aimed this salvo.
enum BroadsideText {
    static func picture(of view: BroadsideSeatView, rules: BroadsideRules) -> String {
        let rows = rules.board.rows
        let columns = rules.board.columns
        var lines: [String] = []
        lines.append(status(of: view, rules: rules))
        // Three characters a column, so two-digit column numbers line up.
        let width = columns * 3 + 1
        func pad(_ text: String) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
        func cell(_ text: String) -> String { String(repeating: " ", count: max(0, 3 - text.count)) + text }
        let numbers = " " + (1...columns).map { cell(String($0)) }.joined()
        lines.append(pad("  your fleet") + "    " + "  target")
        lines.append(pad(numbers) + "    " + numbers)
        for row in 0..<rows {
            let letter = String(Cell(row: row, column: 0).name.prefix(1))
            var own = letter
            var target = letter
            for column in 0..<columns {
                let square = Cell(row: row, column: column)
                own += cell(ownSymbol(square, view: view, rules: rules))
                target += cell(targetSymbol(square, view: view, rules: rules))
            }
            lines.append(pad(own) + "    " + target)
        }
        if let volley = view.lastVolley {
            let sunk = volley.sunk.map { rules.fleet[$0].name }
            let who = volley.shooter == view.seat ? "you" : "opponent"
            lines.append(
                "last volley (\(who)): \(volley.cells.map(\.name).joined(separator: " ")): "
                    + "\(volley.hits.count) hit(s)" + (sunk.isEmpty ? "" : ", sunk " + sunk.joined(separator: ", ")))
        }
        return lines.joined(separator: "\n")
    }

    static func status(of view: BroadsideSeatView, rules: BroadsideRules) -> String {
        let head = "\(rules.title), \(view.seat): "
        switch view.phase {
        case .placing:
            return head + "placing (\(view.fleet.count)/\(rules.fleet.count) ships), opponent " + (view.opponentReady ? "ready" : "placing")
        case .battle:
            let shots = "\(view.shotsFired.first)/\(view.shotsFired.second) shots fired"
            return head + (view.turn == view.seat ? "your turn, \(view.salvoSize) shot(s)" : "opponent's turn") + ", \(shots)"
        case .over:
            return head + (view.winner == view.seat ? "you won" : "you lost") + " after \(view.shotsFired[view.winner ?? view.seat]) shots"
        }
    }

    static func shipLetter(_ ship: Int, rules: BroadsideRules) -> String {
        String(rules.fleet[ship].name.prefix(1)).uppercased()
    }

    static func ownSymbol(_ cell: Cell, view: BroadsideSeatView, rules: BroadsideRules) -> String {
        let shot = view.ownBoard.shots.contains(cell)
        if let placement = view.fleet.first(where: { $0.covers(cell, length: rules.fleet[$0.ship].length) }) {
            return shot ? "#" : shipLetter(placement.ship, rules: rules)
        }
        return shot ? "o" : "."
    }

    static func targetSymbol(_ cell: Cell, view: BroadsideSeatView, rules: BroadsideRules) -> String {
        if let sunk = view.target.sunk.first(where: { $0.covers(cell, length: rules.fleet[$0.ship].length) }) {
            return shipLetter(sunk.ship, rules: rules)
        }
        if view.target.hits.contains(cell) { return "x" }
        if view.target.shots.contains(cell) { return "o" }
        if view.aimed.contains(cell) { return "*" }
        return "."
    }
}
