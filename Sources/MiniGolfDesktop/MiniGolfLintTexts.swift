import DuoDesktop
import MiniGolf
import TabletopEngine

/// The longest texts mini golf shows in its status cells and news, set as
/// its painter sets them, for `duo lint`'s text-fit rule.
public enum MiniGolfLintTexts {
    typealias ID = MiniGolfHUD.ElementID

    /// Every text of `game`'s elements, against each of its bots and with two players.
    public static func texts(of game: MiniGolf) -> [HUDText] {
        let rules = game.rules
        let longestBot = game.botNames.max { $0.count < $1.count } ?? "aim"
        let names = ["You", "The \(longestBot) bot", "Player 1", "Player 2"]
        let cap = rules.strokeCap
        var texts: [HUDText] = []
        func status(_ element: String, _ text: String) {
            // One line under the caption, shrunk to fit (MiniGolfPainter.drawStatus).
            texts.append(HUDText(element: element, text: text, size: MiniGolfPainter.value.size))
        }
        for (index, hole) in rules.holes.enumerated() {
            status(ID.hole, "\(index + 1)/\(rules.holes.count) \(hole.name) · par \(hole.par)")
        }
        let most = cap * rules.holes.count
        for name in names { status(ID.turn, "\(name): stroke \(cap)") }
        for name in ["You", "Bot", "P1", "P2"] { status(ID.turn, "\(name) wins \(most) to \(most)") }
        status(ID.turn, "Your stroke \(cap)")
        status(ID.turn, "A tie at \(most) strokes each")
        status(ID.score, "You \(most) · Bot \(most) · wins 99-99")
        status(ID.score, "P1 \(most) · P2 \(most) · wins 99-99")
        // The news log's longest lines (MiniGolfTable.describe and the match's end).
        for name in names {
            for line in [
                "\(name) played \(MiniGolfShot(angle: 359, power: MiniGolfShot.maxPower).displayText)",
                "\(name): out of bounds, +\(cap) penalty", "\(name) picked up at the cap",
                "\(name) resigned match 99: the \(longestBot) bot wins", "\(name) forfeited the match",
            ] {
                texts.append(
                    HUDText(
                        element: ID.news, text: line, size: NewsLogPainter.event.size, maxLines: NewsLogPainter.linesPerEntry,
                        topInset: NewsLogPainter.captionHeight, bottomInset: 4))
            }
        }
        var seen = Set<HUDText>()
        return texts.filter { seen.insert($0).inserted }
    }
}
