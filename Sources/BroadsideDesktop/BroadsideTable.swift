import Broadside
import DuoDesktop
import DuoPlatform
import TabletopEngine

/// A Broadside session at the desktop table: the match, who plays it (a
/// person against a bot, or two people passing the device), whose screen is
/// showing, the privacy screen between turns, ship placement by hand, the
/// news of each shot and the wins so far. A value driven by input and time,
/// with no SDL in it, so every rule of play is tested without a window.
public struct BroadsideTable: Sendable {
    /// Who plays.
    public enum Mode: Sendable, Equatable {
        /// A person (seat 0) against the named bot (seat 1).
        case versusBot(String)
        /// Two people on one device, with a privacy screen between turns.
        case passAndPlay
    }

    /// A message shown across the boards for a moment (a ship sunk, the match won).
    public typealias Banner = TableBanner

    /// The colour each seat's ships are drawn in (pass-and-play players may
    /// tell their fleets apart; a test paints one seat's in a colour of its own).
    public var shipColors = SeatPair(Palette.ship, Palette.ship)

    /// Seconds a bot waits before each move, so a person can follow it.
    public static let botThinkingSeconds = 0.7

    /// The rules variant.
    public let game: Broadside
    /// Who plays.
    public let mode: Mode
    /// The HUD declaration for this variant and mode.
    public let hud: BroadsideHUD
    /// The match.
    public private(set) var state: BroadsideState
    /// Whose screen is showing (always seat 0 against a bot).
    public internal(set) var viewer: Seat
    /// Whether the privacy screen is up (pass-and-play only).
    public internal(set) var isHandoff: Bool
    /// In pass-and-play, whether the viewer has fired and must now pass the device.
    public internal(set) var mustPass = false
    /// Which way the next ship is placed.
    public private(set) var heading: Heading = .across
    /// The cell under the pointer on the primary board, for the placement and aiming previews.
    public private(set) var hoverCell: Cell?
    /// Which band of the board's rows the flat half shows while only a band fits there.
    public var shownBand = 0
    /// The news log and the banner.
    public private(set) var feed = NewsFeed()
    /// Matches won by each seat this session.
    public private(set) var wins = SeatPair(0, 0)
    /// How many matches have started (the first seat alternates with it).
    public private(set) var matchIndex = 0
    /// The opponent bot (versus-bot mode).
    private var bot: BroadsideBot?
    private var botCountdown = 0.0
    private let seed: UInt64

    /// A new session, its first match ready to place.
    /// - Throws: ``UnknownBotError`` when the bot name is not one of the game's.
    public init(game: Broadside, mode: Mode, seed: UInt64) throws(UnknownBotError) {
        self.game = game
        self.mode = mode
        self.seed = seed
        self.hud = BroadsideHUD(rules: game.rules, isPassAndPlay: mode == .passAndPlay)
        let setup = MatchSetup(batchSeed: seed, matchIndex: 0)
        state = game.makeInitialState(setup)
        viewer = .first
        isHandoff = mode == .passAndPlay
        if case .versusBot(let name) = mode {
            bot = try game.makeBot(named: name, seat: .second, seed: setup.botSeed(for: .second))
        }
        startMatch()
    }

    // MARK: - What to show

    /// The moment of play the viewer's screen shows.
    public var moment: BroadsideHUD.Moment {
        if isHandoff { return .handoff }
        switch state.phase {
        case .placing: return .placement
        case .battle: return .battle
        case .over: return .gameOver
        }
    }

    /// The HUD screen to lay out now.
    public var screen: HUDScreen { hud.screen(moment, canPass: mustPass) }

    /// What the viewer may see (nothing secret of the other seat).
    public var view: BroadsideSeatView { game.seatView(of: state, for: viewer) }

    /// The other seat's whole fleet, once the match is over (both fleets are then revealed).
    public var revealedOpponentFleet: FleetLayout? {
        state.phase == .over ? state.fleets[viewer.opponent] : nil
    }

    /// What a seat is called on screen.
    public func name(of seat: Seat) -> String {
        switch mode {
        case .versusBot(let bot): return seat == .first ? "You" : "The \(bot) bot"
        case .passAndPlay: return "Player \(seat.rawValue + 1)"
        }
    }

    /// A seat's name with a verb that agrees with it ("You fire", "Player 2 fires").
    func sentence(_ seat: Seat, _ plural: String, _ singular: String) -> String {
        newsNames.sentence(seat, plural, singular)
    }

    /// What the news calls the seats.
    var newsNames: BroadsideNews.Names {
        let subjects = SeatPair(name(of: .first), name(of: .second))
        let owners = mode == .passAndPlay ? subjects.map { "\($0)'s" } : SeatPair("your", "their")
        return BroadsideNews.Names(subject: subjects, owner: owners, you: mode == .passAndPlay ? nil : .first)
    }

    /// The ship placed next (the first unplaced one in fleet order), while placing.
    public var shipToPlace: Int? {
        guard state.phase == .placing, !isHandoff else { return nil }
        let fleet = state.fleets[viewer]
        return game.rules.fleet.indices.first { !fleet.isPlaced($0) }
    }

    /// The cells the next ship would cover at the hover cell, and whether it may go there.
    public var placementPreview: (cells: [Cell], isLegal: Bool)? {
        guard let ship = shipToPlace, let cell = hoverCell else { return nil }
        let placement = fittedPlacement(ship: ship, at: cell)
        let length = game.rules.fleet[ship].length
        let cells = Array(placement.cells(length: length))
        let legal = (try? game.validate(.place(placement), by: viewer, in: state)) != nil
        return (cells, legal)
    }

    /// One line for the turn cell.
    public var turnText: String {
        switch moment {
        case .handoff:
            return "\(name(of: viewer)), take the device"
        case .placement:
            if let ship = shipToPlace {
                let shipClass = game.rules.fleet[ship]
                return "Place your \(shipClass.name) (\(shipClass.length))"
            }
            return "Waiting for \(name(of: viewer.opponent))"
        case .battle:
            if mustPass { return "Pass the device to \(name(of: viewer.opponent))" }
            if state.turn == viewer {
                let aimed = state.aimed.count
                return state.salvoSize > 1 ? "Fire! Shot \(aimed + 1) of \(state.salvoSize)" : "Your turn: fire!"
            }
            return "\(name(of: state.turn)) is firing…"
        case .gameOver:
            guard let winner = state.winner else { return "Match over" }
            return mode == .passAndPlay ? "\(name(of: winner)) wins!" : (winner == viewer ? "You win!" : "\(name(of: winner)) wins")
        }
    }

    /// The score cell's parts: ships afloat (viewer's first) and matches won this session.
    public var scoreParts: [String] {
        let afloat = SeatPair(state.afloat[.first].count, state.afloat[.second].count)
        return [
            BroadsideNews.afloat(afloat, viewer: viewer),
            "Wins: you \(wins[viewer]), \(mode == .passAndPlay ? "them" : "bot") \(wins[viewer.opponent])",
        ]
    }

    // MARK: - Input

    /// The pointer is over a cell of the primary board (nil: off it).
    public mutating func hover(_ cell: Cell?) {
        hoverCell = cell
    }

    /// A tap on a cell of the primary board.
    public mutating func tap(_ cell: Cell) {
        hoverCell = cell
        switch moment {
        case .placement:
            guard let ship = shipToPlace else { return }
            feed.playerActed()
            play(.place(fittedPlacement(ship: ship, at: cell)))
        case .battle:
            guard !mustPass, state.turn == viewer else { return }
            feed.playerActed()
            play(.fire(cell))
        case .handoff, .gameOver:
            return
        }
    }

    /// A control pressed, by its HUD id.
    public mutating func press(_ id: String) {
        switch id {
        case BroadsideHUD.ElementID.rotate: rotateShip()
        case BroadsideHUD.ElementID.autoPlace: autoPlace()
        case BroadsideHUD.ElementID.clear: clearFleet()
        case BroadsideHUD.ElementID.pass: pass()
        case BroadsideHUD.ElementID.reveal: reveal()
        case BroadsideHUD.ElementID.newGame: newGame()
        default: return
        }
    }

    /// Turns the ship being placed.
    public mutating func rotateShip() {
        guard moment == .placement else { return }
        feed.playerActed()
        heading = heading == .across ? .down : .across
    }

    /// Places the viewer's remaining ships at random legal positions.
    public mutating func autoPlace() {
        guard moment == .placement else { return }
        feed.playerActed()
        // The placement bot hides the longest unplaced ship; it may start over when stuck.
        var placer = BroadsideBot(
            game: game, seat: viewer, shooter: .random, placer: .random,
            seed: seed &+ UInt64(matchIndex) &* 31 &+ UInt64(viewer.rawValue) &+ UInt64(feed.entries.count))
        for _ in 0..<200 where shipToPlace != nil {
            guard let move = placer.move(for: view) else { break }
            play(move, announce: false)
        }
    }

    /// Takes back every ship the viewer placed.
    public mutating func clearFleet() {
        guard moment == .placement, state.fleets[viewer].count > 0 else { return }
        feed.playerActed()
        play(.reset, announce: false)
    }

    /// Pass-and-play: hands the device to the other player (privacy screen first).
    public mutating func pass() {
        guard mode == .passAndPlay, mustPass else { return }
        mustPass = false
        viewer = viewer.opponent
        isHandoff = true
        hoverCell = nil
    }

    /// Pass-and-play: the next player confirms they hold the device.
    public mutating func reveal() {
        guard isHandoff else { return }
        isHandoff = false
    }

    /// Whether a match is under way that a new game would throw away: the
    /// battle is on, or a person has placed a ship (the bot's hidden fleet alone is no loss).
    public var hasMatchUnderWay: Bool {
        switch state.phase {
        case .battle: return true
        case .over: return false
        case .placing: return state.fleets[.first].count > 0 || (mode == .passAndPlay && state.fleets[.second].count > 0)
        }
    }

    /// The seat that asked, the person against a bot, or the one holding the
    /// device in pass-and-play: the one who resigns when a match is abandoned.
    public var askingSeat: Seat { mode == .passAndPlay ? viewer : .first }

    /// The asking seat gives up the match under way: the other seat is
    /// credited with the win and the news says who resigned. Does nothing
    /// once the match is over or before anything was played.
    public mutating func resign() {
        guard hasMatchUnderWay else { return }
        let seat = askingSeat
        wins[seat.opponent] += 1
        feed.clearBanner()
        feed.say(BroadsideNews.resignation(by: seat, match: matchIndex + 1, names: newsNames))
    }

    /// Scrolls the news log (positive: towards older news).
    public mutating func scrollNews(by steps: Int) { feed.scroll(by: steps) }

    /// Takes the banner down; returns whether one was showing.
    public mutating func dismissBanner() -> Bool { feed.dismissBanner() }

    /// Starts the next match; the first seat alternates.
    public mutating func newGame() {
        matchIndex += 1
        let setup = MatchSetup(batchSeed: seed, matchIndex: matchIndex)
        state = game.makeInitialState(setup)
        if case .versusBot(let name) = mode {
            bot = try? game.makeBot(named: name, seat: .second, seed: setup.botSeed(for: .second))
        }
        viewer = .first
        isHandoff = mode == .passAndPlay
        mustPass = false
        heading = .across
        hoverCell = nil
        feed.clearBanner()
        feed.say("Match \(matchIndex + 1): \(sentence(setup.firstSeat, "fire", "fires")) first")
        startMatch()
    }

    /// Lets time pass: the bot moves when its turn comes.
    public mutating func advance(by seconds: Double) {
        guard seconds > 0 else { return }
        guard var bot, state.phase == .battle, state.turn == .second else { return }
        botCountdown -= seconds
        guard botCountdown <= 0 else { return }
        if let move = bot.move(for: game.seatView(of: state, for: .second)) {
            play(move, by: .second)
        }
        self.bot = bot
        botCountdown = Self.botThinkingSeconds * (state.aimed.isEmpty ? 1 : 0.4)
    }

    // MARK: - Playing moves

    private mutating func startMatch() {
        if var bot {
            // The bot hides its fleet at once; the person places theirs by hand.
            for _ in 0..<200 where state.fleets[.second].placedMask != ShipSet.all(game.rules.fleet.count).rawValue {
                guard let move = bot.move(for: game.seatView(of: state, for: .second)) else { break }
                play(move, by: .second, announce: false)
            }
            self.bot = bot
            botCountdown = Self.botThinkingSeconds
        }
    }

    /// Plays a move for any seat, with the news and banners a real move gets.
    mutating func forcePlay(_ move: BroadsideMove, by seat: Seat) {
        play(move, by: seat)
    }

    private mutating func play(_ move: BroadsideMove, by seat: Seat? = nil, announce: Bool = true) {
        let mover = seat ?? viewer
        let before = state
        do {
            try game.play(move, by: mover, in: &state)
        } catch {
            if announce { feed.advise(error.message) }
            return
        }
        if state.lastVolley != before.lastVolley, let volley = state.lastVolley {
            announceVolley(volley)
        }
        if before.phase == .placing && mode == .passAndPlay && mover == viewer
            && state.fleets[viewer].placedMask == ShipSet.all(game.rules.fleet.count).rawValue
        {
            // This player's fleet is hidden: the other one places, or the battle begins.
            viewer = state.phase == .battle ? state.turn : viewer.opponent
            isHandoff = true
            hoverCell = nil
        }
        if before.phase != .over, state.phase == .over, let winner = state.winner {
            wins[winner] += 1
            feed.announce(BroadsideNews.victory(of: winner, names: newsNames))
            mustPass = false
        } else if mode == .passAndPlay, state.phase == .battle, before.phase == .battle, before.turn == viewer, state.turn != viewer {
            mustPass = true
        }
        if before.phase == .placing, state.phase == .battle {
            say("Battle stations! \(sentence(state.turn, "fire", "fires")) first")
        }
    }

    /// A placement at `cell`, moved back inside the board if the ship would stick out.
    private func fittedPlacement(ship: Int, at cell: Cell) -> ShipPlacement {
        game.fittedPlacement(ship: ship, at: cell, heading: heading)
    }

    private mutating func announceVolley(_ volley: Volley) {
        let (line, banner) = BroadsideNews.volley(volley, rules: game.rules, names: newsNames)
        if let banner { feed.announce(line, banner: banner) } else { feed.say(line) }
    }

    private mutating func say(_ line: String) {
        feed.say(line)
    }
}

extension BroadsideTable {
    /// Plays `turns` turns with bots on both seats (after auto-placing the
    /// viewer's fleet), for pictures and tests; stops at the end of the match.
    public mutating func playDemoTurns(_ turns: Int) {
        if moment == .handoff { reveal() }
        while moment == .placement && shipToPlace != nil { autoPlace() }
        if moment == .handoff { reveal() }
        if moment == .placement, mode == .passAndPlay {
            // The other player hides their fleet too.
            while moment == .placement && shipToPlace != nil { autoPlace() }
            if moment == .handoff { reveal() }
        }
        var shooters = [
            Seat.first: try? game.makeBot(named: "hunt", seat: .first, seed: 7),
            Seat.second: try? game.makeBot(named: "hunt", seat: .second, seed: 8),
        ]
        var played = 0
        while played < turns, state.phase == .battle {
            let seat = state.turn
            guard var bot = shooters[seat] ?? nil, let move = bot.move(for: game.seatView(of: state, for: seat)) else { break }
            // Only the last turn's banner may still show.
            feed.clearBanner()
            shooters[seat] = bot
            let before = state.turn
            forcePlay(move, by: seat)
            if state.turn != before || state.phase != .battle { played += 1 }
        }
        mustPass = false
        isHandoff = false
        if state.phase == .battle, mode == .passAndPlay { viewer = state.turn }
        // In play the winner fires the last shot on their own screen: show the same.
        if state.phase == .over, mode == .passAndPlay, let winner = state.winner { viewer = winner }
    }
}

extension BroadsideTable: BroadsideTableModel {
    /// A local table has no notice strip.
    public var notice: TableNotice? { nil }

    /// Does what an input asks.
    public mutating func handle(_ input: BroadsideInput) {
        switch input {
        case .hover(let cell): hover(cell)
        case .tap(let cell): tap(cell)
        case .press(let id): press(id)
        case .rotateShip: rotateShip()
        case .autoPlace: autoPlace()
        case .clearFleet: clearFleet()
        case .confirm: if isHandoff { reveal() } else { pass() }
        case .newGame: newGame()
        }
    }
}
