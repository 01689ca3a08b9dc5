import DuoClient
import DuoPlatform
import TabletopEngine

/// A match played in this window, against a bot or by two people passing
/// the device, with the game's ``SeatTable``: a ``LocalMatchHost``
/// holds the match and answers each seat's table as a server would, so
/// the table that paints only ever receives its own seat's views.
///
/// Against a bot there is one table (seat 0's). With two people there is
/// one table per seat, each fed only its own seat's messages; the window
/// shows the table of the seat holding the device. When the turn passes
/// to the other seat, the player who moved sees the outcome for
/// ``handOverSeconds`` (or until Enter), then an engine-drawn privacy
/// screen asks the other player to take the device; only their
/// confirmation shows their table. A game with nothing hidden (golf) may
/// do without the privacy screen: the table of the seat to move then shows at once.
///
/// A game may seat two people at once when the device stands as a tent
/// (``seatsOnTentHalves``, see `TentSeating`): each seat's table is then
/// laid out and painted in its own inner half, both at the same time, with no
/// privacy screen; a press on a half goes to that half's table and keys to the
/// table of the half the pointer was last on. Out of the tent the match goes
/// on by passing the device (the status line says so).
///
/// New game (N, or the New game control) is the host's: the match under
/// way is resigned by the asking seat (``abandonMatch()``, a forfeit as
/// the server does for `resign`) and the next starts with the same seats.
public final class LocalMatchGame<Table: SeatTable>: DesktopGame {
    /// Seconds the player who moved sees the outcome before the privacy screen goes up.
    public static var handOverSeconds: Double { 1.5 }

    /// The match's host.
    public let host: LocalMatchHost
    /// Each seat's table around its own connection to the host (one against a bot).
    public private(set) var seats: [NetworkGame<Table>]
    /// The bot the demo turns play for people's seats.
    public let demoBot: String
    /// Whether two people pass the device with a privacy screen between them.
    public let hidesSeats: Bool
    /// Whether two people each play on their own inner half when the device stands as a tent.
    public let seatsOnTentHalves: Bool
    /// Where the two people sit now, when each has their own half (nil: one table shows).
    public internal(set) var seating: TentSeating?
    /// The seat whose half the pointer was last on, with each seat on its own half: its table takes the keys.
    public internal(set) var focus: Seat = .first
    var pressedSeat: Seat?
    var hoveredSeat: Seat?
    var halfLayouts: [(context: LayoutContext, screen: HUDScreen, layout: HUDLayout)?] = [nil, nil]
    /// The seat whose table shows (or who is asked to take the device).
    public internal(set) var holder: Seat = .first
    /// Whether the privacy screen is up.
    public internal(set) var isPrivacyScreenUp: Bool
    var handOverIn: Double?

    /// A match of `game` against `bot` (nil: two people on this device).
    /// - Parameters:
    ///   - game: the game and variant.
    ///   - bot: the bot in seat 1, or nil for two people.
    ///   - seed: seeds every match and the tables' own randomness.
    ///   - thinkingSeconds: how long the bot waits before a move it alone may make.
    ///   - demoBot: the bot that plays people's seats in ``playDemoTurns(_:)``.
    ///   - hidesSeats: with two people, whether a privacy screen stands between their turns.
    ///   - seatsOnTentHalves: with two people, whether each plays on their own half of a tent at once.
    ///   - makeTable: a table for a seat, showing an empty board until the host seats it.
    /// - Throws: `UnknownBotError` when the game has no bot `bot`.
    public init(
        game: AnyGame, bot: String?, seed: UInt64, thinkingSeconds: Double = 0.7, demoBot: String, hidesSeats: Bool = true,
        seatsOnTentHalves: Bool = false, makeTable: (Seat) -> Table
    ) throws(UnknownBotError) {
        if let bot { try game.checkBot(named: bot) }
        let host = LocalMatchHost(game: game, seed: seed, thinkingSeconds: thinkingSeconds)
        self.host = host
        self.demoBot = demoBot
        self.hidesSeats = bot == nil && hidesSeats
        self.seatsOnTentHalves = bot == nil && seatsOnTentHalves
        isPrivacyScreenUp = self.hidesSeats
        func connect(_ request: MatchRequest, seat: Seat) -> NetworkGame<Table> {
            let table = NetworkGame(
                transport: host.connect(), server: LocalMatchHost.serverName, request: request, table: makeTable(seat), tickets: nil, seed: seed)
            table.advance(by: 0)
            return table
        }
        var seats = [connect(.create(variant: game.variant, bot: bot), seat: .first)]
        if bot == nil, let code = host.code {
            seats.append(connect(.join(code: code), seat: .second))
            // The first table hears that the second one joined.
            seats[0].advance(by: 0)
        }
        self.seats = seats
    }

    /// The table showing (or about to, behind the privacy screen); with a seat on each half, the focused one.
    public var shown: NetworkGame<Table> { seats[seats.count > 1 ? (seating == nil ? holder : focus).index : 0] }

    /// What a seat is called on the privacy screen.
    public static func playerName(of seat: Seat) -> String { "Player \(seat.index + 1)" }

    /// The privacy screen's message.
    public var privacyText: String { PrivacyScreen.headline(for: Self.playerName(of: holder)) }

    // MARK: - DesktopGame

    /// The game's title.
    public var title: String { shown.title }
    /// The privacy screen, or the shown table's screen; with a seat on each
    /// half, none for the whole scene (each half lays out its own, ``halves``).
    public func screen(in context: LayoutContext) -> HUDScreen {
        if seating != nil { return Self.seatsOnHalvesScreen }
        return isPrivacyScreenUp ? PrivacyScreen.screen : shown.screen(in: context)
    }
    /// The table's keys.
    public var hotkeys: [Hotkey] { shown.hotkeys }
    /// The table's panel colours (the privacy screen keeps them: they tell nothing).
    public var panelColors: (flat: RGBAColor, upright: RGBAColor) { shown.panelColors }
    /// The table's hinge effect.
    public var hingeEffectStyle: HingeEffectStyle { shown.hingeEffectStyle }

    /// The privacy screen, or the shown table from its own seat's views; with
    /// a seat on each half, each seat's table in its own half.
    public func paint(on canvas: Canvas, layout: HUDLayout, context: LayoutContext, effect: HingeEffect.Visual?) {
        if seating != nil { return paintHalves(on: canvas, effect: effect) }
        guard isPrivacyScreenUp else { return shown.paint(on: canvas, layout: layout, context: context, effect: effect) }
        PrivacyScreen.paint(
            on: canvas, layout: layout, headline: privacyText, detail: PrivacyScreen.detail(for: Self.playerName(of: holder)),
            button: PrivacyScreen.buttonText)
    }

    /// The shown table previews (nothing behind the privacy screen).
    public func pointerMoved(to point: Point?, layout: HUDLayout) {
        if seating != nil { return moveOnHalves(to: point, layout: layout) }
        guard !isPrivacyScreenUp else { return }
        shown.pointerMoved(to: point, layout: layout)
    }

    /// The privacy screen's control, New game, or the shown table's press.
    public func pointerPressed(at point: Point, layout: HUDLayout) {
        if seating != nil { return pressOnHalves(at: point, layout: layout) }
        let id = layout.element(at: point)?.id
        if isPrivacyScreenUp {
            if id == PrivacyScreen.takeDevice { revealHolder() }
            return
        }
        if id == DesktopElementID.newGame { return startNextMatch() }
        shown.pointerPressed(at: point, layout: layout)
        takeAnswers()
    }

    /// The shown table's release (a golf stroke).
    public func pointerReleased(at point: Point?, layout: HUDLayout) {
        if seating != nil { return releaseOnHalves(at: point, layout: layout) }
        guard !isPrivacyScreenUp else { return }
        shown.pointerReleased(at: point, layout: layout)
        takeAnswers()
    }

    /// Enter takes the device behind the privacy screen (or hands it over at
    /// once after a move); New game is the host's; the rest is the table's.
    public func perform(_ command: DesktopCommand) {
        if command == .newGame { return startNextMatch() }
        if seating != nil {
            shown.perform(command)
            return takeAnswers()
        }
        if isPrivacyScreenUp {
            if command == .confirm { revealHolder() }
            return
        }
        if command == .confirm, handOverIn != nil { return raisePrivacyScreen() }
        shown.perform(command)
        takeAnswers()
    }

    /// Lets time pass for every table (the hidden one takes in its own news) and the host's bot.
    public func advance(by seconds: Double) {
        // The bot thinks once every table has shown the last move (a ball has stopped rolling).
        host.isBotPaused = seats.contains { $0.isShowingMove }
        for seat in seats { seat.advance(by: seconds) }
        if let remaining = handOverIn {
            handOverIn = remaining - max(0, seconds)
            if remaining - seconds <= 0 { raisePrivacyScreen() }
        }
        handOverIfDue()
    }

    /// Plays `turns` turns with bots on both seats (see ``LocalMatchHost/playDemoTurns(_:botName:)``)
    /// and shows the table of the seat to move next (the winner's once the match is over), with no privacy screen.
    public func playDemoTurns(_ turns: Int) {
        host.playDemoTurns(turns, botName: demoBot)
        for seat in seats {
            seat.advance(by: 0)
            seat.finishShowingMoves()
        }
        if seats.count > 1 {
            holder = host.seatsToMove.seats.first ?? host.session?.result?.winner ?? holder
        }
        isPrivacyScreenUp = false
        handOverIn = nil
    }

    /// Where two people sit when each has a half, or that they pass the device until it stands as a tent;
    /// nothing otherwise (the match is on this device).
    public var statusNote: String? { statusNote(canStandAsTent: true) }

    /// Where two people sit, or that they pass the device; only a device
    /// with a hinge is told that a tent would seat both at once.
    public func statusNote(canStandAsTent: Bool) -> String? {
        guard seatsOnTentHalves, seats.count > 1 else { return nil }
        guard canStandAsTent else { return "passing the device" }
        return seating?.summary ?? "passing the device (a tent seats both players at once)"
    }

    /// Lets go of the host.
    public func close() {
        for seat in seats { seat.close() }
    }

    /// Whether a person has moved in a match with no result yet.
    public var isMatchInProgress: Bool { host.isMatchUnderWay }

    /// The seat asking for a new game resigns (the seat holding the device,
    /// the person against a bot), and the next match starts.
    public func abandonMatch() {
        host.resign(by: seats.count > 1 ? (seating == nil ? holder : focus) : .first)
        for seat in seats { seat.advance(by: 0) }
        startNextMatch()
    }

    /// The shown table's news.
    public func scrollNews(by steps: Int) {
        guard !isPrivacyScreenUp else { return }
        shown.scrollNews(by: steps)
    }

    /// The shown table's banner.
    public func dismissBanner() -> Bool { isPrivacyScreenUp ? false : shown.dismissBanner() }

    // MARK: - Passing the device

    /// The host answers at once, in the same process: every table takes
    /// its answer in now, not a frame later, so a move shows where it was made.
    func takeAnswers() {
        for seat in seats { seat.advance(by: 0) }
        handOverIfDue()
    }

    func startNextMatch() {
        host.startNextMatch()
        for seat in seats { seat.advance(by: 0) }
        holder = .first
        handOverIn = nil
        isPrivacyScreenUp = hidesSeats && seating == nil
        handOverIfDue()
    }

    /// When the holder may no longer move and the other seat may, the device
    /// goes over: behind a privacy screen after the pause, or at once for a game hiding nothing.
    func handOverIfDue() {
        guard seats.count > 1, seating == nil, handOverIn == nil, !isPrivacyScreenUp else { return }
        let movers = host.seatsToMove
        guard !movers.contains(SeatSet(holder)), movers.contains(SeatSet(holder.opponent)) else { return }
        if hidesSeats {
            handOverIn = Self.handOverSeconds
        } else {
            holder = holder.opponent
        }
    }

    private func raisePrivacyScreen() {
        handOverIn = nil
        holder = holder.opponent
        isPrivacyScreenUp = true
    }

    private func revealHolder() {
        isPrivacyScreenUp = false
        handOverIfDue()
    }
}

/// The victory photo of the shown table, when the game's table takes one.
extension LocalMatchGame: VictoryPhotoGame where Table: VictoryPhotoTable {
    /// The shown table's match.
    public var matchNumber: Int { shown.matchNumber }
    /// Whether the shown table's match is over.
    public var isMatchOver: Bool { shown.isMatchOver }
    /// The shown table's headline of a person's win; none while each seat has its own half
    /// (the photo's preview and controls take the whole scene, and the camera faces one half only).
    public var personVictory: String? { isPrivacyScreenUp || seating != nil ? nil : shown.personVictory }
    /// The shown table's score.
    public var scoreLines: [String] { shown.scoreLines }
    /// The shown table's photo screen.
    public var victoryPhotoScreen: HUDScreen { shown.victoryPhotoScreen }
}
