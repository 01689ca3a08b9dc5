/// What a seat's table says at one moment, in words: its turn and score
/// cells, the news (newest first) and the banner, with the move it shows.
/// What the engine's checks of a table over a whole match compare, for any game.
public struct TableReadout: Sendable, Hashable, CustomStringConvertible {
    /// The turn cell's words.
    public var turn: String
    /// The score cell's words ("" for none).
    public var score: String
    /// The news log's entries, newest first.
    public var news: [String]
    /// The banner's words, if one shows.
    public var banner: String?
    /// The moves of the match the table shows.
    public var shownMoves: Int
    /// Whether the table is still showing a move (a golf ball rolling).
    public var isShowingMove: Bool

    /// A readout from its parts.
    public init(turn: String, score: String, news: [String], banner: String?, shownMoves: Int, isShowingMove: Bool) {
        self.turn = turn
        self.score = score
        self.news = news
        self.banner = banner
        self.shownMoves = shownMoves
        self.isShowingMove = isShowingMove
    }

    /// The readout in a few lines, for a failing check's message.
    public var description: String {
        "move \(shownMoves)\(isShowingMove ? " (showing)" : ""): turn '\(turn)', score '\(score)', banner '\(banner ?? "-")', "
            + "news [\(news.prefix(4).map { "'\($0)'" }.joined(separator: ", "))\(news.count > 4 ? ", …" : "")]"
    }
}
