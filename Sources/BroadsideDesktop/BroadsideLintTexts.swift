import Broadside
import DuoDesktop
import TabletopEngine

/// The longest texts Broadside shows in its elements, set as its painter
/// sets them, for `duo lint`'s text-fit rule: every wording of the turn
/// cell, the score's parts, the longest news line the variant can produce,
/// and every button's label and key.
public enum BroadsideLintTexts {
    typealias ID = BroadsideHUD.ElementID

    /// Every text of `game`'s elements, against each of its bots and pass-and-play.
    public static func texts(of game: Broadside) -> [HUDText] {
        let fleet = game.rules.fleet
        let longestBot = game.botNames.max { $0.count < $1.count } ?? "hunt"
        let seatNames = ["You", "The \(longestBot) bot", "Player 1", "Player 2"]
        var status: [String] = []
        // The turn cell, in every moment (BroadsideNetworkTable.turnText).
        status += fleet.map { "Place your \($0.name) (\($0.length))" }
        status += seatNames.flatMap { name in
            ["\(name), take the device", "Waiting for \(name)", "Pass the device to \(name)", "\(name) is firing…", "\(name) wins!"]
        }
        status += ["the \(longestBot) bot", "Player 2"].map { "Waiting for \($0) to place" }
        let salvo = game.rules.shots == .perShipAfloat ? fleet.count : 1
        status += ["Fire! Shot \(salvo) of \(salvo)", "Your turn: fire!", "You win!", "Match over", "The fleets are being placed"]
        // Status cells: a caption, then two lines 17 pt apart (BroadsidePainter.drawStatus).
        let statusLine = 17 / BroadsidePainter.value.size
        var texts = status.map {
            HUDText(element: ID.turn, text: $0, size: BroadsidePainter.value.size, maxLines: 2, topInset: 18, bottomInset: 4, lineSpacing: statusLine)
        }
        // The score's parts, each on its line (the most ships and two-digit wins).
        texts += [
            BroadsideNews.afloat(SeatPair(fleet.count, fleet.count), viewer: .first),
            BroadsideNews.afloat(SeatPair(fleet.count, fleet.count), viewer: nil),
            "Wins: you 99, bot 99", "Wins: you 99, them 99", "Match K7QF2M",
        ]
        .map { HUDText(element: ID.score, text: $0, size: BroadsidePainter.value.size) }
        // The longest news line: a whole salvo at two-digit cells sinking the two longest ships.
        let longest = fleet.indices.sorted { fleet[$0].name.count > fleet[$1].name.count }.prefix(2)
        let cells = (0..<salvo).map { Cell(row: $0 % game.rules.board.rows, column: game.rules.board.columns - 1) }
        var sunk = ShipSet(rawValue: 0)
        for index in longest { sunk.insert(index) }
        let volley = Volley(shooter: .second, cells: CellSet(cells), hits: CellSet(cells), sunk: sunk)
        for names in [Self.names(subject: "The \(longestBot) bot", versusBot: true), Self.names(subject: "Player 2", versusBot: false)] {
            let (line, _) = BroadsideNews.volley(volley, rules: game.rules, names: names)
            for (text, size) in [(line, NewsLogPainter.event.size), (BroadsideNews.victory(of: .second, names: names), NewsLogPainter.headline.size)]
            {
                texts.append(
                    HUDText(
                        element: ID.news, text: text, size: size, maxLines: NewsLogPainter.linesPerEntry,
                        topInset: NewsLogPainter.captionHeight, bottomInset: 4))
            }
        }
        // Every control's label and key (BroadsidePainter.buttonText), as the buttons set them.
        let hud = BroadsideHUD(rules: game.rules)
        let bands = (0..<hud.bandCount).map { BroadsidePainter.rowSpan(hud.bandRows($0)) }
        for id in [ID.rotate, ID.autoPlace, ID.clear, ID.newGame, ID.help, ID.otherRows] {
            for heading in [Heading.across, .down] {
                for otherRows in bands {
                    let (label, key) = BroadsidePainter.buttonText(id, heading: heading, otherRows: otherRows)
                    texts.append(HUDText(element: id, text: label, size: BroadsidePainter.buttonLabel.size, horizontalInset: 6))
                    texts.append(HUDText(element: id, text: key, size: BroadsidePainter.buttonHint.size, bold: false, horizontalInset: 6))
                }
            }
        }
        // The privacy screen between two people's turns (LocalMatchGame).
        texts += PrivacyScreen.lintTexts(players: ["Player 1", "Player 2"])
        // Each wording once: the rule measures each text in every situation.
        var seen = Set<HUDText>()
        return texts.filter { seen.insert($0).inserted }
    }

    /// What the news calls the seats, with the second seat named `subject`.
    static func names(subject: String, versusBot: Bool) -> BroadsideNews.Names {
        let subjects = SeatPair(versusBot ? "You" : "Player 1", subject)
        let owners = versusBot ? SeatPair("your", "their") : subjects.map { "\($0)'s" }
        return BroadsideNews.Names(subject: subjects, owner: owners, you: versusBot ? .first : nil)
    }
}
