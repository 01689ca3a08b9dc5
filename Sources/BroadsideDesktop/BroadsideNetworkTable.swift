import Broadside
import DuoClient
import DuoDesktop
import DuoPlatform
import Foundation
import TabletopEngine

/// A Broadside match at the desktop table, held by a server or by the
/// window's own `LocalMatchHost`: the host's latest seat view, drawn by
/// `BroadsidePainter`, with the connection shown in a notice strip on the
/// upright half while it needs saying. A value with no I/O: ``NetworkGame`` feeds it the server's
/// messages and the connection's state, and sends the moves it asks for.
///
/// The server is authoritative: a move the person makes is only asked for
/// (``takeRequests()``); the boards change when the server's next view
/// says so, and a refused move shows the server's sentence in the news.
/// While a move is on its way, further moves wait.
public struct BroadsideNetworkTable: BroadsideTableModel, NetworkTable {
    /// What the table asks of the connection.
    public typealias Request = NetworkRequest<BroadsideMove>

    /// `broadside`.
    public static var gameName: String { Broadside.name }

    /// The rules variant: the server's, once seated.
    public private(set) var game: Broadside
    /// The HUD declaration for the variant.
    public private(set) var hud: BroadsideHUD
    /// The server as the person named it (`HOST:PORT`), for the screen.
    public let server: String
    /// The rules variant on the table.
    public var variant: String { game.variant }
    /// Where the connection is.
    public private(set) var connection: ConnectionState = .connecting(attempt: 1)
    /// Seconds until the next attempt, while reconnecting.
    public private(set) var retryIn = 0.0
    /// What the connection asks the server for, in words.
    public private(set) var requestSummary = ""
    /// The seat played, once seated.
    public private(set) var seat: Seat?
    /// The match's code, once known.
    public private(set) var code: String?
    /// The other seat's holder as the server names it: `player`, `bot:NAME`, nil while free.
    public private(set) var opponent: String?
    /// Whether the table only watches.
    public private(set) var isSpectator = false
    /// The latest view from the server (an empty board before the first).
    public private(set) var view: BroadsideSeatView
    /// Moves the match had at the latest view.
    public private(set) var movesSeen = 0
    /// The match's result, once the server sent it.
    public private(set) var result: MatchResult?
    /// Moves sent and not yet answered (accepted or refused).
    public private(set) var movesInFlight = 0
    /// The news log and the banner.
    public private(set) var feed = NewsFeed()
    /// Which way the next ship is placed.
    public private(set) var heading: Heading = .across
    /// The cell under the pointer on the primary board.
    public private(set) var hoverCell: Cell?
    /// Matches won by each seat at this table (this window session).
    public private(set) var wins = SeatPair(0, 0)
    /// How many matches this table has been seated in (or watched).
    public private(set) var matchesSeen = 0
    /// The colour each seat's ships are drawn in (a test paints one seat's in a colour of its own).
    public var shipColors = SeatPair(Palette.ship, Palette.ship)
    /// Which band of the board's rows the flat half shows while only a band fits there.
    public var shownBand = 0

    private var requests: [Request] = []
    private var hasView = false
    private var autoPlacements: UInt64 = 0
    private let seed: UInt64

    /// A table for a match on `server`, showing an empty `game` board until the server seats it.
    /// - Parameter seed: seeds auto-placement.
    public init(game: Broadside, server: String, seed: UInt64 = 1) {
        self.game = game
        self.hud = BroadsideHUD(rules: game.rules)
        self.server = server
        self.seed = seed
        view = Self.emptyView(of: game, for: .first)
    }

    // MARK: - What to show

    /// Whether the match is hosted in this window (`LocalMatchHost`): no
    /// code to give out, the session's wins in the score instead.
    public var isLocal: Bool { server == LocalMatchHost.serverName }

    /// Whose view is shown (seat 0's side for a spectator).
    public var viewer: Seat { seat ?? .first }

    /// The moment of play: placement, battle or the end (never a hand-off).
    public var moment: BroadsideHUD.Moment {
        if result != nil || view.phase == .over { return .gameOver }
        if isSpectator { return .battle }
        return view.phase == .placing ? .placement : .battle
    }

    /// The moment's screen; while there is a notice, the notice strip takes
    /// the score strip's place (the code it shows is the score's news then),
    /// so the screen needs no more strips than a local one.
    public var screen: HUDScreen {
        var screen = hud.screen(moment)
        if notice != nil, let score = screen.elements.firstIndex(where: { $0.id == BroadsideHUD.ElementID.score }) {
            screen.elements.remove(at: score)
            screen.elements.insert(.status(TableNotice.elementID, height: TableNotice.height, minimumWidth: 300), at: 0)
            // The notice is the news that matters while it shows: the log keeps to two lines beside it.
            if let news = screen.elements.firstIndex(where: { $0.id == BroadsideHUD.ElementID.news }) {
                screen.elements[news].height = BroadsideHUD.compactNewsHeight
            }
            screen.name += "+notice"
        }
        return screen
    }

    /// What a seat is called: "You" and the opponent (a bot by its name), or Player 1 and 2 for a spectator.
    public func name(of seat: Seat) -> String {
        if isSpectator || self.seat == nil { return "Player \(seat.rawValue + 1)" }
        if seat == viewer { return "You" }
        if let opponent, opponent.hasPrefix("bot:") { return "The \(opponent.dropFirst(4)) bot" }
        // Two people at this device: the other one is who the privacy screen calls them.
        if isLocal { return "Player \(seat.rawValue + 1)" }
        return "The opponent"
    }

    /// One line for the turn cell.
    public var turnText: String {
        guard seat != nil || isSpectator else {
            switch connection {
            case .lost: return "Not connected"
            case .reconnecting: return "Reconnecting…"
            default: return "Connecting to \(server)…"
            }
        }
        switch moment {
        case .placement:
            if let ship = shipToPlace {
                let shipClass = game.rules.fleet[ship]
                return "Place your \(shipClass.name) (\(shipClass.length))"
            }
            return "Waiting for \(name(of: viewer.opponent).lowercasedArticle) to place"
        case .battle:
            guard let turn = view.turn else { return "Waiting for the battle" }
            if !isSpectator && turn == viewer {
                return view.salvoSize > 1 ? "Fire! Shot \(view.aimed.count + 1) of \(view.salvoSize)" : "Your turn: fire!"
            }
            return "\(name(of: turn)) \(isSpectator ? "fires" : "is firing…")"
        case .gameOver:
            guard let winner = result?.winner ?? view.winner else { return "Match over: a draw" }
            if isSpectator { return "\(name(of: winner)) wins" }
            return winner == viewer ? "You win!" : "\(name(of: winner)) wins"
        }
    }

    /// Ships afloat (the viewer's first) and the match's code (on this device: the session's wins).
    public var scoreParts: [String] {
        var afloat = SeatPair(view.opponentAfloat.count, view.opponentAfloat.count)
        afloat[viewer] = view.afloat.count
        let afloatText = BroadsideNews.afloat(afloat, viewer: isSpectator ? nil : viewer)
        if isLocal, !isSpectator {
            let them = opponent?.hasPrefix("bot:") == true ? "bot" : "them"
            return [afloatText, "Wins: you \(wins[viewer]), \(them) \(wins[viewer.opponent])"]
        }
        return [afloatText, code.map { "Match \($0)" } ?? "No match yet"]
    }

    /// The connection, while it needs saying: the code to read out, the reconnection, the loss.
    public var notice: TableNotice? {
        switch connection {
        case .connecting(let attempt):
            let caption = seat == nil && attempt == 1 ? "CONNECTING" : "RECONNECTING · ATTEMPT \(attempt)"
            return TableNotice(caption: caption, headline: server, detail: requestSummary.capitalizedFirst)
        case .waitingForOpponent(let code):
            return TableNotice(
                caption: "MATCH CODE · WAITING FOR AN OPPONENT", headline: code,
                detail: "They join with: duo --connect \(server) --join \(code)")
        case .reconnecting(let attempt, _, let reason):
            let caption = seat != nil ? "CONNECTION LOST · SEAT KEPT" : (code != nil ? "CONNECTION LOST" : "NO CONNECTION")
            return TableNotice(
                caption: caption,
                headline: "Retrying in \(Int(retryIn.rounded(.up))) s",
                detail: "\(reason.capitalizedFirst) · attempt \(attempt) next", isWarning: true)
        case .lost(let reason):
            return TableNotice(
                caption: "DISCONNECTED", headline: "Connection lost",
                detail: "\(reason.capitalizedFirst) · Enter: try again", isWarning: true)
        case .playing, .watching, .finished:
            return nil
        }
    }

    /// The ship placed next, while placing.
    public var shipToPlace: Int? {
        guard moment == .placement, seat != nil, !isSpectator else { return nil }
        return game.rules.fleet.indices.first { !view.fleet.isPlaced($0) }
    }

    /// The cells the next ship would cover at the hover cell, and whether the rules let it go there.
    public var placementPreview: (cells: [Cell], isLegal: Bool)? {
        guard let ship = shipToPlace, let cell = hoverCell else { return nil }
        let placement = game.fittedPlacement(ship: ship, at: cell, heading: heading)
        let cells = Array(placement.cells(length: game.rules.fleet[ship].length))
        let state = game.placingState(of: viewer, fleet: view.fleet)
        return (cells, (try? game.validate(.place(placement), by: viewer, in: state)) != nil)
    }

    /// Whether the turn cell is lit: the viewer's turn in battle, on a live connection.
    public var isViewerFiring: Bool { canMove && view.isMyTurn && moment == .battle }

    /// Whether the person may ask for a move now: seated on a live connection, the match on.
    public var canMove: Bool {
        seat != nil && !isSpectator && connection.isSeated && result == nil
    }

    // MARK: - Input

    /// Does what an input asks: moves become requests to the server.
    public mutating func handle(_ input: BroadsideInput) {
        switch input {
        case .hover(let cell): hoverCell = cell
        case .tap(let cell):
            hoverCell = cell
            tap(cell)
        case .press(let id):
            switch id {
            case BroadsideHUD.ElementID.rotate: rotateShip()
            case BroadsideHUD.ElementID.autoPlace: autoPlace()
            case BroadsideHUD.ElementID.clear: clearFleet()
            case BroadsideHUD.ElementID.newGame: newMatch()
            default: return
            }
        case .rotateShip: rotateShip()
        case .autoPlace: autoPlace()
        case .clearFleet: clearFleet()
        case .confirm:
            if case .lost = connection { requests.append(.retry) }
        case .newGame: newMatch()
        }
    }

    /// Lets time pass: the wait before the next reconnection runs down.
    public mutating func advance(by seconds: Double) {
        retryIn = max(0, retryIn - seconds)
    }

    /// Hands over what the table asked for since the last call, oldest first.
    public mutating func takeRequests() -> [Request] {
        defer { requests = [] }
        return requests
    }

    private mutating func tap(_ cell: Cell) {
        guard canMove else {
            if seat != nil, !isSpectator, result == nil { feed.advise("Not connected: moves wait until the connection is back") }
            return
        }
        guard movesInFlight == 0 else { return }
        switch moment {
        case .placement:
            guard let ship = shipToPlace else { return }
            ask(.place(game.fittedPlacement(ship: ship, at: cell, heading: heading)))
        case .battle:
            guard view.isMyTurn else { return }
            ask(.fire(cell))
        case .gameOver:
            return
        }
    }

    private mutating func rotateShip() {
        guard moment == .placement else { return }
        feed.playerActed()
        heading = heading == .across ? .down : .across
    }

    /// Asks for the rest of the fleet at random legal positions, all at
    /// once (the server answers them in order).
    private mutating func autoPlace() {
        guard canMove, movesInFlight == 0, shipToPlace != nil else { return }
        var state = game.placingState(of: viewer, fleet: view.fleet)
        var placer = BroadsideBot(game: game, seat: viewer, shooter: .random, placer: .random, seed: seed &+ autoPlacements)
        autoPlacements += 1
        let whole = ShipSet.all(game.rules.fleet.count).rawValue
        var moves: [BroadsideMove] = []
        for _ in 0..<200 where state.fleets[viewer].placedMask != whole {
            guard let move = placer.move(for: game.seatView(of: state, for: viewer)),
                (try? game.validate(move, by: viewer, in: state)) != nil
            else { break }
            game.apply(move, by: viewer, to: &state)
            moves.append(move)
        }
        for move in moves { ask(move) }
    }

    private mutating func clearFleet() {
        guard canMove, movesInFlight == 0, moment == .placement, view.fleet.count > 0 else { return }
        ask(.reset)
    }

    private mutating func newMatch() {
        guard result != nil || connection == .finished else {
            say("A networked match goes on until a fleet is sunk; Q leaves it (the server keeps your seat)")
            return
        }
        requests.append(.newMatch)
    }

    private mutating func ask(_ move: BroadsideMove) {
        // The player acted: advice about their last move and the banner have been seen.
        feed.playerActed()
        requests.append(.move(move))
        movesInFlight += 1
    }

    // MARK: - The connection and the server

    /// The connection's state now (`now` on the game's clock), and what it asks the server for, in words.
    public mutating func setConnection(_ state: ConnectionState, now: Double, asking summary: String) {
        if !state.isSeated {
            // Whatever was on its way is lost with the connection: the
            // resumed view will say which moves the server kept.
            movesInFlight = 0
            requests.removeAll { if case .move = $0 { true } else { false } }
        }
        connection = state
        requestSummary = summary
        if case .reconnecting(_, let retryAt, _) = state { retryIn = max(0, retryAt - now) } else { retryIn = 0 }
    }

    /// Scrolls the news log (positive: towards older news).
    public mutating func scrollNews(by steps: Int) { feed.scroll(by: steps) }

    /// Takes the banner down; returns whether one was showing.
    public mutating func dismissBanner() -> Bool { feed.dismissBanner() }

    /// Adds a line to the news (the game's own: a ticket kept, a connection lost).
    public mutating func say(_ line: String) {
        // A line said again (a click while offline) is not repeated.
        if feed.lines.first != line { feed.say(line) }
    }

    /// Reads a message from the server.
    public mutating func receive(_ message: ServerMessage) {
        switch message {
        case .seated(let kind, let ticket, let gameName, let variant, let rules, let opponent):
            seated(kind: kind, ticket: ticket, gameName: gameName, variant: variant, rules: rules, opponent: opponent)
        case .watching(let code, let gameName, let variant, let rules):
            watching(code: code, gameName: gameName, variant: variant, rules: rules)
        case .view(let update):
            apply(update)
        case .accepted:
            movesInFlight = max(0, movesInFlight - 1)
        case .opponent(let status):
            opponentChanged(status)
        case .ended(_, let matchResult):
            ended(matchResult)
        case .error(let error):
            if error.inReplyTo == "move" {
                movesInFlight = max(0, movesInFlight - 1)
                feed.advise(error.message.capitalizedFirst)
            } else {
                say(error.message.capitalizedFirst)
            }
        case .welcome, .legal, .hint, .pong:
            return
        }
    }

    private mutating func seated(kind: String, ticket: SeatTicket, gameName: String, variant: String, rules: JSONValue, opponent: String?) {
        let isSameMatch = ticket.code == code && ticket.seat == seat && !isSpectator
        guard load(gameName: gameName, variant: variant, rules: rules) else { return }
        if !isSameMatch { startMatch(seat: ticket.seat) }
        seat = ticket.seat
        code = ticket.code
        isSpectator = false
        self.opponent = opponent
        switch kind {
        case _ where isLocal:
            say("Match \(ticket.code)" + (opponent?.hasPrefix("bot:") == true ? " against \(name(of: ticket.seat.opponent).lowercasedArticle)" : ""))
        case "created" where opponent == nil:
            say("Match \(ticket.code) created: give the code to your opponent")
        case "created":
            say("Match \(ticket.code) against \(name(of: ticket.seat.opponent).lowercasedArticle)")
        case "joined":
            say("You joined match \(ticket.code)")
        default:
            say(isSameMatch ? "Back in match \(ticket.code)" : "Seat \(ticket.seat.index) of match \(ticket.code) taken back")
        }
    }

    private mutating func watching(code: String, gameName: String, variant: String, rules: JSONValue) {
        guard load(gameName: gameName, variant: variant, rules: rules) else { return }
        if code != self.code || !isSpectator { startMatch(seat: .first) }
        seat = nil
        self.code = code
        isSpectator = true
        say("Watching match \(code)")
    }

    /// Loads the server's rules for the match; false (with a news line) when they cannot be used.
    private mutating func load(gameName: String, variant: String, rules: JSONValue) -> Bool {
        guard gameName == Broadside.name else {
            say(
                "Match of \(gameName), not \(Broadside.name): open it with duo --game \(gameName) "
                    + "and the same --connect and --join, --spectate or --resume")
            return false
        }
        do {
            let loaded = try Broadside(variant: variant, rulesData: Data(rules.serialized))
            if loaded.rules != game.rules || loaded.variant != game.variant {
                game = loaded
                hud = BroadsideHUD(rules: loaded.rules)
            }
            return true
        } catch {
            say("The server's rules for \(variant) cannot be read: \(error)")
            return false
        }
    }

    private mutating func startMatch(seat: Seat) {
        matchesSeen += 1
        view = Self.emptyView(of: game, for: seat)
        hasView = false
        movesSeen = 0
        result = nil
        heading = .across
        hoverCell = nil
        feed.clearBanner()
    }

    private mutating func apply(_ update: ViewUpdate) {
        let next: BroadsideSeatView
        if isSpectator {
            guard update.seat == nil else { return }
            do {
                next = BroadsideSeatView(watching: try update.decode(BroadsidePublicView.self))
            } catch {
                say("The server sent a view this program cannot read (\(error))")
                return
            }
        } else {
            guard let seat, update.seat == seat else { return }
            do {
                next = try update.decode(BroadsideSeatView.self)
            } catch {
                say("The server sent a view this program cannot read (\(error))")
                return
            }
        }
        let before = view
        view = next
        movesSeen = update.moves
        if hasView { announce(from: before, to: next) }
        hasView = true
    }

    /// What the news calls the seats.
    private var newsNames: BroadsideNews.Names {
        let subjects = SeatPair(name(of: .first), name(of: .second))
        if isSpectator || seat == nil {
            return BroadsideNews.Names(subject: subjects, owner: subjects.map { "\($0)'s" }, you: nil)
        }
        var owners = SeatPair("their", "their")
        owners[viewer] = "your"
        return BroadsideNews.Names(subject: subjects, owner: owners, you: viewer)
    }

    /// The news of what changed between two views.
    private mutating func announce(from before: BroadsideSeatView, to next: BroadsideSeatView) {
        if !isSpectator, next.phase == .placing, !before.opponentReady, next.opponentReady {
            say("\(name(of: viewer.opponent)) has hidden their fleet")
        }
        if next.lastVolley != before.lastVolley, let volley = next.lastVolley {
            let (line, banner) = BroadsideNews.volley(volley, rules: game.rules, names: newsNames)
            if let banner { feed.announce(line, banner: banner) } else { say(line) }
        }
        if before.phase != .over, next.phase == .over, let winner = next.winner {
            feed.announce(BroadsideNews.victory(of: winner, names: newsNames))
        }
        if before.phase == .placing, next.phase == .battle, let turn = next.turn {
            say("Battle stations! \(newsNames.sentence(turn, "fire", "fires")) first")
        }
    }

    private mutating func opponentChanged(_ status: OpponentStatus) {
        let other = name(of: viewer.opponent)
        switch status {
        case .joined:
            if opponent == nil { opponent = "player" }
            say("An opponent joined: the match is on")
        case .disconnected:
            say("\(other) lost the connection; the server keeps their seat")
        case .reconnected:
            say("\(other) is back")
        }
    }

    private mutating func ended(_ matchResult: MatchResult) {
        let isNew = result == nil
        result = matchResult
        if isNew, let winner = matchResult.winner { wins[winner] += 1 }
        guard isNew, matchResult.reason == MatchResult.forfeitReason, let loser = matchResult.forfeitedBy else { return }
        let line = !isSpectator && loser == viewer ? "You forfeited the match" : "\(name(of: loser)) forfeited the match"
        feed.announce(line)
    }

    /// A seat's view of a match in which nothing has happened yet.
    static func emptyView(of game: Broadside, for seat: Seat) -> BroadsideSeatView {
        game.seatView(of: game.makeInitialState(MatchSetup(seed: 0)), for: seat)
    }
}

extension String {
    /// The string with its first letter capitalised (a sentence start).
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
    /// "The opponent" → "the opponent" inside a sentence; names stay as they are.
    var lowercasedArticle: String { hasPrefix("The ") ? "the " + dropFirst(4) : self }
}
