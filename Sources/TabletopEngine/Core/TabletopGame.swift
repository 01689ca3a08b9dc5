import Foundation

/// A two-player tabletop game, described for the engine: its rules data, its
/// state and moves, who may move, how a move is checked and applied, how the
/// match ends, and what each seat (and a spectator) is allowed to see.
///
/// A value of the game type is one loaded variant of the rules (for example
/// Broadside's `classic` or `salvo`): it is immutable configuration, shared by
/// every match. Rules are pure functions of (game, state, move): no clocks, no
/// system randomness, no I/O, so a match replays bit for bit. What the rules
/// depend on is the rules data and the code (``rulesVersion``): replays, and
/// the search bot's positions shared between matches, tell variants apart
/// by ``rulesHash`` alone.
///
/// The engine's generic code (``MatchDriver``, ``BatchRunner``, replays) is
/// `@inlinable`, so it is compiled for each concrete game: no existentials in
/// the hot loop. See `docs/ENGINE.md` for a walk-through.
public protocol TabletopGame: Sendable {
    /// The rules data of one variant (board size, pieces...), as loaded from `Assets/`.
    associatedtype Rules: Codable & Equatable & Sendable
    /// Everything about a match in progress, secrets included. Never sent to a seat.
    associatedtype State: Sendable
    /// One action of one seat. Its JSON form is what replays and the network carry.
    associatedtype Move: Codable & Hashable & Sendable
    /// What one seat may see: its own secrets, and of the opponent's only what the rules revealed.
    associatedtype SeatView: Codable & Equatable & Sendable
    /// What a spectator may see: no secret of either seat.
    associatedtype PublicView: Codable & Equatable & Sendable
    /// Why a move is refused (a stable code and a human sentence).
    associatedtype Rejection: MoveRejection
    /// The game's bots: usually an enum over its bot strategies, so the
    /// engine calls them with no dynamic dispatch.
    associatedtype BotPlayer: Bot where BotPlayer.Game == Self

    /// The game's name in the catalog and in replays (`broadside`).
    static var name: String { get }
    /// The variant these rules describe (`classic`), as named in `--variant`.
    var variant: String { get }
    /// The rules data.
    var rules: Rules { get }
    /// The version of the rules code: bump it when the same data plays differently.
    var rulesVersion: Int { get }
    /// The names accepted by ``makeBot(named:seat:seed:)``, weakest first.
    var botNames: [String] { get }
    /// The two bots a batch plays when none are named (`duo-server match`
    /// with no `--bots`): bot A and bot B. The default is the game's two
    /// weakest (the first two of ``botNames``; the first twice when it has one).
    var defaultBots: SeatPair<String> { get }

    /// The state at the start of a match.
    func makeInitialState(_ setup: MatchSetup) -> State
    /// The seats that may move now: empty once the match has a result.
    func seatsToMove(in state: State) -> SeatSet
    /// Checks `move` for `seat` without changing anything.
    /// - Throws: the typed reason the move is refused.
    func validate(_ move: Move, by seat: Seat, in state: State) throws(Rejection)
    /// Applies a move that ``validate(_:by:in:)`` accepted. Applying a move that
    /// was not validated is a programming error; use ``play(_:by:in:)`` for untrusted moves.
    func apply(_ move: Move, by seat: Seat, to state: inout State)
    /// Validates `move` and, only if it is legal, applies it: an invalid move
    /// leaves `state` untouched. The match driver plays every move this way.
    /// The default is ``validate(_:by:in:)`` then ``apply(_:by:to:)``; a game
    /// may check and answer its commonest moves in one pass instead, refusing
    /// exactly what ``validate(_:by:in:)`` refuses.
    /// - Throws: the typed reason the move is refused.
    func play(_ move: Move, by seat: Seat, in state: inout State) throws(Rejection)
    /// The result once the match is over; nil while it goes on.
    func result(of state: State) -> MatchResult?
    /// What a seat's score counts, plural, for reports ("shots", "strokes"):
    /// a batch summary says "shots to win". The default is "moves".
    static var scoreUnit: String { get }
    /// Each seat's score so far, in ``scoreUnit``: what a result reports,
    /// also when a host ends the match early by forfeit.
    func scores(in state: State) -> SeatPair<Int>
    /// What `seat` may see of `state`. Must not depend on anything the seat may not see:
    /// two states that differ only in the opponent's hidden pieces give equal views.
    func seatView(of state: State, for seat: Seat) -> SeatView
    /// What a spectator may see of `state`.
    func publicView(of state: State) -> PublicView
    /// What `seat` sees once a host has ended the match in `state` with
    /// `result`, which the rules did not reach there (a forfeit: a
    /// resignation, a timeout), so the state itself still reads as a match
    /// under way. The default is ``seatView(of:for:)``; a game whose view
    /// says which phase it is in or whose turn it is shows the match over.
    func seatView(of state: State, for seat: Seat, endedWith result: MatchResult) -> SeatView
    /// What a spectator sees once a host has ended the match, like
    /// ``seatView(of:for:endedWith:)``.
    func publicView(of state: State, endedWith result: MatchResult) -> PublicView
    /// Every move `seat` may make now (empty when it may not move).
    func legalMoves(for seat: Seat, in state: State) -> [Move]
    /// The moves `seat` may make now described instead of listed, for a game
    /// whose moves are too many to send as a list (a host answers a request
    /// for the legal moves with this); nil when ``legalMoves(for:in:)`` is
    /// the answer. The default is nil.
    func moveSpace(for seat: Seat, in state: State) -> MoveSpace?
    /// Feeds every part of `state` that matters to the rules into `hasher`.
    func hash(_ state: State, into hasher: inout StableHasher)
    /// The bot `name` for `seat`, drawing its randomness from `seed`.
    /// - Throws: ``UnknownBotError`` listing ``botNames``.
    func makeBot(named name: String, seat: Seat, seed: UInt64) throws(UnknownBotError) -> BotPlayer
    /// What `viewer` learns of a move `mover` made: the move itself when it is
    /// public, nil when it is secret (hiding a piece). `viewer` nil is a spectator.
    /// The default says every move is public.
    func visibleMove(_ move: Move, by mover: Seat, to viewer: Seat?) -> Move?
    /// A text picture of a seat view for terminals (replays, logs). The default is its JSON.
    func describe(_ view: SeatView) -> String
    /// The JSON a host sends for `view`: compact, keys sorted. The default
    /// encodes it with `JSONEncoder`; a game may write it directly (much
    /// faster) as long as the bytes are the same.
    func seatViewJSON(_ view: SeatView) -> Data
    /// The JSON of a public view, like ``seatViewJSON(_:)``.
    func publicViewJSON(_ view: PublicView) -> Data
    /// Writes the bytes of ``seatViewJSON(_:)`` at the end of `output`: a
    /// host that puts the view in a message of its own (the server's `view`)
    /// writes the message in one buffer. The default appends
    /// ``seatViewJSON(_:)``; a game that writes its views directly writes
    /// them there instead.
    func writeSeatViewJSON(_ view: SeatView, to output: inout JSONOutput)
    /// Writes the bytes of ``publicViewJSON(_:)`` at the end of `output`, like ``writeSeatViewJSON(_:to:)``.
    func writePublicViewJSON(_ view: PublicView, to output: inout JSONOutput)
    /// The JSON array of ``legalMoves(for:in:)`` and how many moves it holds,
    /// like ``seatViewJSON(_:)``: what a host sends for a `legal` request.
    func legalMovesJSON(for seat: Seat, in state: State) -> (count: Int, json: Data)
    /// The JSON of one move, like ``seatViewJSON(_:)`` (replay lines, hints).
    func moveJSON(_ move: Move) -> Data
    /// A move read from its canonical JSON (compact, keys sorted, as a
    /// host re-serializes what a client sent), or nil to let the caller
    /// decode it with `JSONDecoder` (also for the error message). A game
    /// may read its few move shapes directly; it must accept exactly what
    /// the decoder accepts for those bytes. The default is nil.
    func decodeMove(canonicalJSON: Data) -> Move?
    /// The game's own refusal of JSON that does not decode as a move, when
    /// it can say more than "not a move" (Broadside: a cell name such as
    /// `A0`, which no board has, is `cellOffBoard` like `K1` on a 10 x 10
    /// board); nil for the generic `badMove`. The default is nil.
    func rejection(ofUndecodableMove json: Data) -> Rejection?
}

extension TabletopGame {
    /// Scores count moves unless the game names its own unit.
    public static var scoreUnit: String { "moves" }

    /// The first two of ``botNames`` (the first twice when there is one).
    public var defaultBots: SeatPair<String> {
        let first = botNames.first ?? "random"
        return SeatPair(first, botNames.count > 1 ? botNames[1] : first)
    }

    /// The moves are listed unless the game says otherwise.
    public func moveSpace(for seat: Seat, in state: State) -> MoveSpace? { nil }

    /// The view of the state, unless the game says otherwise.
    public func seatView(of state: State, for seat: Seat, endedWith result: MatchResult) -> SeatView {
        seatView(of: state, for: seat)
    }

    /// The view of the state, unless the game says otherwise.
    public func publicView(of state: State, endedWith result: MatchResult) -> PublicView { publicView(of: state) }

    /// Every move is public unless the game says otherwise.
    public func visibleMove(_ move: Move, by mover: Seat, to viewer: Seat?) -> Move? { move }

    /// Encoded with `JSONEncoder` (sorted keys, `/` unescaped).
    public func seatViewJSON(_ view: SeatView) -> Data { Self.encodedJSON(view) }

    /// Encoded with `JSONEncoder` (sorted keys, `/` unescaped).
    public func publicViewJSON(_ view: PublicView) -> Data { Self.encodedJSON(view) }

    /// ``seatViewJSON(_:)``, appended.
    public func writeSeatViewJSON(_ view: SeatView, to output: inout JSONOutput) { output.raw(seatViewJSON(view)) }

    /// ``publicViewJSON(_:)``, appended.
    public func writePublicViewJSON(_ view: PublicView, to output: inout JSONOutput) { output.raw(publicViewJSON(view)) }

    /// The list encoded with `JSONEncoder` (sorted keys, `/` unescaped).
    public func legalMovesJSON(for seat: Seat, in state: State) -> (count: Int, json: Data) {
        let moves = legalMoves(for: seat, in: state)
        return (moves.count, Self.encodedJSON(moves))
    }

    /// Encoded with `JSONEncoder` (sorted keys, `/` unescaped).
    public func moveJSON(_ move: Move) -> Data { Self.encodedJSON(move) }

    /// None: an undecodable move is `badMove`.
    public func rejection(ofUndecodableMove json: Data) -> Rejection? { nil }

    /// None: moves are decoded with `JSONDecoder`.
    public func decodeMove(canonicalJSON: Data) -> Move? { nil }

    /// The canonical JSON of any value of the game (views, moves): compact,
    /// keys sorted, `/` unescaped; what direct encodings must match byte for byte.
    public static func encodedJSON<Value: Encodable>(_ value: Value) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Views and moves are plain data; a failure is a bug in the game's Codable code.
        return (try? encoder.encode(value)) ?? Data("null".utf8)
    }

    /// The view's JSON with sorted keys.
    public func describe(_ view: SeatView) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(view)).map { String(decoding: $0, as: UTF8.self) } ?? "\(view)"
    }

    @inlinable public func play(_ move: Move, by seat: Seat, in state: inout State) throws(Rejection) {
        try validate(move, by: seat, in: state)
        apply(move, by: seat, to: &state)
    }

    /// The stable hash of `state`, as replays record it.
    @inlinable public func stateHash(of state: State) -> StableHash {
        var hasher = StableHasher()
        hash(state, into: &hasher)
        return hasher.finalize()
    }

    /// A hash of the rules data (its JSON with sorted keys) and ``rulesVersion``:
    /// a replay made under other rules is refused instead of misread.
    public var rulesHash: StableHash {
        var hasher = StableHasher()
        hasher.combine(Self.name)
        hasher.combine(rulesVersion)
        hasher.combine(bytes: Array(rulesJSON))
        return hasher.finalize()
    }

    /// The rules data as canonical JSON (sorted keys), for clients and hashing.
    public var rulesJSON: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Rules are plain data; encoding can only fail for a non-finite number,
        // which the game's loader rejects.
        return (try? encoder.encode(rules)) ?? Data()
    }
}
