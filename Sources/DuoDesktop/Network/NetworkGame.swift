import DuoClient
import DuoNet
import DuoPlatform
import Foundation
import TabletopEngine

#if canImport(Glibc)
import Glibc
#endif

/// A seat's (or a spectator's) table at a match held by a host, in the
/// desktop session: the game's ``SeatTable`` to draw, the engine's
/// ``SeatSession`` it is handed (the seat, the match, the news, the
/// notices), a ``ConnectionMachine`` for the connection's life, and the
/// ``MatchTransport`` that talks to the host: a server (DuoClient's
/// `MatchClient`), the window's own ``LocalMatchHost`` or a replay. The host's
/// messages keep the session up to date and reach the table as views; what
/// the table's input asks for goes to the host. Nothing here waits on the
/// network: the window's loop calls ``advance(by:)`` once a frame, which takes
/// in what has arrived and lets the connection's clock run.
public final class NetworkGame<Table: SeatTable>: SeatGame {
    /// The table shown.
    public private(set) var table: Table
    /// The seat's session: connection, seat, match, news, notices.
    public private(set) var session: SeatSession
    /// The connection's state machine.
    public private(set) var machine: ConnectionMachine
    /// Seconds since the game started, on the clock the session advances.
    public private(set) var clock = 0.0
    /// The file holding the seat's ticket, once saved.
    public private(set) var ticketFile: URL?

    private let transport: any MatchTransport
    private let ticketPlace: SeatTicketPlace?
    private let firstRequest: MatchRequest
    private var autoplay: Autoplay?
    /// The table and the session as they were made, for ``restart()``.
    private let initial: (table: Table, session: SeatSession, seed: UInt64)
    /// What the host told that the table has not shown yet: the news of a
    /// move still showing (a ball rolling) and what came after it, the result too.
    private var held: [Held] = []
    /// The moves of the match the table showed before its latest view (shown while that view's move still shows).
    private var movesBefore = 0

    /// Something the host told, in the order it told it.
    private enum Held {
        case event(String)
        case headline(String, banner: String?)
        case advice(String)
        case result(MatchResult)
    }

    /// A table at `server` through `transport`, asking for `request`; it
    /// starts connecting at once, without waiting.
    /// - Parameters:
    ///   - transport: the connection to the host.
    ///   - server: the host as the person named it (`HOST:PORT`), for the screen.
    ///   - request: the match to create, join, watch or resume.
    ///   - table: the game's table, showing its empty board until the host seats it.
    ///   - tickets: where to keep the seat's ticket (nil: nowhere).
    ///   - program: the program's own name, for the commands the notices show.
    ///   - backoff: the waits between reconnection attempts.
    ///   - silence: how long the server may be quiet before a `ping`, and how long it has to answer.
    ///   - seed: seeds the backoff's jitter.
    public init(
        transport: any MatchTransport, server: String, request: MatchRequest, table: Table,
        tickets: SeatTicketPlace?, program: String = "duo", backoff: ReconnectBackoff = .standard,
        silence: ConnectionMachine.Silence = .standard, seed: UInt64 = 1
    ) {
        self.transport = transport
        self.ticketPlace = tickets
        self.table = table
        session = SeatSession(mode: transport.seatMode, server: server, program: program)
        machine = ConnectionMachine(request: request, backoff: backoff, silence: silence, seed: seed)
        firstRequest = request
        initial = (table, session, seed)
        if case .file(let url) = tickets, case .resume = request { ticketFile = url }
        perform(machine.start())
    }

    /// A table for what a registration is handed (``DesktopGameRegistration/NetworkSetup``).
    public convenience init(_ setup: DesktopGameRegistration.NetworkSetup, table: Table) {
        self.init(
            transport: setup.transport, server: setup.server, request: setup.request, table: table, tickets: setup.tickets,
            program: setup.program, seed: setup.seed)
    }

    /// The connection for the status line: its state, the server, the match and seat.
    public var statusNote: String? {
        var parts = ["\(machine.state.label) \(session.server)"]
        if let code = session.code { parts.append("match \(code)") }
        if let seat = session.seat { parts.append("seat \(seat.index)") }
        return parts.joined(separator: " · ")
    }

    /// Lets time pass: takes in what the host sent, runs the connection's
    /// clock (retries, pings) and the table's animations.
    public func advance(by seconds: Double) {
        clock += max(0, seconds)
        table.advance(by: seconds)
        session.feed.advance(by: seconds)
        releaseShownNews()
        session.retryIn = max(0, session.retryIn - max(0, seconds))
        transport.advance(by: max(0, seconds))
        for event in transport.poll() {
            switch event {
            case .message(let message):
                receive(message)
                perform(machine.receive(message, at: clock))
                autoplay(after: message)
            case .disconnected:
                perform(machine.connectionFailed(reason: transport.lastError.map(\.words) ?? "the server closed the connection", at: clock))
                autoplay?.connectionDropped()
            case .unreadable(let error):
                say("The server sent a line this program cannot read (\(error.message))")
            }
        }
        perform(machine.advance(to: clock))
        releaseShownNews()
    }

    /// Starts again from nothing: the table and the session as they were
    /// made, a new connection asking what the first one asked. A replay's
    /// table goes back this way (``ReplayGame``): what it shows is then what
    /// it was sent on that connection alone.
    public func restart() {
        transport.disconnect()
        (table, session) = (initial.table, initial.session)
        (held, movesBefore) = ([], 0)
        machine = ConnectionMachine(request: firstRequest, backoff: machine.backoff, silence: machine.silence, seed: initial.seed)
        ticketFile = nil
        autoplay?.connectionDropped()
        perform(machine.start())
    }

    /// Closes the connection; the server keeps the seat for a later resume.
    public func close() {
        transport.disconnect()
    }

    /// Shows the outcome of the moves the table was sent at once (after demo
    /// turns), and with it what the host told about them.
    public func finishShowingMoves() {
        table.finishShowingMoves()
        releaseShownNews()
        // Moves shown at once leave no time to read each banner: the newest shows.
        session.feed.showNewestBanner()
    }

    /// Whether the table is still showing a move it was sent (a golf ball rolling).
    public var isShowingMove: Bool { table.isShowingMove }

    /// Changes the table by code that knows the game (a colour of its own
    /// for a test, the band of rows shown), asking for nothing.
    public func update(_ change: (inout Table) -> Void) {
        change(&table)
    }

    /// Input by code that knows the game (a test, a game's own key mapping):
    /// `input` changes the table and returns the moves it asks for, which go to the host at once.
    public func ask(_ input: (inout Table, SeatSession) -> [Table.Move]) {
        ask(moves: input(&table, session))
    }

    /// What the table says now: its turn and score cells, the news and the banner.
    public var readout: TableReadout {
        TableReadout(
            turn: table.turnText(session: session), score: table.scoreText(session: session), news: session.feed.lines,
            banner: session.feed.banner?.text, shownMoves: table.isShowingMove ? movesBefore : session.movesSeen,
            isShowingMove: table.isShowingMove)
    }

    // MARK: - DesktopGame

    /// The game's title.
    public var title: String { table.title }

    /// The table's screen of the moment; on a screen with no news box, the notice's strip while there is a notice.
    public func screen(in context: LayoutContext) -> HUDScreen {
        TableNotice.screen(table.screen(in: context, session: session), showing: session.notice)
    }

    /// The table's keys.
    public var hotkeys: [Hotkey] { table.hotkeys }

    /// The table's panel colours.
    public var panelColors: (flat: RGBAColor, upright: RGBAColor) { table.panelColors }

    /// The table's choice of hinge effect.
    public var hingeEffectStyle: HingeEffectStyle { table.hingeEffectStyle }

    /// Draws the table (its views, with the game's own painter), then the
    /// engine's part: the news box with its notice (or the notice's strip) and the banner.
    /// A table that words its news for the board as drawn (``NewsWordedForLayout``) has its lines drawn so.
    public func paint(on canvas: Canvas, layout: HUDLayout, context: LayoutContext, effect: HingeEffect.Visual?) {
        table.paint(on: canvas, layout: layout, context: context, effect: effect, session: session)
        let painter = NewsLogPainter(canvas: canvas)
        let notice = session.notice
        for placement in layout.placements {
            switch placement.id {
            case DesktopElementID.news:
                let feed = (table as? any NewsWordedForLayout).map { table in session.feed.reworded { table.newsWords($0, in: layout) } }
                painter.drawLog(feed ?? session.feed, in: placement.frame, notice: notice)
            case TableNotice.elementID: if let notice { painter.drawNotice(notice, in: placement.frame) }
            default: continue
            }
        }
        if let banner = session.feed.banner, let frame = bannerFrame(of: banner, in: layout, canvas: canvas) {
            painter.drawBanner(banner, over: frame)
        }
    }

    /// Where `banner` is drawn in `layout`: the first place it is legible
    /// (``NewsLogPainter/isLegible(_:over:)``: whole, at 14 pt or more), of
    /// the table's choice, the boards looked at (largest first), the board
    /// acted on, and the panes. Nil where none is (the news has it anyway):
    /// a banner is never drawn under the minimum size (a thumbnail board).
    public func bannerFrame(of banner: TableBanner, in layout: HUDLayout, canvas: Canvas) -> Rect? {
        let painter = NewsLogPainter(canvas: canvas)
        let boards = layout.placements.filter { !VictoryPhotoScreen.paintedElementIDs.contains($0.id) }
        let lookedAt = boards.filter { $0.anchor == .secondaryBoard }.map(\.frame).sorted { $0.width * $0.height > $1.width * $1.height }
        var candidates: [Rect] = table.bannerFrame(in: layout).map { [$0] } ?? []
        candidates += lookedAt
        candidates += boards.filter { $0.anchor == .primaryBoard }.map(\.frame)
        candidates += layout.panes.map(\.contentFrame)
        return candidates.first { painter.isLegible(banner, over: $0) }
    }

    /// The pointer moved: the table previews.
    public func pointerMoved(to point: Point?, layout: HUDLayout) {
        table.pointerMoved(to: point, layout: layout, session: session)
    }

    /// A press: the moves it asks for go to the host at once.
    public func pointerPressed(at point: Point, layout: HUDLayout) {
        ask(moves: table.pointerPressed(at: point, layout: layout, session: session))
    }

    /// A release: the moves it asks for (a golf stroke) go to the host at once.
    public func pointerReleased(at point: Point?, layout: HUDLayout) {
        ask(moves: table.pointerReleased(at: point, layout: layout, session: session))
    }

    /// New game (a new match once this one is over) and Enter after the
    /// connection was given up (try again) are the engine's; the rest is the table's.
    public func perform(_ command: DesktopCommand) {
        switch command {
        case .newGame:
            newMatch()
        case .confirm where machine.state.isLost:
            perform(machine.retry())
        default:
            ask(moves: table.perform(command, session: session))
        }
    }

    /// Scrolls the news log.
    public func scrollNews(by steps: Int) { session.feed.scroll(by: steps) }

    /// Takes the banner down.
    public func dismissBanner() -> Bool { session.feed.dismissBanner() }

    /// Nothing: a networked match is played on its server, with a person or
    /// the server's bot at the other seat, never with bots in this window.
    public func playDemoTurns(_ turns: Int) {}

    // MARK: - Moves

    /// Sends what the person asked for, when the seat may move now and nothing is on its way.
    private func ask(moves: [Table.Move]) {
        guard !moves.isEmpty else { return }
        guard session.canMove else {
            if session.acceptsMoves, session.result == nil { session.feed.advise("Not connected: moves wait until the connection is back") }
            return
        }
        guard session.movesInFlight == 0 else { return }
        // The player acted: advice about their last move and the banner have been seen.
        session.feed.playerActed()
        for move in moves {
            session.movesInFlight += 1
            send(move: move)
        }
    }

    private func send<Move: Encodable>(move: Move) {
        do {
            try transport.send(move: move)
        } catch {
            // The connection is going: the drop comes through poll and the session forgets the move.
            say("The move could not be sent (\(error))")
        }
    }

    /// A new match once this one is over, on a new connection; nothing while it runs.
    private func newMatch() {
        if session.isReplay {
            say("A replay is watched, not played: F / B step through it, A / E go to its start / end")
            return
        }
        guard session.result != nil || machine.state == .finished else {
            say("A networked match goes on until it is over; Q leaves it (the server keeps your seat)")
            return
        }
        perform(machine.startOver(with: nextMatchRequest))
    }

    // MARK: - The host's messages

    /// Adds an event to the news (the engine's own: a ticket kept, a line that
    /// cannot be read, the match's comings and goings), after what the table
    /// has still to show; a line said again is not repeated.
    private func say(_ line: String) {
        tell(.event(line))
    }

    /// Tells the table's news `item` once the table shows everything told
    /// before it: at once, or when the move it is showing has been shown.
    private func tell(_ item: Held) {
        held.append(item)
        releaseShownNews()
    }

    /// What was held back while the table showed a move, now that it has shown it, in the order it was told.
    private func releaseShownNews() {
        guard !table.isShowingMove, !held.isEmpty else { return }
        let items = held
        held = []
        for item in items {
            switch item {
            case .event(let line): if session.feed.lines.first != line { session.feed.say(line) }
            case .headline(let line, let banner): session.feed.announce(line, banner: banner)
            case .advice(let line): session.feed.advise(line)
            case .result(let result): ended(result)
            }
        }
    }

    private func receive(_ message: ServerMessage) {
        switch message {
        case .seated(let kind, let ticket, let gameName, let variant, let rules, let opponent):
            seated(kind: kind, ticket: ticket, gameName: gameName, variant: variant, rules: rules, opponent: opponent)
        case .watching(let code, let gameName, let variant, let rules):
            guard load(gameName: gameName, variant: variant, rules: rules) else { return }
            let isSameMatch = code == session.code && session.isSpectator
            (session.seat, session.code, session.isSpectator, session.opponent) = (nil, code, true, nil)
            if !isSameMatch { startMatch() }
            say("Watching match \(code)")
        case .view(let update):
            show(update)
        case .accepted:
            session.movesInFlight = max(0, session.movesInFlight - 1)
        case .opponent(let status):
            opponentChanged(status)
        case .ended(_, let result):
            // The result is shown with the move that brought it, once the table shows that move.
            tell(.result(result))
        case .error(let error):
            if error.inReplyTo == "move" {
                session.movesInFlight = max(0, session.movesInFlight - 1)
                tell(.advice(error.message.capitalizedFirst))
            } else {
                say(error.message.capitalizedFirst)
            }
        case .welcome, .legal, .hint, .pong:
            return
        }
    }

    private func seated(kind: String, ticket: SeatTicket, gameName: String, variant: String, rules: JSONValue, opponent: String?) {
        guard load(gameName: gameName, variant: variant, rules: rules) else { return }
        let isSameMatch = ticket.code == session.code && ticket.seat == session.seat && !session.isSpectator
        (session.seat, session.code, session.isSpectator, session.opponent) = (ticket.seat, ticket.code, false, opponent)
        if !isSameMatch { startMatch() }
        let against = session.opponentIsBot ? " against \(session.nameInSentence(of: ticket.seat.opponent))" : ""
        switch kind {
        case _ where session.isLocal: say("Match \(ticket.code)" + against)
        case "created" where opponent == nil: say("Match \(ticket.code) created: give the code to your opponent")
        case "created": say("Match \(ticket.code) against \(session.nameInSentence(of: ticket.seat.opponent))")
        case "joined": say("You joined match \(ticket.code)")
        default: say(isSameMatch ? "Back in match \(ticket.code)" : "Seat \(ticket.seat.index) of match \(ticket.code) taken back")
        }
    }

    /// Loads the host's rules for the match; false (with a news line) when they cannot be used.
    private func load(gameName: String, variant: String, rules: JSONValue) -> Bool {
        guard gameName == Table.gameName else {
            say(
                "Match of \(gameName), not \(Table.gameName): open it with \(session.program) --game \(gameName) "
                    + "and the same --connect and --join, --spectate or --resume")
            return false
        }
        do {
            try table.load(variant: variant, rules: rules)
            return true
        } catch {
            say("The server's rules for \(variant) cannot be read: \(error)")
            return false
        }
    }

    /// A new match at this table (the seat and code are the session's already): the table's empty board.
    private func startMatch() {
        // What the last match still had to show is shown first: it belongs to that match.
        table.finishShowingMoves()
        releaseShownNews()
        movesBefore = 0
        session.matchesSeen += 1
        session.result = nil
        session.movesSeen = 0
        session.hasView = false
        session.feed.clearBanner()
        table.startMatch(session: session)
    }

    /// A view of the seat (or the public view for a spectator): the table shows it and says what changed.
    private func show(_ update: ViewUpdate) {
        if session.isSpectator {
            guard update.seat == nil else { return }
        } else {
            guard let seat = session.seat, update.seat == seat else { return }
        }
        if session.hasView, session.isReplay || table.isShowingMove {
            // The move still showing (a ball rolling when the next is struck; a replay's step before)
            // is shown at once, and what was told of it with it, before the next one: the news never
            // waits behind a later move, and tells each move in its order.
            table.finishShowingMoves()
            releaseShownNews()
            // A replay's next step: the one before has been seen, its banner read.
            if session.isReplay { session.feed.clearBanner() }
        }
        var news = SeatNews()
        do {
            try table.show(update, session: session, news: &news)
        } catch {
            say("The server sent a view this program cannot read (\(error))")
            return
        }
        // The first view of a match is where the table starts (a seat taken back, a match watched): it tells no news.
        let tells = session.hasView
        movesBefore = session.movesSeen
        session.movesSeen = update.moves
        session.hasView = true
        guard tells else { return }
        // Told once the table shows the move (at once, unless it takes time to show: a ball rolling).
        for item in news.items {
            held.append(item.entry.weight == .headline ? .headline(item.entry.text, banner: item.banner) : .event(item.entry.text))
        }
        releaseShownNews()
    }

    private func opponentChanged(_ status: OpponentStatus) {
        let other = session.name(of: session.viewer.opponent)
        switch status {
        case .joined:
            if session.opponent == nil { session.opponent = "player" }
            // On this device (a bot, or two people) and in a replay nobody comes from elsewhere: nothing to tell.
            if session.mode == .network { say("An opponent joined: the match is on") }
        case .disconnected:
            say("\(other) lost the connection; the server keeps their seat")
        case .reconnected:
            say("\(other) is back")
        }
    }

    private func ended(_ result: MatchResult) {
        let isNew = session.result == nil
        session.result = result
        if isNew, let winner = result.winner { session.wins[winner] += 1 }
        guard isNew, result.reason == MatchResult.forfeitReason, let loser = result.forfeitedBy else { return }
        session.feed.announce(session.isYou(loser) ? "You forfeited the match" : "\(session.name(of: loser)) forfeited the match")
    }

    // MARK: - Effects

    private func perform(_ actions: [ConnectionAction]) {
        for action in actions {
            switch action {
            case .connect(let request):
                connect(request)
            case .ping:
                // A failed send shows up as a disconnect at the next poll.
                try? transport.ping()
            case .close:
                transport.disconnect()
            case .keepTicket(let ticket):
                keep(ticket)
            case .forgetTicket:
                forgetTicket()
            }
        }
        setConnection(machine.state)
    }

    /// The connection's state now: whatever was on its way is lost with a dropped connection
    /// (the resumed view says which moves the server kept).
    private func setConnection(_ state: ConnectionState) {
        if !state.isSeated { session.movesInFlight = 0 }
        session.connection = state
        session.requestSummary = machine.request.summary
        if case .reconnecting(_, let retryAt, _) = state { session.retryIn = max(0, retryAt - clock) } else { session.retryIn = 0 }
    }

    private func connect(_ request: MatchRequest) {
        do throws(LineSocketError) {
            try transport.startConnecting(match: request.code)
            switch request {
            case .create(let variant, let bot): try transport.create(game: Table.gameName, variant: variant, bot: bot, seat: nil)
            case .join(let code): try transport.join(code: code)
            case .resume(let ticket): try transport.resume(ticket)
            case .watch(let code): try transport.watch(code: code)
            }
        } catch {
            perform(machine.connectionFailed(reason: error.words, at: clock))
        }
    }

    /// What a new match asks for: what this one was created with, or a
    /// match of the same variant for a person to join.
    private var nextMatchRequest: MatchRequest {
        if case .create = firstRequest { return firstRequest }
        return .create(variant: table.variant, bot: nil)
    }

    private func keep(_ ticket: SeatTicket) {
        guard let ticketPlace else { return }
        let url: URL
        switch ticketPlace {
        case .file(let file): url = file
        case .folder(let folder): url = folder.appendingPathComponent(SeatTicketFile.fileName(for: ticket))
        }
        do {
            try SeatTicketFile(server: session.server, ticket: ticket).save(to: url)
            if ticketFile != url {
                say("Seat ticket kept in \(url.path): --resume \(url.path) takes the seat back")
            }
            ticketFile = url
        } catch {
            say("The seat ticket could not be kept in \(url.path) (\(error.localizedDescription))")
        }
    }

    private func forgetTicket() {
        guard let ticketFile else { return }
        try? FileManager.default.removeItem(at: ticketFile)
        self.ticketFile = nil
    }
}

// MARK: - Autoplay

extension NetworkGame: Autoplaying {
    /// Whenever the seat is to move, asks the server for a `hint` (the move
    /// of the game's weakest bot, judged from the seat's view) and sends it
    /// as a person's move is sent; the table shows it when the server's
    /// next view does. `report` hears of the match's end and of a refusal,
    /// which stops the autoplay (asking again would be refused again).
    public func startAutoplay(reporting report: @escaping (String) -> Void) {
        autoplay = Autoplay(report: report)
    }

    /// Plays on after `message`: asks for a hint when the seat is to move
    /// and nothing is on its way, sends the hint that comes back.
    private func autoplay(after message: ServerMessage) {
        guard var autoplay else { return }
        switch message {
        case .view(let update) where update.seat != nil:
            autoplay.latest = update
        case .hint(let move):
            autoplay.waiting = nil
            if let move {
                autoplay.waiting = .accepted
                send(move: move)
            }
        case .accepted:
            autoplay.waiting = nil
        case .error(let error) where error.inReplyTo == "hint" || error.inReplyTo == "move":
            autoplay.report("autoplay stopped: the server refused \(error.inReplyTo ?? "a request") (\(error.message))")
            self.autoplay = nil
            return
        case .ended(let code, let result):
            let outcome = result.winner.map { "\($0) wins" } ?? "a draw"
            autoplay.report("autoplay: match \(code) over after \(autoplay.latest?.moves ?? 0) moves: \(outcome) (\(result.reason))")
            autoplay.latest = nil
        default:
            break
        }
        if autoplay.waiting == nil, let latest = autoplay.latest, let seat = latest.seat, latest.toMove.contains(seat) {
            // The hint is judged on the server's state when it reads the
            // request, so a view that is already old asks for the next move.
            do {
                try transport.requestHint()
                autoplay.waiting = .hint
            } catch {
                // The drop comes through poll; the resumed seat's view asks again.
            }
        }
        self.autoplay = autoplay
    }
}

/// What the autoplay of a ``NetworkGame`` keeps between messages.
private struct Autoplay {
    /// What the autoplay waits for from the server.
    enum Waiting {
        /// The answer to `hint`.
        case hint
        /// The `accepted` of the move sent.
        case accepted
    }

    let report: (String) -> Void
    /// The seat's latest view (nil before the first, after a drop and after the end).
    var latest: ViewUpdate?
    /// What was asked and not answered yet.
    var waiting: Waiting?

    /// A new connection answers nothing the old one asked, and sends a fresh view.
    mutating func connectionDropped() {
        latest = nil
        waiting = nil
    }
}

extension LineSocketError {
    /// The error in words for the screen ("connection refused").
    var words: String {
        switch self {
        case .closed: return "the server closed the connection"
        case .timedOut: return "the server did not answer"
        case .framing: return "the server sent a line that is too long"
        case .io(let socketError): return String(cString: strerror(socketError.code)).lowercased()
        }
    }
}

extension NetworkGame: WinsCarrying {
    /// The session counts wins from `wins` (the truth check's reference of a later match at the same table).
    func carry(wins: SeatPair<Int>) { session.wins = wins }
}
