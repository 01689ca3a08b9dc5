import DuoClient
import Foundation
import TabletopEngine

/// One match of any game hosted in the window's own process, answering the
/// game's networked tables exactly as a server would: the same
/// `ServerMessage`s (welcome, created or joined with a ticket, the rules
/// and `bot:NAME` as the opponent, each seat's own view after every move,
/// accepted, refusals with the session's own codes, ended with the result),
/// through a ``LocalSeatTransport`` per table. Local play (against a bot,
/// or two people on one device) then paints from seat views only, as
/// networked play does: hidden information is kept from a table by
/// construction, because no message to it carries more than its seat's view.
///
/// The match itself is the engine's `GameSession` for the game (an
/// `AnyGame`), the one the server hosts. A bot in a seat moves on the
/// clock the window advances: at once while the other seat may move too
/// (hiding a fleet), else after ``thinkingSeconds``, so a person can follow it.
public final class LocalMatchHost {
    /// The name a table is given for the "server" (`this device`): no
    /// `HOST:PORT` can be spelt so, so a table may tell local play from networked.
    public static let serverName = "this device"

    /// The game and variant hosted.
    public let game: AnyGame
    /// Seconds a bot waits before a move it alone may make.
    public let thinkingSeconds: Double
    /// The match under way or just over (nil before the first `create`).
    public private(set) var session: (any GameSession)?
    /// The match's number this window session, from 1: also its code.
    public private(set) var matchNumber = 0
    /// The seat a bot plays and its name, if any.
    public private(set) var bot: (seat: Seat, name: String)?
    /// Moves people (not the hosted bot) made in this match.
    public private(set) var personMoves = 0
    /// Seconds on the window's clock: the furthest any table's transport has been advanced.
    public private(set) var clock = 0.0
    /// Whether the bot holds its moves (a table is still showing the last
    /// one): its thinking time starts once this is false again.
    public var isBotPaused = false

    private let seed: UInt64
    private var holders: [Seat: WeakSeat] = [:]
    private var spectators: [WeakSeat] = []
    private var botDueAt: Double?
    private var hintSeats: Set<Seat> = []

    /// A host of `game`'s matches, each seeded from `seed` and its number.
    /// - Parameters:
    ///   - game: the game and variant to host.
    ///   - seed: seeds every match (match N plays `MatchSetup(batchSeed: seed, matchIndex: N - 1)`).
    ///   - thinkingSeconds: how long a bot waits before a move it alone may make.
    public init(game: AnyGame, seed: UInt64, thinkingSeconds: Double = 0.7) {
        self.game = game
        self.seed = seed
        self.thinkingSeconds = thinkingSeconds
    }

    /// A new connection to this host, for one table.
    public func connect() -> LocalSeatTransport { LocalSeatTransport(host: self) }

    /// The current match's code (nil before the first).
    public var code: String? { session == nil ? nil : "\(matchNumber)" }

    /// The seats that may move now (none before the first match or once it is over).
    public var seatsToMove: SeatSet { session?.seatsToMove ?? .none }

    /// Whether a match is under way that a new one would throw away: a
    /// person has moved and there is no result (the bot's hidden fleet alone is no loss).
    public var isMatchUnderWay: Bool { session.map { $0.result == nil && personMoves > 0 } ?? false }

    /// The seat that loses when the match under way is given up by `seat`: the
    /// match ends by forfeit and every table is told, as a server does for `resign`.
    /// - Returns: whether a match under way ended.
    @discardableResult
    public func resign(by seat: Seat) -> Bool {
        guard let session, session.result == nil, session.forfeit(by: seat) != nil else { return false }
        broadcast()
        return true
    }

    /// Starts the next match with the same seats: every table seated in the
    /// current one is seated in the new one (a bot stays a bot), as if it had
    /// created or joined it. Any match under way is simply dropped (resign it first to credit the win).
    public func startNextMatch() {
        let seated = holders.compactMapValues(\.seat)
        open(bot: bot)
        for (place, transport) in seated.sorted(by: { $0.key.index < $1.key.index }) {
            seat(transport, at: place, kind: place == .first ? "created" : "joined")
        }
        for weak in spectators { if let spectator = weak.seat { sendWatching(to: spectator) } }
        runBot()
    }

    /// Plays `turns` turns with bots on every seat (`botName` where no bot
    /// sits): a mid-game position for pictures and tests, the same for the
    /// same seed. Moves made while both seats may move (hiding fleets) are
    /// not counted; a turn ends when the seat to move changes. Every table
    /// is sent each view, as in play.
    public func playDemoTurns(_ turns: Int, botName: String) {
        guard let session else { return }
        for seat in Seat.allCases where bot?.seat != seat {
            try? session.attachBot(named: botName, to: seat)
        }
        var played = 0
        // A bound, not a timeout: a game whose bots never end a turn still returns.
        for _ in 0..<100_000 where played < max(0, turns) && session.result == nil {
            let movers = session.seatsToMove
            guard let seat = movers.seats.first, let move = session.botMoveJSON(for: seat) else { break }
            guard case .success = session.submit(move, by: seat) else { break }
            if bot?.seat != seat { personMoves += 1 }
            broadcast()
            if movers.seats.count == 1, session.seatsToMove != movers || session.result != nil { played += 1 }
        }
        botDueAt = nil
    }

    // MARK: - Requests from a table's transport

    func create(by transport: LocalSeatTransport, game name: String?, variant: String?, bot botName: String?, seat: Int?) {
        if let name, name != game.name {
            return transport.refuse(.unknownGame, "this window plays \(game.name), not \(name)", inReplyTo: "create")
        }
        if let variant, variant != game.variant {
            return transport.refuse(.unknownVariant, "this window plays \(game.variant), not \(variant)", inReplyTo: "create")
        }
        let creator = seat.flatMap { Seat(index: $0) } ?? .first
        if let botName {
            do throws(UnknownBotError) {
                try game.checkBot(named: botName)
            } catch {
                return transport.refuse(.unknownBot, "\(error)", inReplyTo: "create")
            }
        }
        holders = [:]
        open(bot: botName.map { (creator.opponent, $0) })
        self.seat(transport, at: creator, kind: "created")
        runBot()
    }

    func join(by transport: LocalSeatTransport, code: String) {
        guard let session, code == self.code else {
            return transport.refuse(.unknownMatch, "there is no match \(code) on this device", inReplyTo: "join")
        }
        guard session.result == nil else {
            return transport.refuse(.matchOver, "match \(code) is over", inReplyTo: "join")
        }
        guard let free = Seat.allCases.first(where: { holders[$0]?.seat == nil && bot?.seat != $0 }) else {
            return transport.refuse(.matchFull, "both seats of match \(code) are taken", inReplyTo: "join")
        }
        seat(transport, at: free, kind: "joined")
        holders[free.opponent]?.seat?.deliver(.opponent(.joined))
    }

    func resume(by transport: LocalSeatTransport, ticket: SeatTicket) {
        guard session != nil, ticket.code == code else {
            return transport.refuse(.unknownMatch, "there is no match \(ticket.code) on this device", inReplyTo: "resume")
        }
        guard ticket.token == token(for: ticket.seat) else {
            return transport.refuse(.wrongToken, "the ticket is not for a seat of match \(ticket.code)", inReplyTo: "resume")
        }
        seat(transport, at: ticket.seat, kind: "resumed")
    }

    func watch(by transport: LocalSeatTransport, code: String) {
        guard session != nil, code == self.code else {
            return transport.refuse(.unknownMatch, "there is no match \(code) on this device", inReplyTo: "watch")
        }
        spectators.append(WeakSeat(transport))
        sendWatching(to: transport)
    }

    func submit(_ move: Data, by transport: LocalSeatTransport) {
        guard let session, let seat = transport.seat, holders[seat]?.seat === transport else {
            return transport.refuse(.notInMatch, "this connection holds no seat", inReplyTo: "move")
        }
        switch session.submit(move, by: seat) {
        case .success(let receipt):
            personMoves += 1
            botDueAt = nil
            transport.deliver(.accepted(number: receipt.number))
            broadcast()
            runBot()
        case .failure(let rejection):
            transport.deliver(.error(ProtocolError(code: rejection.code, message: rejection.message, inReplyTo: "move")))
        }
    }

    /// A suggestion from the game's weakest bot, which sees only the seat's
    /// view; it plays nothing by itself (only the hosted bot's seat is played here).
    func hint(for transport: LocalSeatTransport) {
        guard let session, let seat = transport.seat, holders[seat]?.seat === transport else {
            return transport.refuse(.notInMatch, "this connection holds no seat", inReplyTo: "hint")
        }
        if !hintSeats.contains(seat), bot?.seat != seat, let weakest = game.botNames.first {
            try? session.attachBot(named: weakest, to: seat)
            hintSeats.insert(seat)
        }
        let move = session.botMoveJSON(for: seat).flatMap { try? JSONValue(parsing: [UInt8]($0)) }
        transport.deliver(.hint(move: move))
    }

    func disconnected(_ transport: LocalSeatTransport) {
        for (seat, holder) in holders where holder.seat === transport { holders[seat] = nil }
        spectators.removeAll { $0.seat == nil || $0.seat === transport }
    }

    func advance(_ transport: LocalSeatTransport, to time: Double) {
        clock = max(clock, time)
        runBot()
    }

    // MARK: - The match

    private func open(bot: (seat: Seat, name: String)?) {
        matchNumber += 1
        var players = SeatPair("player", "player")
        if let bot { players[bot.seat] = bot.name }
        let session = game.makeSession(setup: MatchSetup(batchSeed: seed, matchIndex: matchNumber - 1), players: players)
        if let bot {
            // Checked when asked for; a bot that cannot be seated leaves the seat to a person.
            do { try session.attachBot(named: bot.name, to: bot.seat) } catch { self.bot = nil }
        }
        self.session = session
        self.bot = bot
        hintSeats = []
        personMoves = 0
        botDueAt = nil
    }

    private func seat(_ transport: LocalSeatTransport, at seat: Seat, kind: String) {
        guard let session, let code else { return }
        holders[seat] = WeakSeat(transport)
        transport.seat = seat
        let opponent: String? =
            if let bot, bot.seat == seat.opponent { "bot:\(bot.name)" } else if holders[seat.opponent]?.seat != nil { "player" } else { nil }
        transport.deliver(
            .seated(
                kind: kind, ticket: SeatTicket(code: code, seat: seat, token: token(for: seat)), game: game.name,
                variant: game.variant, rules: rules, opponent: opponent))
        transport.deliver(.view(update(for: seat, of: session)))
        if let result = session.result { transport.deliver(.ended(code: code, result: result)) }
    }

    private func sendWatching(to transport: LocalSeatTransport) {
        guard let session, let code else { return }
        transport.deliver(.watching(code: code, game: game.name, variant: game.variant, rules: rules))
        transport.deliver(.view(update(for: nil, of: session)))
        if let result = session.result { transport.deliver(.ended(code: code, result: result)) }
    }

    /// Each seated table gets its own seat's view (a spectator the public
    /// one), and the result once there is one.
    private func broadcast() {
        guard let session, let code else { return }
        for seat in Seat.allCases {
            guard let transport = holders[seat]?.seat else { continue }
            transport.deliver(.view(update(for: seat, of: session)))
            if let result = session.result { transport.deliver(.ended(code: code, result: result)) }
        }
        for weak in spectators {
            guard let transport = weak.seat else { continue }
            transport.deliver(.view(update(for: nil, of: session)))
            if let result = session.result { transport.deliver(.ended(code: code, result: result)) }
        }
    }

    /// The hosted bot's moves due now: every move it may make while the other
    /// seat may move too, else one move once it has thought for ``thinkingSeconds``.
    private func runBot() {
        guard let session, let bot else { return }
        guard !isBotPaused else {
            botDueAt = nil
            return
        }
        for _ in 0..<10_000 {
            let movers = session.seatsToMove
            guard session.result == nil, movers.contains(SeatSet(bot.seat)) else {
                botDueAt = nil
                return
            }
            if movers.seats.count == 1 {
                guard let due = botDueAt else {
                    botDueAt = clock + thinkingSeconds
                    return
                }
                guard clock >= due else { return }
            }
            botDueAt = nil
            guard let move = session.botMoveJSON(for: bot.seat), case .success = session.submit(move, by: bot.seat) else {
                // A game bug, not a player's: the bot's seat loses, as on the server.
                _ = session.forfeit(by: bot.seat)
                broadcast()
                return
            }
            broadcast()
            if movers.seats.count == 1 {
                // The next move it alone may make waits its own thinking time.
                botDueAt = session.seatsToMove == movers ? clock + thinkingSeconds : nil
                return
            }
        }
    }

    private var rules: JSONValue { (try? JSONValue(parsing: [UInt8](game.rulesJSON))) ?? .null }

    private func token(for seat: Seat) -> String { "local-\(matchNumber)-\(seat.index)" }

    private func update(for seat: Seat?, of session: any GameSession) -> ViewUpdate {
        let json = seat.map { session.seatViewJSON(for: $0) } ?? session.publicViewJSON()
        return ViewUpdate(
            code: code ?? "", seat: seat, moves: session.moveCount, toMove: session.seatsToMove,
            view: (try? JSONValue(parsing: [UInt8](json))) ?? .null)
    }
}

/// A table's transport held without keeping it alive (the table's game owns it).
private struct WeakSeat {
    weak var seat: LocalSeatTransport?
    init(_ seat: LocalSeatTransport) { self.seat = seat }
}
