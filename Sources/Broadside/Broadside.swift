import Foundation
import TabletopEngine

/// Broadside: the naval battle. Each seat hides a fleet on its own grid,
/// then the seats take turns firing at the other's grid; each shot is
/// answered miss, hit or sunk (naming the ship), and the first to sink the
/// whole fleet wins. The `salvo` variant fires one shot per own ship afloat.
///
/// A value is one loaded variant: its ``BroadsideRules`` and the tables
/// derived from them. Board size and fleet are data
/// (`Assets/games/broadside/*.json`), never constants here.
public struct Broadside: LoadableGame {
    /// `broadside`.
    public static let name = "broadside"
    /// `classic`.
    public static let defaultVariant = "classic"
    /// One sentence for listings.
    public static let summary = "naval battle: hide a fleet, then take turns firing at the other's grid"

    /// The variant's name.
    public let variant: String
    /// The rules data and tables, shared by every copy of the game (a bot
    /// holds a copy; copying the game must cost one reference, not ten).
    let data: BroadsideData
    /// Each ship's length, by fleet index, inline: read on every shot.
    let lengths: InlineArray<16, UInt8>
    /// The whole fleet.
    let wholeFleet: ShipSet
    /// Every cell of the board.
    let board: CellSet
    /// The number of cells of the board.
    let boardCount: Int
    /// Whether a turn is always one shot (the classic rule).
    let singleShot: Bool

    /// The variant's data.
    public var rules: BroadsideRules { data.rules }
    /// Every position of every ship length, for placement and the density bot.
    public var table: PlacementTable { data.table }
    /// Bumped when the same data would play differently.
    public var rulesVersion: Int { 1 }
    /// The shooting bots, weakest first (`hunt:spread` picks the `spread`
    /// placement), then the engine's search bot (`mcts`, `mcts:2000:density`).
    public var botNames: [String] { BroadsideBot.Shooter.allCases.map(\.rawValue) + [SearchSettings.botName] }
    /// `density` against `hunt`: the strongest shooter against the one before it, each a microsecond or so a shot.
    public var defaultBots: SeatPair<String> { SeatPair("density", "hunt") }

    /// The length of ship `ship`.
    @inline(__always) func length(of ship: Int) -> Int { Int(lengths[ship]) }

    /// The cells the ships of `layout` cover (inlined: the search's sampler
    /// asks it for every drawn fleet: called, it cost Broadside's search 0.26%
    /// more instructions).
    @inline(__always) func cells(of layout: FleetLayout) -> CellSet {
        var cells = CellSet()
        for placement in layout { cells.formUnion(placement.cells(length: length(of: placement.ship))) }
        return cells
    }

    /// Loads a variant from its JSON file's bytes.
    /// - Throws: ``GameDataError`` naming the field and the problem.
    public init(variant: String, rulesData: Data) throws(GameDataError) {
        try self.init(variant: variant, rules: BroadsideRules.load(from: rulesData))
    }

    /// A variant from rules already in hand.
    /// - Throws: ``GameDataError`` when the rules are not valid.
    public init(variant: String, rules: BroadsideRules) throws(GameDataError) {
        self.variant = variant
        let checked = try rules.validated()
        data = BroadsideData(rules: checked, table: PlacementTable(rules: checked))
        var lengths = InlineArray<16, UInt8>(repeating: 0)
        for (index, ship) in checked.fleet.enumerated() { lengths[index] = UInt8(ship.length) }
        self.lengths = lengths
        wholeFleet = ShipSet.all(checked.fleet.count)
        board = data.table.board
        boardCount = board.count
        singleShot = checked.shots == .one
    }

    // MARK: - Start and turns

    /// Both boards empty, both seats placing.
    public func makeInitialState(_ setup: MatchSetup) -> BroadsideState {
        BroadsideState(
            phase: .placing, firstSeat: setup.firstSeat, turn: setup.firstSeat,
            fleets: SeatPair(repeating: FleetLayout()), occupied: SeatPair(repeating: CellSet()),
            shotsReceived: SeatPair(repeating: CellSet()), hitsReceived: SeatPair(repeating: CellSet()),
            revealed: SeatPair(repeating: FleetLayout()), afloat: SeatPair(repeating: wholeFleet),
            aimed: CellSet(), salvoSize: 0, shotsFired: SeatPair(0, 0), winner: nil, lastVolley: nil)
    }

    /// Placing: the seats whose fleet is incomplete. Battle: the seat firing. Over: none.
    public func seatsToMove(in state: BroadsideState) -> SeatSet {
        switch state.phase {
        case .placing:
            var seats = SeatSet.none
            if state.fleets.first.placedMask != wholeFleet.rawValue { seats.insert(.first) }
            if state.fleets.second.placedMask != wholeFleet.rawValue { seats.insert(.second) }
            return seats
        case .battle: return SeatSet(state.turn)
        case .over: return .none
        }
    }

    // MARK: - Validation

    /// Checks a move against the rules, naming the first problem found.
    /// (Inlined: ``play(_:by:in:)`` calls it on a state it holds `inout`,
    /// which a call would copy whole to lend.)
    @inline(__always)
    public func validate(_ move: BroadsideMove, by seat: Seat, in state: BroadsideState) throws(BroadsideRejection) {
        switch state.phase {
        case .over:
            throw .matchOver
        case .placing:
            switch move {
            case .fire: throw .battleNotStarted
            case .reset:
                guard state.fleets[seat].placedMask != wholeFleet.rawValue else { throw .waitingForOpponent }
                guard state.fleets[seat].count > 0 else { throw .nothingToReset }
            case .place(let placement):
                guard state.fleets[seat].placedMask != wholeFleet.rawValue else { throw .waitingForOpponent }
                try validatePlacement(placement, in: state.fleets[seat], occupied: state.occupied[seat])
            }
        case .battle:
            switch move {
            case .place, .reset: throw .placementOver
            case .fire(let cell):
                guard state.turn == seat else { throw .notYourTurn }
                guard board.contains(cell) else {
                    throw .cellOffBoard(cell, rows: rules.board.rows, columns: rules.board.columns)
                }
                guard !state.shotsReceived[seat.opponent].contains(cell) else { throw .cellAlreadyFired(cell) }
                guard !state.aimed.contains(cell) else { throw .cellAlreadyAimed(cell) }
            }
        }
    }

    func validatePlacement(_ placement: ShipPlacement, in fleet: FleetLayout, occupied: CellSet) throws(BroadsideRejection) {
        guard (0..<rules.fleet.count).contains(placement.ship) else {
            throw .unknownShip(index: placement.ship, fleetSize: rules.fleet.count)
        }
        let ship = rules.fleet[placement.ship]
        guard !fleet.isPlaced(placement.ship) else { throw .shipAlreadyPlaced(ship: ship.name) }
        guard placement.fits(length: ship.length, rows: rules.board.rows, columns: rules.board.columns) else {
            throw .shipOutOfBounds(
                ship: ship.name, placement: placement, length: ship.length,
                rows: rules.board.rows, columns: rules.board.columns)
        }
        let cells = placement.cells(length: ship.length)
        if let clash = cells.intersection(occupied).first {
            let other = fleet.first { $0.covers(clash, length: length(of: $0.ship)) }.map { rules.fleet[$0.ship].name } ?? "another ship"
            throw .shipsOverlap(ship: ship.name, other: other, at: clash)
        }
    }

    // MARK: - Transition

    /// A shot in a single-shot battle, most of a match's moves, is checked
    /// and answered in one pass (the very checks of ``validate(_:by:in:)``);
    /// any other move is validated, then applied.
    public func play(_ move: BroadsideMove, by seat: Seat, in state: inout BroadsideState) throws(BroadsideRejection) {
        if singleShot, case .fire(let cell) = move, state.phase == .battle, state.turn == seat, board.contains(cell),
            !state.shotsReceived[seat.opponent].contains(cell)
        {
            resolveShot(at: cell, &state)
            return
        }
        try validate(move, by: seat, in: state)
        apply(move, by: seat, to: &state)
    }

    /// Applies a validated move.
    public func apply(_ move: BroadsideMove, by seat: Seat, to state: inout BroadsideState) {
        switch move {
        case .place(let placement):
            state.fleets[seat][placement.ship] = placement
            let cells = placement.cells(length: length(of: placement.ship))
            state.occupied[seat].formUnion(cells)
            state.ships.place(placement.ship, of: seat, on: cells)
            if state.fleets.first.placedMask == wholeFleet.rawValue && state.fleets.second.placedMask == wholeFleet.rawValue {
                state.phase = .battle
                state.turn = state.firstSeat
                state.salvoSize = salvoSize(for: state.firstSeat, in: state)
            }
        case .reset:
            state.fleets[seat] = FleetLayout()
            state.occupied[seat] = CellSet()
            state.ships.clear(seat)
        case .fire(let cell):
            if singleShot {
                resolveShot(at: cell, &state)
            } else {
                state.aimed.insert(cell)
                if state.aimed.count >= state.salvoSize { resolveSalvo(&state) }
            }
        }
    }

    /// Answers the aimed shots together: hits, sinkings, the winner, and the turn passes.
    func resolveSalvo(_ state: inout BroadsideState) {
        let shooter = state.turn
        let target = shooter.opponent
        let cells = state.aimed
        state.shotsReceived[target].formUnion(cells)
        state.shotsFired[shooter] += cells.count
        let hits = cells.intersection(state.occupied[target])
        var sunk = ShipSet(rawValue: 0)
        if !hits.isEmpty {
            state.hitsReceived[target].formUnion(hits)
            for hit in hits {
                // Every hit cell is covered by a ship; it sinks with its last hit.
                guard let ship = state.ships.ship(of: target, at: hit) else { continue }
                if state.ships.hit(ship, of: target) == length(of: ship) {
                    sunk.insert(ship)
                    state.revealed[target][ship] = state.fleets[target][ship]
                }
            }
            state.afloat[target].rawValue &= ~sunk.rawValue
        }
        state.aimed = CellSet()
        state.lastVolley = Volley(shooter: shooter, cells: cells, hits: hits, sunk: sunk)
        if state.afloat[target].isEmpty {
            state.phase = .over
            state.winner = shooter
            state.salvoSize = 0
        } else {
            state.turn = target
            // While a fleet floats its board has an open cell, so one shot is always possible.
            state.salvoSize = singleShot ? 1 : salvoSize(for: target, in: state)
        }
    }

    /// Answers a one-shot turn: the classic rule's fast path, with exactly
    /// the effect of ``resolveSalvo(_:)`` on a salvo of one.
    func resolveShot(at cell: Cell, _ state: inout BroadsideState) {
        let shooter = state.turn
        let target = shooter.opponent
        state.shotsReceived.modify(target) { shots, _ in shots.insert(cell) }
        state.shotsFired.modify(shooter) { fired, _ in fired &+= 1 }
        var hit = false
        var sunk = ShipSet(rawValue: 0)
        if let ship = state.ships.ship(of: target, at: cell) {
            hit = true
            state.hitsReceived.modify(target) { hits, _ in hits.insert(cell) }
            if state.ships.hit(ship, of: target) == length(of: ship) {
                sunk.insert(ship)
                state.revealed[target][ship] = state.fleets[target][ship]
                state.afloat[target].remove(ship)
            }
        }
        state.lastVolley = Volley(shooter: shooter, shot: cell, hit: hit, sunk: sunk)
        if state.afloat[target].isEmpty {
            state.phase = .over
            state.winner = shooter
            state.salvoSize = 0
        } else {
            state.turn = target
        }
    }

    /// Shots of `seat`'s turn: 1, or one per own ship afloat in the salvo
    /// variant; never more than the cells left to fire at.
    func salvoSize(for seat: Seat, in state: BroadsideState) -> Int {
        let wanted = singleShot ? 1 : state.afloat[seat].count
        return min(wanted, boardCount - state.shotsReceived[seat.opponent].count)
    }

    // MARK: - Result

    /// The winner once a fleet is sunk, with each seat's shots.
    public func result(of state: BroadsideState) -> MatchResult? {
        guard let winner = state.winner else { return nil }
        return MatchResult(winner: winner, reason: "fleetSunk", scores: state.shotsFired)
    }

    /// Shots fired (answered) by each seat.
    public func scores(in state: BroadsideState) -> SeatPair<Int> { state.shotsFired }

    /// Broadside counts shots fired.
    public static var scoreUnit: String { "shots" }

    // MARK: - Views

    /// What is known of `seat`'s board from outside it.
    func outsideView(of seat: Seat, in state: BroadsideState) -> TargetBoard {
        TargetBoard(shots: state.shotsReceived[seat], hits: state.hitsReceived[seat], sunk: state.revealed[seat])
    }

    /// The seat's own secrets and the opponent's revealed facts, nothing else.
    public func seatView(of state: BroadsideState, for seat: Seat) -> BroadsideSeatView {
        let opponent = seat.opponent
        return BroadsideSeatView(
            seat: seat, phase: state.phase,
            turn: state.phase == .battle ? state.turn : nil,
            salvoSize: state.phase == .battle ? state.salvoSize : 0,
            fleet: state.fleets[seat], afloat: state.afloat[seat],
            ownBoard: outsideView(of: seat, in: state),
            aimed: state.phase == .battle && state.turn == seat ? state.aimed : CellSet(),
            opponentReady: state.phase != .placing || state.fleets[opponent].placedMask == wholeFleet.rawValue,
            target: outsideView(of: opponent, in: state),
            opponentAfloat: state.afloat[opponent],
            shotsFired: state.shotsFired, lastVolley: state.lastVolley, winner: state.winner)
    }

    /// The seat's view with the match over, whatever phase the state was in
    /// when a host ended it (a resignation, a timeout): no turn, no salvo.
    public func seatView(of state: BroadsideState, for seat: Seat, endedWith result: MatchResult) -> BroadsideSeatView {
        var view = seatView(of: state, for: seat)
        (view.phase, view.turn, view.salvoSize, view.aimed) = (.over, nil, 0, CellSet())
        return view
    }

    /// The public view with the match over, as ``seatView(of:for:endedWith:)``.
    public func publicView(of state: BroadsideState, endedWith result: MatchResult) -> BroadsidePublicView {
        var view = publicView(of: state)
        (view.phase, view.turn, view.salvoSize) = (.over, nil, 0)
        return view
    }

    /// Both boards as seen from outside.
    public func publicView(of state: BroadsideState) -> BroadsidePublicView {
        BroadsidePublicView(
            phase: state.phase,
            turn: state.phase == .battle ? state.turn : nil,
            salvoSize: state.phase == .battle ? state.salvoSize : 0,
            ready: state.fleets.map { $0.placedMask == wholeFleet.rawValue },
            boards: SeatPair(outsideView(of: .first, in: state), outsideView(of: .second, in: state)),
            afloat: state.afloat, shotsFired: state.shotsFired,
            lastVolley: state.lastVolley, winner: state.winner)
    }

    /// A placement is secret to everyone but its seat; shots and resets are public.
    public func visibleMove(_ move: BroadsideMove, by mover: Seat, to viewer: Seat?) -> BroadsideMove? {
        if case .place = move, viewer != mover { return nil }
        return move
    }

    // MARK: - Legal moves

    /// Placing: every legal position of every unplaced ship, and `reset` when a
    /// ship is placed. Battle: a shot at every cell not yet fired at or aimed at.
    public func legalMoves(for seat: Seat, in state: BroadsideState) -> [BroadsideMove] {
        guard seatsToMove(in: state).contains(seat) else { return [] }
        switch state.phase {
        case .placing:
            var moves: [BroadsideMove] = []
            let fleet = state.fleets[seat]
            for ship in 0..<rules.fleet.count where !fleet.isPlaced(ship) {
                for shape in table.shapes[length(of: ship)] where !shape.mask.intersects(state.occupied[seat]) {
                    moves.append(.place(ShipPlacement(ship: ship, at: shape.origin, heading: shape.heading)))
                }
            }
            if fleet.count > 0 { moves.append(.reset) }
            return moves
        case .battle:
            let open = board.subtracting(state.shotsReceived[seat.opponent]).subtracting(state.aimed)
            return open.map { .fire($0) }
        case .over:
            return []
        }
    }

    // MARK: - Hash

    /// Feeds every field of the state, in a fixed order.
    public func hash(_ state: BroadsideState, into hasher: inout StableHasher) {
        hasher.combine(state.phase.rawValue)
        hasher.combine(state.firstSeat.rawValue)
        hasher.combine(state.turn.rawValue)
        for seat in Seat.allCases {
            hasher.combine(UInt64(state.fleets[seat].placedMask))
            for placement in state.fleets[seat] {
                hasher.combine(placement.ship)
                hasher.combine(placement.origin.index)
                hasher.combine(placement.heading == .across)
            }
            hasher.combine(state.shotsReceived[seat])
            hasher.combine(state.hitsReceived[seat])
            hasher.combine(UInt64(state.revealed[seat].placedMask))
            hasher.combine(UInt64(state.afloat[seat].rawValue))
            hasher.combine(state.shotsFired[seat])
        }
        hasher.combine(state.aimed)
        hasher.combine(state.salvoSize)
        hasher.combine(state.winner.map { $0.rawValue } ?? -1)
    }

    // MARK: - Bots

    /// A bot by name: `random`, `hunt`, `density-v1`, `density`, `lookahead` or `sweep`, optionally
    /// followed by `:random`, `:spread` or `:evasive` for its placement
    /// (random by default); or the engine's search bot, `mcts[:BUDGET[:GUIDE]]`.
    public func makeBot(named name: String, seat: Seat, seed: UInt64) throws(UnknownBotError) -> BroadsideBot {
        // A plain shooter's name (a batch makes two bots a match): no parsing.
        if let shooter = BroadsideBot.Shooter(rawValue: name) {
            return BroadsideBot(game: self, seat: seat, shooter: shooter, placer: .random, seed: seed)
        }
        if let settings = try searchSettings(botName: name) {
            return BroadsideBot(game: self, seat: seat, search: settings, seed: seed)
        }
        let parts = name.split(separator: ":", maxSplits: 1).map(String.init)
        guard let shooter = parts.first.flatMap(BroadsideBot.Shooter.init(rawValue:)) else {
            throw UnknownBotError(name: name, known: botNames)
        }
        var placer = BroadsideBot.Placer.random
        if parts.count == 2 {
            guard let chosen = BroadsideBot.Placer(rawValue: parts[1]) else {
                throw UnknownBotError(name: name, known: botNames + BroadsideBot.Placer.allCases.map { "hunt:\($0.rawValue)" })
            }
            placer = chosen
        }
        return BroadsideBot(game: self, seat: seat, shooter: shooter, placer: placer, seed: seed)
    }

    /// Both boards in text.
    public func describe(_ view: BroadsideSeatView) -> String { BroadsideText.picture(of: view, rules: rules) }

    /// The catalog entry: compiles the engine's batch loop for Broadside, here.
    public static let catalogEntry = GameCatalogEntry(Broadside.self)
}
