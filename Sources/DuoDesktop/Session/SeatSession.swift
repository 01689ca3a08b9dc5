import DuoClient
import TabletopEngine

/// One seat's (or a spectator's) session at a match, as the engine keeps it
/// for every game: the connection and its retries, the seat and the match's
/// code, the opponent, whether the table only watches, the result, the moves
/// on their way, the news and its banner, the matches won, and the notice
/// they add up to. The window owns it (a ``NetworkGame`` keeps it up to date
/// from the host's messages and the connection's life) and hands it to the
/// game's ``SeatTable`` on every call, read-only: a table is only its seat
/// view, its painter and its input-to-move mapping.
public struct SeatSession: Sendable {
    /// Where the match is held.
    public enum Mode: Sendable, Hashable {
        /// In the window's own process (``LocalMatchHost``): against a bot, or two people on this device.
        case local
        /// On a match server.
        case network
        /// A replay of `moveCount` moves, stepped through in the window (``ReplayTransport``).
        case replay(moveCount: Int)
    }

    /// Where the match is held.
    public let mode: Mode
    /// The server as the person named it (`HOST:PORT`; ``LocalMatchHost/serverName`` on this device).
    public let server: String
    /// The program's own name, for the commands the notices show (`duo`, a game package's `noughts`).
    public let program: String
    /// Where the connection is.
    public internal(set) var connection: ConnectionState = .connecting(attempt: 1)
    /// Seconds until the next attempt, while reconnecting.
    public internal(set) var retryIn = 0.0
    /// What the connection asks the host for, in words.
    public internal(set) var requestSummary = ""
    /// The seat held (nil before it is seated, and for a spectator).
    public internal(set) var seat: Seat?
    /// The match's code, once known.
    public internal(set) var code: String?
    /// Who holds the other seat, as the host names it (`player`, `bot:NAME`), nil while it is free.
    public internal(set) var opponent: String?
    /// Whether the table only watches (a spectator).
    public internal(set) var isSpectator = false
    /// The match's result, once the host sent it.
    public internal(set) var result: MatchResult?
    /// Moves asked for and not answered yet (accepted or refused).
    public internal(set) var movesInFlight = 0
    /// The moves the match had at the latest view shown.
    public internal(set) var movesSeen = 0
    /// The news log and its banner.
    public internal(set) var feed = NewsFeed()
    /// Matches won by each seat at this table (this window session).
    public internal(set) var wins = SeatPair(0, 0)
    /// How many matches this table has been seated in (or watched).
    public internal(set) var matchesSeen = 0
    /// Whether a view of the current match has been shown (the first one tells no news: it is where the table starts).
    public internal(set) var hasView = false

    /// A session for a match held by `server`, in `mode`.
    /// - Parameters:
    ///   - mode: where the match is held.
    ///   - server: the server as the person named it.
    ///   - program: the program's own name, for the commands the notices show.
    public init(mode: Mode, server: String, program: String = "duo") {
        self.mode = mode
        self.server = server
        self.program = program
    }

    /// The element ids the engine paints at every table: the news box and the notice strip.
    public static let paintedElementIDs: Set<String> = [DesktopElementID.news, TableNotice.elementID]

    // MARK: - Who is who

    /// Whose side the table shows: the seat held, or seat 0's for a spectator.
    public var viewer: Seat { seat ?? .first }

    /// Whether the match is held in this window (``LocalMatchHost``).
    public var isLocal: Bool { mode == .local }

    /// Whether the table is a replay's.
    public var isReplay: Bool {
        if case .replay = mode { return true }
        return false
    }

    /// Whether the table takes moves at all: a seat, not a spectator, and not a replay (watched, not played).
    public var acceptsMoves: Bool { !isSpectator && seat != nil && !isReplay }

    /// Whether the person may ask for a move now: a seat, on a live connection, before the result.
    public var canMove: Bool { acceptsMoves && connection.isSeated && result == nil }

    /// Whether the other seat is a bot.
    public var opponentIsBot: Bool { opponent?.hasPrefix("bot:") == true }

    /// What a seat is called on screen: "You" and the opponent (a bot by its
    /// name: "The hunt bot"; a person at another window: "The opponent"), or
    /// "Player 1" and "Player 2" for a spectator, a replay's seat or two people on this device.
    public func name(of seat: Seat) -> String {
        if isSpectator || self.seat == nil { return Self.playerName(of: seat) }
        if seat == viewer { return "You" }
        if let opponent, opponent.hasPrefix("bot:") { return "The \(opponent.dropFirst(4)) bot" }
        if isLocal || isReplay { return Self.playerName(of: seat) }
        return "The opponent"
    }

    /// "Player 1", "Player 2".
    public static func playerName(of seat: Seat) -> String { "Player \(seat.index + 1)" }

    /// A seat's name inside a sentence: "the hunt bot", "Player 2".
    public func nameInSentence(of seat: Seat) -> String { name(of: seat).lowercasedArticle }

    /// Whether a seat is the person at this table.
    public func isYou(_ seat: Seat) -> Bool { !isSpectator && self.seat == seat }

    /// The result in a few words, from the table's side: "You win", "The hunt bot wins", "A draw".
    public func resultText(_ result: MatchResult) -> String {
        guard let winner = result.winner else { return "A draw" }
        return isYou(winner) ? "You win" : "\(name(of: winner)) wins"
    }

    // MARK: - The notice

    /// What the engine shows about the match itself now (nil: nothing to say):
    /// prominently, the connection while it is not playing (connecting, the
    /// code while waiting for the opponent, reconnecting, lost); quietly,
    /// that the match is over, that this is a replay, or that the table only watches.
    public var notice: TableNotice? {
        switch connection {
        case .connecting(let attempt):
            let caption = seat == nil && attempt == 1 ? "CONNECTING" : "RECONNECTING · ATTEMPT \(attempt)"
            return TableNotice(caption: caption, headline: server, detail: requestSummary.capitalizedFirst)
        case .waitingForOpponent(let code):
            return TableNotice(
                caption: "WAITING FOR AN OPPONENT", headline: code,
                detail: "Join: \(program) --connect \(server) --join \(code)")
        case .reconnecting(let attempt, _, let reason):
            let caption = seat != nil ? "CONNECTION LOST · SEAT KEPT" : (code != nil ? "CONNECTION LOST" : "NO CONNECTION")
            return TableNotice(
                caption: caption, headline: "Retrying in \(Int(retryIn.rounded(.up))) s",
                detail: "\(reason.capitalizedFirst) · attempt \(attempt) next", isWarning: true)
        case .lost(let reason):
            return TableNotice(
                caption: "DISCONNECTED", headline: "Connection lost", detail: "\(reason.capitalizedFirst) · Enter: try again", isWarning: true)
        case .playing, .watching, .finished:
            return quietNotice
        }
    }

    /// The quiet notice: the end, a replay, a spectator's table.
    private var quietNotice: TableNotice? {
        if case .replay(let moveCount) = mode {
            let who = isSpectator ? "SPECTATOR" : "SEAT \(viewer.index)"
            return TableNotice(
                caption: "REPLAY · \(who)", headline: "move \(movesSeen) of \(moveCount)", detail: "F / B: a move on / back · A / E: start / end",
                isProminent: false)
        }
        if let result {
            let next = isLocal ? "N: new game" : (isSpectator ? "the next match starts elsewhere" : "N: a new match")
            return TableNotice(caption: "MATCH OVER", headline: resultText(result), detail: next, isProminent: false)
        }
        if isSpectator {
            return TableNotice(
                caption: "SPECTATING", headline: code.map { "match \($0)" } ?? "a match", detail: "moves are the players'", isProminent: false)
        }
        return nil
    }
}

extension String {
    /// The string with its first letter capitalised (a sentence start).
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
    /// "The opponent" -> "the opponent" inside a sentence; names stay as they are.
    var lowercasedArticle: String { hasPrefix("The ") ? "the " + dropFirst(4) : self }
}
