import Broadside
import DuoClient
import DuoDesktop
import DuoPlatform
import Foundation
import TabletopEngine

/// Broadside's table: the latest seat view its host sent (a server, the
/// window's own `LocalMatchHost`, or a replay), drawn by `BroadsidePainter`,
/// and what clicks and keys ask of it. Everything else (the connection, the
/// seat and match, the news, the notices) is the engine's `SeatSession`,
/// handed to it on every call. A value with no I/O.
///
/// The host is authoritative: a move the person makes is only asked for;
/// the boards change when the host's next view says so, and a refused move
/// shows the host's sentence in the news.
public struct BroadsideNetworkTable: SeatTable {
    /// `broadside`.
    public static var gameName: String { Broadside.name }

    /// The rules variant: the host's, once seated.
    public private(set) var game: Broadside
    /// The HUD declaration for the variant.
    public private(set) var hud: BroadsideHUD
    /// The rules variant on the table.
    public var variant: String { game.variant }
    /// The latest view from the host (an empty board before the first).
    public private(set) var view: BroadsideSeatView
    /// Which way the next ship is placed.
    public private(set) var heading: Heading = .across
    /// The cell under the pointer on the primary board.
    public internal(set) var hoverCell: Cell?
    /// The colour each seat's ships are drawn in (a test paints one seat's in a colour of its own).
    public var shipColors = SeatPair(Palette.ship, Palette.ship)
    /// Which band of the board's rows the flat half shows while only a band
    /// fits there (``BroadsideHUD/bandRows(_:)``: 0 the upper rows, 1 the
    /// lower); unused while the whole board shows.
    public var shownBand = 0

    private var autoPlacements: UInt64 = 0
    private let seed: UInt64

    /// A table showing an empty `game` board until its host seats it.
    /// - Parameter seed: seeds auto-placement.
    public init(game: Broadside, seed: UInt64 = 1) {
        self.game = game
        self.hud = BroadsideHUD(rules: game.rules)
        self.seed = seed
        view = Self.emptyView(of: game, for: .first)
    }

    // MARK: - What to show

    /// The moment of play: placement, battle or the end.
    public func moment(_ session: SeatSession) -> BroadsideHUD.Moment {
        if session.result != nil || view.phase == .over { return .gameOver }
        if session.isSpectator { return .battle }
        return view.phase == .placing ? .placement : .battle
    }

    /// The moment's screen; a table that takes no moves (a replay) has no placement controls.
    public func screen(_ session: SeatSession) -> HUDScreen { screen(session, in: nil) }

    /// The moment's screen in a scene (``BroadsideHUD/screen(_:in:)``; nil: any).
    func screen(_ session: SeatSession, in context: LayoutContext?) -> HUDScreen {
        var screen = context.map { hud.screen(moment(session), in: $0) } ?? hud.screen(moment(session))
        guard !session.acceptsMoves, moment(session) == .placement else { return screen }
        let controls: Set<String> = [BroadsideHUD.ElementID.rotate, BroadsideHUD.ElementID.autoPlace, BroadsideHUD.ElementID.clear]
        screen.elements.removeAll { controls.contains($0.id) }
        screen.fallbacks = screen.fallbacks.map { $0.filter { !controls.contains($0.id) } }
        screen.fullerDeclarations = screen.fullerDeclarations.map { $0.filter { !controls.contains($0.id) } }
        return screen
    }

    /// One line for the turn cell.
    public func turnText(session: SeatSession) -> String {
        guard session.seat != nil || session.isSpectator else {
            switch session.connection {
            case .lost: return "Not connected"
            case .reconnecting: return "Reconnecting…"
            default: return "Connecting to \(session.server)…"
            }
        }
        let viewer = session.viewer
        switch moment(session) {
        case .placement:
            guard session.acceptsMoves else { return "The fleets are being placed" }
            if let ship = shipToPlace(session) {
                let shipClass = game.rules.fleet[ship]
                return "Place your \(shipClass.name) (\(shipClass.length))"
            }
            return "Waiting for \(session.nameInSentence(of: viewer.opponent)) to place"
        case .battle:
            guard let turn = view.turn else { return "Waiting for the battle" }
            if !session.isSpectator && turn == viewer {
                return view.salvoSize > 1 ? "Fire! Shot \(view.aimed.count + 1) of \(view.salvoSize)" : "Your turn: fire!"
            }
            return "\(session.name(of: turn)) \(session.isSpectator ? "fires" : "is firing…")"
        case .gameOver:
            guard let winner = session.result?.winner ?? view.winner else { return "Match over: a draw" }
            return session.isYou(winner) ? "You win!" : "\(session.name(of: winner)) wins"
        }
    }

    /// Ships afloat (the viewer's first) and the match's code (on this device: the session's wins).
    public func scoreParts(_ session: SeatSession) -> [String] {
        let viewer = session.viewer
        var afloat = SeatPair(view.opponentAfloat.count, view.opponentAfloat.count)
        afloat[viewer] = view.afloat.count
        let afloatText = BroadsideNews.afloat(afloat, viewer: session.isSpectator ? nil : viewer)
        if session.isLocal, !session.isSpectator {
            let them = session.opponentIsBot ? "bot" : "them"
            return [afloatText, "Wins: you \(session.wins[viewer]), \(them) \(session.wins[viewer.opponent])"]
        }
        return [afloatText, session.code.map { "Match \($0)" } ?? "No match yet"]
    }

    /// The score cell's words, longest first: its caption and parts, then for
    /// a narrow cell the same with each part's leading word moved into the
    /// caption ("AFLOAT · WINS" over "Yours 5, theirs 4" and "You 0, bot 0"),
    /// so that the words stay large enough to read (the painter takes the first at ``legibleScoreSize``).
    public func scoreForms(_ session: SeatSession) -> [(caption: String, parts: [String])] {
        let parts = scoreParts(session)
        var captions: [String] = []
        let short = parts.map { part -> String in
            guard let colon = part.firstIndex(of: ":") else { return part }
            captions.append(part[..<colon].uppercased())
            let rest = part[part.index(after: colon)...].drop { $0 == " " }
            return rest.prefix(1).uppercased() + rest.dropFirst()
        }
        guard !captions.isEmpty else { return [("SCORE", parts)] }
        return [("SCORE", parts), (captions.joined(separator: " · "), short)]
    }

    /// The size in points under which the score's long form gives way to its short one:
    /// 10 px at least at the window's default scale (a little under 1 pixel per point).
    public static let legibleScoreSize = 12.0

    /// The score on one line.
    public func scoreText(session: SeatSession) -> String { scoreParts(session).joined(separator: " · ") }

    /// The ship placed next, while placing.
    public func shipToPlace(_ session: SeatSession) -> Int? {
        guard moment(session) == .placement, session.acceptsMoves else { return nil }
        return game.rules.fleet.indices.first { !view.fleet.isPlaced($0) }
    }

    /// The cells the next ship would cover at the hover cell, and whether the rules let it go there.
    public func placementPreview(_ session: SeatSession) -> (cells: [Cell], isLegal: Bool)? {
        guard let ship = shipToPlace(session), let cell = hoverCell else { return nil }
        let placement = game.fittedPlacement(ship: ship, at: cell, heading: heading)
        let cells = Array(placement.cells(length: game.rules.fleet[ship].length))
        let state = game.placingState(of: session.viewer, fleet: view.fleet)
        return (cells, (try? game.validate(.place(placement), by: session.viewer, in: state)) != nil)
    }

    /// Whether the turn cell is lit: the viewer's turn in battle, on a live connection.
    public func isViewerFiring(_ session: SeatSession) -> Bool { session.canMove && view.isMyTurn && moment(session) == .battle }

    // MARK: - Input

    /// Does what an input asks; returns the moves it asks the host for.
    public mutating func handle(_ input: BroadsideInput, session: SeatSession) -> [BroadsideMove] {
        switch input {
        case .hover(let cell):
            hoverCell = cell
        case .tap(let cell):
            hoverCell = cell
            return tap(cell, session: session)
        case .press(let id):
            switch id {
            case BroadsideHUD.ElementID.rotate: rotateShip(session)
            case BroadsideHUD.ElementID.autoPlace: return autoPlace(session)
            case BroadsideHUD.ElementID.clear: return clearFleet(session)
            default: break
            }
        case .rotateShip: rotateShip(session)
        case .autoPlace: return autoPlace(session)
        case .clearFleet: return clearFleet(session)
        }
        return []
    }

    private func tap(_ cell: Cell, session: SeatSession) -> [BroadsideMove] {
        switch moment(session) {
        case .placement:
            guard let ship = shipToPlace(session) else { return [] }
            return [.place(game.fittedPlacement(ship: ship, at: cell, heading: heading))]
        case .battle:
            guard view.isMyTurn, session.acceptsMoves else { return [] }
            return [.fire(cell)]
        case .gameOver:
            return []
        }
    }

    private mutating func rotateShip(_ session: SeatSession) {
        guard moment(session) == .placement else { return }
        heading = heading == .across ? .down : .across
    }

    /// The rest of the fleet at random legal positions, all at once (the host answers them in order).
    private mutating func autoPlace(_ session: SeatSession) -> [BroadsideMove] {
        guard session.canMove, session.movesInFlight == 0, shipToPlace(session) != nil else { return [] }
        let viewer = session.viewer
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
        return moves
    }

    private func clearFleet(_ session: SeatSession) -> [BroadsideMove] {
        guard moment(session) == .placement, view.fleet.count > 0 else { return [] }
        return [.reset]
    }

    // MARK: - The host's views

    /// Takes the host's rules for the match.
    public mutating func load(variant: String, rules: JSONValue) throws {
        let loaded = try Broadside(variant: variant, rulesData: Data(rules.serialized))
        if loaded.rules != game.rules || loaded.variant != game.variant {
            game = loaded
            hud = BroadsideHUD(rules: loaded.rules)
        }
    }

    /// An empty board for the session's viewer.
    public mutating func startMatch(session: SeatSession) {
        view = Self.emptyView(of: game, for: session.viewer)
        heading = .across
        hoverCell = nil
    }

    /// Shows the host's view (a spectator's is the public view) and words what changed.
    public mutating func show(_ update: ViewUpdate, session: SeatSession, news: inout SeatNews) throws {
        let next =
            session.isSpectator
            ? BroadsideSeatView(watching: try update.decode(BroadsidePublicView.self)) : try update.decode(BroadsideSeatView.self)
        let before = view
        view = next
        announce(from: before, to: next, session: session, news: &news)
    }

    /// What the news calls the seats.
    private func newsNames(_ session: SeatSession) -> BroadsideNews.Names {
        let subjects = SeatPair(session.name(of: .first), session.name(of: .second))
        if session.isSpectator || session.seat == nil {
            return BroadsideNews.Names(subject: subjects, owner: subjects.map { "\($0)'s" }, you: nil)
        }
        var owners = SeatPair("their", "their")
        owners[session.viewer] = "your"
        return BroadsideNews.Names(subject: subjects, owner: owners, you: session.viewer)
    }

    /// The news of what changed between two views.
    private func announce(from before: BroadsideSeatView, to next: BroadsideSeatView, session: SeatSession, news: inout SeatNews) {
        let names = newsNames(session)
        if !session.isSpectator, next.phase == .placing, !before.opponentReady, next.opponentReady {
            news.say("\(session.name(of: session.viewer.opponent)) has hidden their fleet")
        }
        if next.lastVolley != before.lastVolley, let volley = next.lastVolley {
            let (line, banner) = BroadsideNews.volley(volley, rules: game.rules, names: names)
            if let banner { news.announce(line, banner: banner) } else { news.say(line) }
        }
        if before.phase != .over, next.phase == .over, let winner = next.winner {
            news.announce(BroadsideNews.victory(of: winner, names: names))
        }
        if before.phase == .placing, next.phase == .battle, let turn = next.turn {
            news.say("Battle stations! \(names.sentence(turn, "fire", "fires")) first")
        }
    }

    /// A seat's view of a match in which nothing has happened yet.
    static func emptyView(of game: Broadside, for seat: Seat) -> BroadsideSeatView {
        game.seatView(of: game.makeInitialState(MatchSetup(seed: 0)), for: seat)
    }
}
