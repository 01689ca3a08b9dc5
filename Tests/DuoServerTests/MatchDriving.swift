import DuoClient
import DuoNet
import DuoServerKit
import Foundation
import TabletopEngine
import Testing

/// Two players seated in one match, driven move by move from their views.
struct SeatedPair {
    let players: SeatPair<TestPlayer>
    let code: String
    let tickets: SeatPair<SeatTicket>
    /// The latest view of each seat.
    var views: SeatPair<ViewUpdate>

    /// Creates a match with `creator` and joins it with `joiner`.
    /// Both players connect from `local` (nil: the system's choice).
    static func start(_ server: TestServer, from local: SocketAddress? = nil, createLine: String = #"{"type":"create"}"#) throws -> SeatedPair {
        try start(creator: TestPlayer(server, from: local), joiner: TestPlayer(server, from: local), createLine: createLine)
    }

    /// Creates a match and joins it on a server on sockets at `address`, both players connecting from `local`.
    static func start(address: SocketAddress, from local: SocketAddress? = nil, createLine: String = #"{"type":"create"}"#) throws -> SeatedPair {
        try start(creator: TestPlayer(address: address, from: local), joiner: TestPlayer(address: address, from: local), createLine: createLine)
    }

    private static func start(creator: TestPlayer, joiner: TestPlayer, createLine: String) throws -> SeatedPair {
        try creator.send(createLine)
        guard case .seated(_, let creatorTicket, _, _, _, _) = try creator.expect("created") else { fatalError() }
        _ = try creator.nextView()
        try joiner.send(#"{"type":"join","code":"\#(creatorTicket.code)"}"#)
        guard case .seated(_, let joinerTicket, _, _, _, let opponent) = try joiner.expect("joined") else { fatalError() }
        #expect(opponent == "player")
        let joinerView = try joiner.nextView()
        #expect(try creator.expect("opponent") == .opponent(.joined))
        let creatorView = try creator.nextView()
        var players = SeatPair(creator, joiner)
        var tickets = SeatPair(creatorTicket, joinerTicket)
        var views = SeatPair(creatorView, joinerView)
        if creatorTicket.seat == .second {
            players = SeatPair(joiner, creator)
            tickets = SeatPair(joinerTicket, creatorTicket)
            views = SeatPair(joinerView, creatorView)
        }
        return SeatedPair(players: players, code: creatorTicket.code, tickets: tickets, views: views)
    }

    /// The seat that moves next (the lower one while both may).
    var seatToMove: Seat? { views.first.toMove.seats.first }

    /// Plays one move for `seat` (chosen by `choose` from its legal moves)
    /// and reads the resulting view of both seats.
    @discardableResult
    mutating func playOne(_ seat: Seat, choose: ([JSONValue]) -> JSONValue = { $0[0] }) throws -> JSONValue {
        let move = choose(try players[seat].legalMoves())
        try play(move, by: seat)
        return move
    }

    /// Plays `move` for `seat` without asking for the legal moves first,
    /// and reads the resulting view of both seats.
    mutating func play(_ move: JSONValue, by seat: Seat) throws {
        let mover = players[seat]
        try mover.sendMove(move.text)
        guard case .accepted(let number) = try mover.expect("accepted") else { fatalError() }
        #expect(number == views[seat].moves + 1)
        views[seat] = try mover.nextView()
        views[seat.opponent] = try players[seat.opponent].nextView()
    }

    /// Plays until the match ends; returns the result both seats were told.
    mutating func playToTheEnd(limit: Int = 1_000) throws -> MatchResult? {
        for _ in 0..<limit {
            guard let seat = seatToMove else { break }
            try playOne(seat)
        }
        guard case .ended(_, let first) = try players.first.expect("ended"),
            case .ended(_, let second) = try players.second.expect("ended")
        else { return nil }
        #expect(first == second)
        return first
    }
}
