import DuoClient
import DuoNet
import Foundation
import TabletopEngine

/// A "server" that is a replay: it answers a game's networked table as a
/// server would answer a seat taken back (or a spectator), with the views
/// of every step up to the one the window is at, in order, and the result
/// once at the last, so any game with a ``SeatTable`` shows its replays with
/// the code that plays it online, painted from views only, and a table at
/// step k has seen moves 0 to k and nothing after. Moves are refused: a
/// replay is watched, not played.
public final class ReplayTransport: MatchTransport {
    /// The match code a replay is shown under.
    public static let code = "replay"

    /// The replay's steps.
    public let steps: ReplaySteps
    /// The step shown (0: before the first move).
    public private(set) var step: Int
    private var pending: [ClientEvent] = []
    /// Where the table is told the match is held (nil: a replay).
    private let heldAs: SeatSession.Mode?
    /// Who the table is told holds the other seat (nil: the replay's player there).
    private let opponent: String?

    /// A transport at step `step` of `steps` (clamped to the replay).
    public init(steps: ReplaySteps, step: Int) {
        self.steps = steps
        self.step = min(max(0, step), steps.moveCount)
        heldAs = nil
        opponent = nil
    }

    /// A transport at step `step` of `steps` that tells the table the match is held as `mode`, with `opponent`
    /// at the other seat (as the host named it: `bot:hunt`, `player`): the seat's views of a match played
    /// elsewhere fed to a table as that match's host fed them, which ``TableTruthCheck`` takes for the truth.
    public init(steps: ReplaySteps, step: Int, heldAs mode: SeatSession.Mode, opponent: String?) {
        self.steps = steps
        self.step = min(max(0, step), steps.moveCount)
        heldAs = mode
        self.opponent = opponent
    }

    /// Goes to step `index` (clamped) and sends its view (and the result, at the last step).
    public func show(step index: Int) {
        step = min(max(0, index), steps.moveCount)
        sendStep(step)
    }

    /// Goes to step `index` (clamped) and sends nothing: the next connection
    /// (``ReplayGame`` starts the table again) is sent every step up to it.
    public func seek(step index: Int) {
        step = min(max(0, index), steps.moveCount)
    }

    private func sendStep(_ index: Int) {
        pending.append(.message(.view(steps.update(at: index))))
        if index == steps.moveCount, let result = steps.result {
            pending.append(.message(.ended(code: Self.code, result: result)))
        }
    }

    // MARK: - MatchTransport

    /// A replay of its moves.
    public var seatMode: SeatSession.Mode { heldAs ?? .replay(moveCount: steps.moveCount) }

    /// Never fails.
    public var lastError: LineSocketError? { nil }

    /// Nothing to connect to.
    public func startConnecting(match: String?) throws(LineSocketError) {}

    /// Refused: a replay has no seat to create.
    public func create(game: String?, variant: String?, bot: String?, seat: Int?) throws(LineSocketError) {
        pending.append(.message(.error(ProtocolError(code: "replay", message: "a replay is watched, not played", inReplyTo: "create"))))
    }

    /// Refused: a replay has no seat to join.
    public func join(code: String) throws(LineSocketError) {
        pending.append(.message(.error(ProtocolError(code: "replay", message: "a replay is watched, not played", inReplyTo: "join"))))
    }

    /// The spectator's view of every step up to the one shown.
    public func watch(code: String) throws(LineSocketError) {
        pending.append(.message(.welcome(version: ProtocolVersion.current, server: "replay", games: [steps.header.game])))
        pending.append(.message(.watching(code: Self.code, game: steps.header.game, variant: steps.header.variant, rules: steps.rules)))
        for index in 0...step { sendStep(index) }
    }

    /// The seat's view of every step up to the one shown, as if the seat were taken back.
    public func resume(_ ticket: SeatTicket) throws(LineSocketError) {
        pending.append(.message(.welcome(version: ProtocolVersion.current, server: "replay", games: [steps.header.game])))
        pending.append(
            .message(
                .seated(
                    kind: "resumed", ticket: ticket, game: steps.header.game, variant: steps.header.variant,
                    rules: steps.rules, opponent: opponent ?? steps.header.players[ticket.seat.opponent])))
        for index in 0...step { sendStep(index) }
    }

    /// Refused, with a sentence the table shows.
    public func send<Move: Encodable>(move: Move) throws {
        pending.append(.message(.error(ProtocolError(code: "replay", message: "a replay takes no moves", inReplyTo: "move"))))
    }

    /// Refused, as a move is: a replay takes no moves, so it suggests none.
    public func requestHint() throws(LineSocketError) {
        pending.append(.message(.error(ProtocolError(code: "replay", message: "a replay takes no moves", inReplyTo: "hint"))))
    }

    /// Answered at once.
    public func ping() throws(LineSocketError) {
        pending.append(.message(.pong))
    }

    /// What was "sent" since the last call.
    public func poll() -> [ClientEvent] {
        defer { pending = [] }
        return pending
    }

    /// Drops what was not taken in yet: a closed connection delivers nothing more.
    public func disconnect() { pending = [] }
}
