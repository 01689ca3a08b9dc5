import Broadside
import DuoClient
import DuoNet
import DuoServerKit
import Foundation
import TabletopEngine
import Testing

/// Proof that a seat never receives the opponent's unrevealed ships: every
/// byte the server sends to a seat (and to a spectator) is inspected.
@Suite struct SecrecyTests {
    private static let lengths = [5, 4, 3, 3, 2]
    private static let rowLetters = Array("ABCDEFGHIJ")

    /// A fleet lying across, ship `i` on row `rows[i]` from column `column` (1-based).
    private static func fleet(rows: [Int], column: Int) -> [(ship: Int, at: String)] {
        rows.enumerated().map { ($0.offset, "\(rowLetters[$0.element])\(column)") }
    }

    private static func cells(of fleet: [(ship: Int, at: String)]) -> [[String]] {
        fleet.map { placement in
            let row = placement.at.first!
            let start = Int(placement.at.dropFirst())!
            return (0..<lengths[placement.ship]).map { "\(row)\(start + $0)" }
        }
    }

    private static func placeMoves(_ fleet: [(ship: Int, at: String)]) -> [String] {
        fleet.map { #"{"place":{"ship":\#($0.ship),"at":"\#($0.at)","heading":"across"}}"# }
    }

    /// What seat 0 and a spectator received in one scripted match, with the
    /// match's code and seat 0's token replaced by placeholders.
    private struct Transcript {
        var seat: String
        var spectator: String
        var firstSeat: Seat
    }

    private func scriptedMatch(opponentFleet: [(ship: Int, at: String)]) throws -> Transcript {
        let server = try TestServer()
        defer { server.stop() }
        var pair = try SeatedPair.start(server, createLine: #"{"type":"create","seat":0}"#)
        let spectator = try TestPlayer(server)
        try spectator.send(#"{"type":"watch","code":"\#(pair.code)"}"#)
        _ = try spectator.nextView()
        let ownFleet = Self.fleet(rows: [0, 2, 4, 6, 8], column: 1)
        for move in Self.placeMoves(ownFleet) { try pair.play(try JSONValue(parsing: Array(move.utf8)), by: .first) }
        for move in Self.placeMoves(opponentFleet) { try pair.play(try JSONValue(parsing: Array(move.utf8)), by: .second) }
        for _ in 0..<10 { _ = try spectator.nextView() }
        let firstSeat = pair.seatToMove ?? .first
        // Seat 0 fires only at cells that are water in every fleet the test uses;
        // seat 1 fires along row J.
        let seat0Shots = (1...5).flatMap { column in ["A", "C", "E", "G", "I"].map { "\($0)\(column)" } }.prefix(8)
        var shots0 = Array(seat0Shots)
        var shots1 = (1...10).map { "J\($0)" }.prefix(8).map { $0 }
        while !shots0.isEmpty || !shots1.isEmpty {
            guard let seat = pair.seatToMove else { break }
            let list = seat == .first ? shots0 : shots1
            guard let cell = list.first else { break }
            if seat == .first { shots0.removeFirst() } else { shots1.removeFirst() }
            try pair.play(.object(["fire": .string(cell)]), by: seat)
            _ = try spectator.nextView()
        }
        func normalized(_ bytes: [UInt8]) -> String {
            String(decoding: bytes, as: UTF8.self)
                .replacingOccurrences(of: pair.code, with: "<code>")
                .replacingOccurrences(of: pair.tickets.first.token, with: "<token>")
        }
        return Transcript(
            seat: normalized(pair.players.first.connection.receivedBytes),
            spectator: normalized(spectator.connection.receivedBytes), firstSeat: firstSeat)
    }

    @Test func bytesSentToASeatAndToSpectatorsDoNotDependOnTheOpponentsHiddenShips() throws {
        // The same match twice, the opponent's fleet hidden in two different places
        // that seat 0's shots never touch.
        let hiddenA = Self.fleet(rows: [0, 2, 4, 6, 8], column: 6)
        let hiddenB = Self.fleet(rows: [1, 3, 5, 7, 8], column: 6)
        let first = try scriptedMatch(opponentFleet: hiddenA)
        var second = try scriptedMatch(opponentFleet: hiddenB)
        // The first seat is a secure coin toss: play again until it agrees.
        for _ in 0..<30 where second.firstSeat != first.firstSeat {
            second = try scriptedMatch(opponentFleet: hiddenB)
        }
        #expect(second.firstSeat == first.firstSeat)
        #expect(first.seat.count > 1_000)
        #expect(first.seat == second.seat, "seat 0's bytes depend on where seat 1 hid its fleet")
        #expect(first.spectator == second.spectator, "the spectators' bytes depend on a hidden fleet")
        // And not one placement of the hidden fleets crossed the wire.
        for fleet in [hiddenA, hiddenB] {
            for placement in fleet {
                #expect(!first.seat.contains("\"at\":\"\(placement.at)\",\"heading\":\"across\",\"ship\":\(placement.ship)"))
            }
        }
    }

    @Test func inAFullMatchOnlySunkShipsAndAnsweredShotsAreEverRevealed() throws {
        let server = try TestServer()
        defer { server.stop() }
        var pair = try SeatedPair.start(server, createLine: #"{"type":"create","seat":0}"#)
        let hidden = Self.fleet(rows: [1, 3, 5, 7, 9], column: 3)
        let hiddenCells = Self.cells(of: hidden)
        for move in Self.placeMoves(Self.fleet(rows: [0, 2, 4, 6, 8], column: 1)) {
            try pair.play(try JSONValue(parsing: Array(move.utf8)), by: .first)
        }
        for move in Self.placeMoves(hidden) {
            try pair.play(try JSONValue(parsing: Array(move.utf8)), by: .second)
        }
        // Seat 0 sweeps the board row by row without asking for its legal
        // moves, so everything it receives is news from the server.
        var sweep = (0..<10).flatMap { row in (1...10).map { "\(Self.rowLetters[row])\($0)" } }[...]
        var fired = Set<String>()
        var checkedBytes = 0
        while let seat = pair.seatToMove {
            if seat == .first {
                guard let cell = sweep.popFirst() else { break }
                try pair.play(.object(["fire": .string(cell)]), by: .first)
                fired.insert(cell)
            } else {
                try pair.playOne(.second)
            }
            // Everything seat 0 received since the last check, against the truth now.
            let bytes = pair.players.first.connection.receivedBytes
            let fresh = String(decoding: bytes[checkedBytes...], as: UTF8.self)
            checkedBytes = bytes.count
            let sunk = Set(hiddenCells.indices.filter { Set(hiddenCells[$0]).isSubset(of: fired) })
            for (ship, placement) in hidden.enumerated() where !sunk.contains(ship) {
                #expect(!fresh.contains("\"at\":\"\(placement.at)\""), "unsunk ship \(ship) revealed")
            }
            for line in fresh.split(separator: "\n") {
                guard case .view(let update)? = try? ServerMessage(line: Array(line.utf8)) else { continue }
                let view = try update.decode(BroadsideSeatView.self)
                #expect(Set(view.target.shots.map(\.name)).isSubset(of: fired))
                #expect(Set(view.target.hits.map(\.name)) == fired.intersection(hiddenCells.joined()))
                #expect(Set(view.target.sunk.map(\.ship)) == sunk)
                #expect(view.opponentAfloat.rawValue == UInt16(0b11111) & ~sunk.reduce(0) { $0 | UInt16(1 << $1) })
            }
        }
        #expect(!fired.isEmpty)
    }
}
