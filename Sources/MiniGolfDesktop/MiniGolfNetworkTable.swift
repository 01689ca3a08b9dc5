import DuoClient
import DuoDesktop
import DuoPlatform
import Foundation
import MiniGolf
import TabletopEngine

/// A mini golf match held by a server, at the desktop table: the local
/// table's course, caddie view and painter, drawn from the server's views
/// (golf has no secrets: a seat's view is the whole table), with strokes
/// asked of the server instead of played here. A value with no I/O: a
/// ``DuoDesktop/NetworkGame`` feeds it and sends what it asks for.
public struct MiniGolfNetworkTable: NetworkTable {
    /// `minigolf`.
    public static var gameName: String { MiniGolf.name }

    /// The server as the person named it (`HOST:PORT`).
    public let server: String
    /// The match's code, once known.
    public private(set) var code: String?
    /// The seat played, once seated (nil while waiting, or for a spectator).
    public private(set) var seat: Seat?
    /// The table shown: the server's latest view.
    public private(set) var table: MiniGolfTable
    /// Where the connection is.
    public private(set) var connection: ConnectionState = .connecting(attempt: 1)
    /// The match's result, once the server sent it.
    public private(set) var result: MatchResult?
    private var requests: [NetworkRequest<MiniGolfShot>] = []
    private let seed: UInt64

    /// A table for a match on `server`, showing `game`'s first hole until the server seats it.
    public init(game: MiniGolf, server: String, seed: UInt64 = 1) {
        self.server = server
        self.seed = seed
        table = MiniGolfTable(game: game, online: nil, seed: seed)
    }

    /// The rules variant on the table.
    public var variant: String { table.game.variant }

    /// Whether the match is hosted in this window (`LocalMatchHost`).
    public var isLocal: Bool { server == LocalMatchHost.serverName }

    /// Whether a stroke is still rolling: a bot in this window waits for it to stop.
    public var isShowingMove: Bool { table.isRolling }

    /// Stops the rolling stroke where it ends.
    public mutating func finishShowingMoves() { table.finishRolling() }

    // MARK: - NetworkTable

    /// Reads a message from the server.
    public mutating func receive(_ message: ServerMessage) {
        switch message {
        case .seated(let kind, let ticket, let gameName, let variant, let rules, let opponent):
            guard let game = load(gameName: gameName, variant: variant, rules: rules) else { return }
            let isSameMatch = ticket.code == code && ticket.seat == seat
            if !isSameMatch {
                // The news and the wins stay at the table from one match to the next.
                let news = table.news
                table = MiniGolfTable(game: game, online: ticket.seat, seed: seed, opponent: opponent, wins: table.wins)
                for line in news.reversed() { table.note(line) }
                result = nil
            }
            seat = ticket.seat
            code = ticket.code
            switch kind {
            case _ where isLocal:
                table.note(
                    "Match \(ticket.code)"
                        + (opponent?.hasPrefix("bot:") == true ? " against \(table.name(of: ticket.seat.opponent).lowercasedArticle)" : ""))
            case "created": table.note("Match \(ticket.code) created: give the code to your opponent")
            case "joined": table.note("You joined match \(ticket.code)")
            default: table.note(isSameMatch ? "Back in match \(ticket.code)" : "Seat \(ticket.seat.index) of match \(ticket.code) taken back")
            }
        case .watching(let code, let gameName, let variant, let rules):
            guard let game = load(gameName: gameName, variant: variant, rules: rules) else { return }
            if code != self.code || seat != nil { table = MiniGolfTable(game: game, online: nil, seed: seed) }
            seat = nil
            self.code = code
            table.note("Watching match \(code)")
        case .view(let update):
            guard update.seat == seat else { return }
            do {
                let view = seat == nil ? try update.decode(MiniGolfPublicView.self) : try update.decode(MiniGolfSeatView.self).table
                table.show(view)
            } catch {
                table.note("The server sent a view this program cannot read (\(error))")
            }
        case .ended(_, let matchResult):
            if result == nil, matchResult.reason == MatchResult.forfeitReason, let loser = matchResult.forfeitedBy {
                table.recordForfeit(by: loser)
            }
            result = matchResult
        case .error(let error):
            let sentence = error.message.prefix(1).uppercased() + error.message.dropFirst()
            if error.inReplyTo == "move" {
                table.stopWaiting()
                table.advise(sentence)
            } else {
                table.note(sentence)
            }
        case .opponent(let status):
            switch status {
            case .joined: table.note("An opponent joined: the match is on")
            case .disconnected: table.note("The opponent lost the connection; the server keeps their seat")
            case .reconnected: table.note("The opponent is back")
            }
        case .welcome, .accepted, .legal, .hint, .pong:
            return
        }
    }

    /// The connection's state now; a stroke on its way is lost with the connection.
    public mutating func setConnection(_ state: ConnectionState, now: Double, asking summary: String) {
        if !state.isSeated { table.stopWaiting() }
        connection = state
    }

    /// Adds a line to the news.
    public mutating func say(_ line: String) { table.note(line) }

    /// The strokes and connection requests asked for since the last call.
    public mutating func takeRequests() -> [NetworkRequest<MiniGolfShot>] {
        defer { requests = [] }
        let shots = connection.isSeated ? table.takeRequestedShots().map { NetworkRequest.move($0) } : []
        return requests + shots
    }

    /// Loads the server's rules for the match; nil (with a news line) when they cannot be used.
    private mutating func load(gameName: String, variant: String, rules: JSONValue) -> MiniGolf? {
        guard gameName == MiniGolf.name else {
            table.note("Match of \(gameName), not \(MiniGolf.name): open it with duo --game \(gameName)")
            return nil
        }
        do {
            return try MiniGolf(variant: variant, rulesData: Data(rules.serialized))
        } catch {
            table.note("The server's rules for \(variant) cannot be read: \(error)")
            return nil
        }
    }

    // MARK: - DesktopGame

    /// `Mini golf`.
    public var title: String { table.title }
    /// The table's screen.
    public func screen(in context: LayoutContext) -> HUDScreen { table.screen(in: context) }
    /// Golf's keys (Enter also reconnects).
    public var hotkeys: [Hotkey] { table.hotkeys }
    /// Grass.
    public var panelColors: (flat: RGBAColor, upright: RGBAColor) { table.panelColors }
    /// The lens flare in the caddie view.
    public var hingeEffectStyle: HingeEffectStyle { table.hingeEffectStyle }
    /// The server's table, with golf's painter.
    public func paint(on canvas: Canvas, layout: HUDLayout, context: LayoutContext, effect: HingeEffect.Visual?) {
        table.paint(on: canvas, layout: layout, context: context, effect: effect)
    }
    /// Follows a drag.
    public mutating func pointerMoved(to point: Point?, layout: HUDLayout) { table.pointerMoved(to: point, layout: layout) }
    /// Starts a drag (a press on New game asks for a new match once this one is over).
    public mutating func pointerPressed(at point: Point, layout: HUDLayout) {
        if layout.element(at: point)?.id == MiniGolfHUD.ElementID.newGame { return newMatch() }
        table.pointerPressed(at: point, layout: layout)
    }
    /// Ends a drag: the stroke is asked of the server.
    public mutating func pointerReleased(at point: Point?, layout: HUDLayout) { table.pointerReleased(at: point, layout: layout) }
    /// Enter strikes (or reconnects a lost connection), N asks for a new match once this one is over, J/K/I/M aim.
    public mutating func perform(_ command: DesktopCommand) {
        switch command {
        case .confirm:
            if case .lost = connection { requests.append(.retry) } else { table.perform(command) }
        case .newGame: newMatch()
        default: table.perform(command)
        }
    }
    /// The ball rolls.
    public mutating func advance(by seconds: Double) { table.advance(by: seconds) }

    /// Scrolls the news log (positive: towards older news).
    public mutating func scrollNews(by steps: Int) { table.scrollNews(by: steps) }

    /// Takes the banner down; returns whether one was showing.
    public mutating func dismissBanner() -> Bool { table.dismissBanner() }
    /// Nothing: the match is played on its server.
    public mutating func playDemoTurns(_ turns: Int) {}

    private mutating func newMatch() {
        guard result != nil || connection == .finished else {
            table.note("A networked match goes on to the last hole; Q leaves it (the server keeps your seat)")
            return
        }
        requests.append(.newMatch)
    }
}

extension String {
    /// "The aim bot" → "the aim bot" inside a sentence; names stay as they are.
    fileprivate var lowercasedArticle: String { hasPrefix("The ") ? "the " + dropFirst(4) : self }
}
